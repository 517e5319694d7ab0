// Bulk-bind: pair a run of Reel positions with Threads, all or nothing.
// spec: Labels and Reels, Bulk-bind; spec: States and transitions, Label unbound → bound.
import type { BulkBindActivation, BulkBindBlockerKind, BulkBindExisting, BulkBindRow, BulkBindWarningKind } from '../../../src-shared/api/bulk-bind';
import { BULK_BIND_MAX_PAIRS } from '../../../src-shared/api/limits';
import type { TagType } from '../../../src-shared/api/common';
import { missingIdentifiers } from './composition';
import { activeMembers, isShipped, type LabelState, type MarkingPeer, type ReelState } from './model';
import { compositeTagConflict, invalidRequest } from './rule-error';

/** A Thread as the caller's context sees it. Absent from the input map = not visible (or no such Thread). */
export interface ThreadView {
  threadId: string;
  name: string;
  description: string | null;
  ownerTeamId: string;
  archivedAt: string | null;
  transferId: string | null;
  transferredAt: string | null;
  processingLockedAt: string | null;
  /** The caller's edit permission on this Thread in the current Team context. */
  canEdit: boolean;
  /** Labels already bound to the Thread. */
  boundLabels: BulkBindExisting[];
}

export interface BulkBindInput {
  reel: ReelState;
  /** Labels on the Reel, any state (those outside the range are ignored). */
  labelsOnReel: readonly LabelState[];
  fromPosition: number;
  toPosition: number;
  threadIds: readonly string[];
  activate: boolean;
  threads: ReadonlyMap<string, ThreadView>;
  /** For each SVC fingerprint on the range's Labels: the other active identifiers with that optical marking. */
  markingPeers: ReadonlyMap<string, readonly MarkingPeer[]>;
}

export interface BulkBindIssue<K extends string> {
  kind: K;
  index: number;
  position: number;
  compositeTagId?: string;
  threadId?: string;
  tagType?: TagType;
  existing?: BulkBindExisting[];
}

export interface BulkBindPlan {
  rows: BulkBindRow[];
  blockers: BulkBindIssue<BulkBindBlockerKind>[];
  warnings: BulkBindIssue<BulkBindWarningKind>[];
  activation: BulkBindActivation;
  /** The pairs a commit binds: only meaningful when there is no blocker. */
  pairs: { compositeTagId: string; threadId: string }[];
}

/** spec: Bulk-bind — "the range must cover exactly `threadIds.length` positions (toPosition required), at most 500 pairs". */
function checkBulkBindShape(fromPosition: number, toPosition: number, threadCount: number): void {
  if (threadCount === 0) throw invalidRequest('no_threads', 'threadIds is empty; give one Thread per position.');
  if (threadCount > BULK_BIND_MAX_PAIRS) {
    throw invalidRequest('too_many_pairs', `At most ${BULK_BIND_MAX_PAIRS} pairs per bulk-bind; split the range.`, {
      max: BULK_BIND_MAX_PAIRS,
      actual: threadCount,
    });
  }
  const span = toPosition - fromPosition + 1;
  if (span !== threadCount) {
    throw invalidRequest(
      'range_length_mismatch',
      `The range ${fromPosition}..${toPosition} covers ${Math.max(span, 0)} positions but ${threadCount} Threads were given; they must be equal.`,
      { fromPosition, toPosition, positions: Math.max(span, 0), threadCount },
    );
  }
}

function textValue(label: LabelState): string | null {
  return activeMembers(label).find((m) => m.tagType === 'TEXT')?.value ?? null;
}

function labelBlockers(label: LabelState, reel: ReelState, markingPeers: BulkBindInput['markingPeers']): BulkBindBlockerKind[] {
  const kinds: BulkBindBlockerKind[] = [];
  if (label.archivedAt !== null) kinds.push('label_archived');
  if (isShipped(label, reel)) kinds.push('label_transferred');
  if (label.boundThreadId !== null) kinds.push('label_bound');
  const active = activeMembers(label);
  if (active.length === 0) kinds.push('label_no_identifiers');
  let boundElsewhere = false;
  let otherTeam = false;
  for (const m of active) {
    if (m.fingerprintId === null) continue;
    for (const peer of markingPeers.get(m.fingerprintId) ?? []) {
      if (peer.compositeTagId === label.compositeTagId) continue;
      if (peer.boundThreadId !== null) boundElsewhere = true;
      if (peer.compositeTagId !== null && peer.ownerTeamId !== label.ownerTeamId) otherTeam = true;
    }
  }
  if (boundElsewhere) kinds.push('identifier_bound_elsewhere');
  if (otherTeam) kinds.push('identifier_in_other_team_label');
  return kinds;
}

