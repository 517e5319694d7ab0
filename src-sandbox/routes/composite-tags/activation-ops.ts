// Activating Labels' optical markings, now or as a background job.
// spec: States and transitions — DUST-type members verify-only → identifiable via `POST .../activate`,
// `POST /reels/{id}/activate` (background), bind with indexing `default`, bulk-bind with `activate: true`.
// spec: Bulk-bind — "activation progress is read from the Reel's `counts.identifiableCount`".
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { decideActivation, type LabelActivationOutcome } from '../../domain/labels';
import type { JobRunner } from '../../jobs/runner';
import type { SandboxStore } from '../../store';

const ACTIVATE_LABELS_JOB = 'labels.activate';

interface ActivateLabelsPayload {
  compositeTagIds: string[];
}

/** Activates one Label (idempotent); null when the Label no longer exists. */
export function activateLabel(store: SandboxStore, compositeTagId: string, at: string): Exclude<LabelActivationOutcome, 'failed'> | null {
  return store.transaction(() => {
    const row = store.labels.getLabelRow(compositeTagId);
    if (!row) return null;
    const state = store.labels.labelState(row);
    const fps = state.members.flatMap((m) => (m.fingerprintId !== null && m.archivedAt === null ? [m.fingerprintId] : []));
    const decision = decideActivation(state, store.tags.markingPeersOf(fps));
    if (decision.tagIds.length > 0) {
      store.tags.setTagsIdentifiable(decision.tagIds, at);
      store.labels.touchLabel(compositeTagId, at);
    }
    return decision.outcome;
  });
}

/**
 * The job handler: one Label at a time, yielding between Labels so reads in between see
 * counts.identifiableCount grow. Idempotent (already active Labels are skipped), so a restart may rerun it.
 */
export function registerActivationJob(jobs: JobRunner, store: SandboxStore): void {
  jobs.register(ACTIVATE_LABELS_JOB, async (job, ctx) => {
    const { compositeTagIds } = job.payload as ActivateLabelsPayload;
    const tally: Record<string, number> = {};
    let done = 0;
    for (const id of compositeTagIds) {
      const outcome = activateLabel(store, id, ctx.now().toISOString()) ?? 'missing';
      tally[outcome] = (tally[outcome] ?? 0) + 1;
      done += 1;
      ctx.progress({ done, total: compositeTagIds.length, outcomes: tally });
      await yieldToRequests();
    }
  });
}

export function enqueueActivation(jobs: JobRunner, compositeTagIds: readonly string[], scope: { orgId: string; teamId: string }): string {
  const payload: ActivateLabelsPayload = { compositeTagIds: [...compositeTagIds] };
  return jobs.enqueue(ACTIVATE_LABELS_JOB, payload, scope);
}
