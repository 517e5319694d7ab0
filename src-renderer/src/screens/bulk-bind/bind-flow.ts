import type { BulkBindPreflight } from '../../../../src-shared/ipc/bulk-bind';
import type { BulkBindActivationProgress, BulkBindInput, BulkBindStatus } from '../../../../src-shared/ipc';

// The rules of the bulk-bind screen, as plain functions: when a preflight still speaks for the inputs, when to
// ask the station again for activation progress, what the bar shows, and the rows of the exported result.

/** How often the screen asks while the service activates in the background (no event tells the station). */
export const POLL_MS = 1_000;
/** No progress for this long: stop asking (a Label whose marking duplicates another is skipped and stays verify-only). */
export const STALL_MS = 60_000;

type Target = Pick<BulkBindInput, 'reelId' | 'fromPosition' | 'toPosition' | 'threadIds'>;

/** Same Reel, range and Threads in the same order: a preflight (or commit) of `a` speaks for `b`. */
export function sameTarget(a: Target | undefined, b: Target | undefined): boolean {
  if (!a || !b) return false;
  return (
    a.reelId === b.reelId &&
    a.fromPosition === b.fromPosition &&
    a.toPosition === b.toPosition &&
    a.threadIds.length === b.threadIds.length &&
    a.threadIds.every((id, n) => id === b.threadIds[n])
  );
}

/**
 * Ask again in POLL_MS while the bind waits in the queue (a cheap local read: an event that lands while the first
 * read is still under way is not seen) and while its activation runs on the service; stop when finished, stalled,
 * or when the bind needs a person (attention, discarded: events bring any change).
 */
export function pollInterval(status: BulkBindStatus | undefined, stalled: boolean): number | false {
  if (!status) return false;
  if (status.state === 'pending' || status.state === 'sending') return POLL_MS;
  return activationRunning(status) && !stalled ? POLL_MS : false;
}

/** The bind is on the service and its activation has not reached the end. */
export function activationRunning(status: BulkBindStatus | undefined): boolean {
  return status !== undefined && status.state === 'done' && !status.activation.finished;
}

/** The bar: the range's Labels with an optical marking; full exactly when each is identifiable. None when nothing is to activate. */
export function activationBar(activation: BulkBindActivationProgress): { max: number; value: number } | null {
  if (!activation.requested || activation.total === 0) return null;
  if (activation.outcome === 'not_requested' || activation.outcome === 'no_dust') return null;
  return { max: activation.total, value: Math.min(activation.identifiable, activation.total) };
}

/** What a person reads on each Label of the Reel (its first printed value), by position, from the station's own copy. */
export function labelTexts(labels: readonly { position: number; identifiers: readonly { value?: string | undefined }[] }[] | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const label of labels ?? []) {
    const value = label.identifiers.find((i) => i.value)?.value;
    if (value) out.set(label.position, value);
  }
  return out;
}

/** A committed bind's rows as the sync handler keeps them on the operation. */
function boundPositions(status: BulkBindStatus | undefined): Map<number, string | null> {
  const rows = status?.state === 'done' ? (status.result?.rows as { position: number; compositeTagId: string | null }[] | undefined) : undefined;
  return new Map((rows ?? []).map((r) => [r.position, r.compositeTagId]));
}

export interface ExportRow {
  position: number;
  threadId: string;
  threadName: string;
  compositeTagId: string;
  labelText: string;
  issues: string;
  state: string;
}

/**
 * The exported result, one row per pair (the Label's text from the preflight, else the station's copy): bound (with the Label's service id) once the committed bind is done,
 * the operation's state while it waits, else what the preflight said (blocked, ready) or `not_checked`.
 */
export function exportRows(
  pairs: readonly { position: number; threadId: string }[],
  preflight: BulkBindPreflight | undefined,
  committed: BulkBindStatus | undefined,
  localText: ReadonlyMap<number, string> = new Map(),
): ExportRow[] {
  const bound = boundPositions(committed);
  return pairs.map((p, n) => {
    const row = preflight?.rows[n];
    const issues = [
      ...(preflight?.blockers.filter((b) => b.index === n).map((b) => `blocker:${b.kind}`) ?? []),
      ...(preflight?.warnings.filter((w) => w.index === n).map((w) => `warning:${w.kind}`) ?? []),
    ];
    const state = bound.has(p.position)
      ? 'bound'
      : committed
        ? committed.state
        : preflight
          ? issues.some((i) => i.startsWith('blocker:'))
            ? 'blocked'
            : 'ready'
          : 'not_checked';
    return {
      position: p.position,
      threadId: p.threadId,
      threadName: row?.threadName ?? '',
      compositeTagId: bound.get(p.position) ?? row?.compositeTagId ?? '',
      labelText: row?.textValue ?? row?.labelName ?? localText.get(p.position) ?? '',
      issues: issues.join(' '),
      state,
    };
  });
}