function threadBlockers(thread: ThreadView | undefined, reel: ReelState): BulkBindBlockerKind[] {
  // Not visible or no such Thread, archived, or locked by processing: nothing can bind to it now.
  if (!thread || thread.archivedAt !== null || thread.processingLockedAt !== null) return ['thread_unavailable'];
  const kinds: BulkBindBlockerKind[] = [];
  // spec: Bulk-bind — "Every Thread must be owned by the Reel's Team (a merely shared Thread is thread_not_owned)".
  if (thread.ownerTeamId !== reel.ownerTeamId) kinds.push('thread_not_owned');
  if (thread.transferId !== null || thread.transferredAt !== null) kinds.push('thread_in_transfer');
  // spec: Bulk-bind — "a Thread the caller cannot edit is a blocker on its row".
  if (!thread.canEdit) kinds.push('thread_not_editable');
  return kinds;
}

function activationOf(labels: readonly LabelState[], activate: boolean): BulkBindActivation {
  if (!activate) return 'not_requested';
  const optical = labels.flatMap((l) => activeMembers(l).filter((m) => m.tagType === 'SVC'));
  if (optical.length === 0) return 'no_dust';
  return optical.every((m) => m.identifiable) ? 'already_active' : 'queued';
}

/**
 * The preflight of a bulk-bind: the same for a dry run and a commit (spec: Bulk-bind, "same shape for dry run
 * and commit"). A commit binds `pairs` exactly when `blockers` is empty. Throws LabelRuleError 400 for a range
 * of the wrong length or more than 500 pairs.
 */
export function planBulkBind(input: BulkBindInput): BulkBindPlan {
  const { reel, fromPosition, toPosition, threadIds } = input;
  checkBulkBindShape(fromPosition, toPosition, threadIds.length);
  const byPosition = new Map<number, LabelState>();
  for (const l of input.labelsOnReel) if (l.position >= fromPosition && l.position <= toPosition) byPosition.set(l.position, l);

  const rows: BulkBindRow[] = [];
  const blockers: BulkBindPlan['blockers'] = [];
  const warnings: BulkBindPlan['warnings'] = [];
  const pairs: BulkBindPlan['pairs'] = [];
  const bindingLabels: LabelState[] = [];
  const firstIndexOfThread = new Map<string, number>();

  threadIds.forEach((threadId, index) => {
    const position = fromPosition + index;
    const label = byPosition.get(position);
    const thread = input.threads.get(threadId);
    rows.push({
      index,
      position,
      compositeTagId: label?.compositeTagId ?? null,
      labelName: label?.name ?? null,
      textValue: label ? textValue(label) : null,
      threadId,
      threadName: thread?.name ?? null,
      threadDescription: thread?.description ?? null,
    });
    const at = { index, position, threadId, ...(label ? { compositeTagId: label.compositeTagId } : {}) };
    if (!label) blockers.push({ kind: 'position_empty', ...at });
    else for (const kind of labelBlockers(label, reel, input.markingPeers)) blockers.push({ kind, ...at });
    for (const kind of threadBlockers(thread, reel)) blockers.push({ kind, ...at });
    // The k-th position pairs with the k-th Thread; a Thread named again would get two Labels in one call.
    const first = firstIndexOfThread.get(threadId);
    if (first === undefined) firstIndexOfThread.set(threadId, index);
    else blockers.push({ kind: 'thread_repeated', ...at });

    if (label) {
      for (const missing of missingIdentifiers(label.members, reel.expectedIdentifiers)) {
        warnings.push({ kind: 'label_incomplete', ...at, tagType: missing.tagType });
      }
      bindingLabels.push(label);
      pairs.push({ compositeTagId: label.compositeTagId, threadId });
    }
    if (thread && thread.boundLabels.length > 0) {
      warnings.push({ kind: 'thread_has_label', ...at, existing: thread.boundLabels.map((e) => ({ ...e })) });
    }
  });

  return { rows, blockers, warnings, activation: activationOf(bindingLabels, input.activate), pairs };
}

export type BulkBindDecision = { outcome: 'preflight' | 'bound'; plan: BulkBindPlan };

/**
 * Dry run or commit. spec: Bulk-bind — "All or nothing and strict"; "Commit with any blocker: 409
 * COMPOSITE_TAG_CONFLICT whose detail carries the same rows, blockers and warnings". A commit that returns binds
 * `plan.pairs`, and the dry run's answer is exactly the commit's preflight.
 */
export function decideBulkBind(input: BulkBindInput, dryRun: boolean): BulkBindDecision {
  const plan = planBulkBind(input);
  if (dryRun) return { outcome: 'preflight', plan };
  if (plan.blockers.length > 0) {
    throw compositeTagConflict(
      'bulk_bind_blocked',
      `Nothing was bound: ${plan.blockers.length} blocker(s) in the range; fix each row named in detail.blockers (a dry run lists them) and send again.`,
      { rows: plan.rows, blockers: plan.blockers, warnings: plan.warnings, activation: plan.activation },
    );
  }
  return { outcome: 'bound', plan };
}
