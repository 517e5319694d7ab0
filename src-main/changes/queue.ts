import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { getLabel, getLabelAt, listLabels, placeLabels, updateLabel, type LocalLabel } from '../store/labels';
import type { LocalReel } from '../store/reels';
import { discardOp, getOp, retryOp, setOpPayload, type OutboxOp } from '../store/outbox';
import { requireLabel, requireReel, type ChangeContext } from './context';
import { knownExtent, reelExtent } from './reel-extent';

// What a person does to a queued operation (docs/sync.md, "Attention"): retry it, discard it, or re-place the Label of
// an enrollment the service refused because another bench or app holds its position.

export function requireOp(ctx: ChangeContext, opId: string): OutboxOp {
  const op = getOp(ctx.db, opId);
  if (!op) throw new StationError({ code: StationErrorCode.notFound, message: `No queued operation "${opId}"; list them with "station queue".` });
  return op;
}

function labelOf(ctx: ChangeContext, op: OutboxOp): LocalLabel | undefined {
  return 'labelId' in op.payload ? getLabel(ctx.db, op.payload.labelId) : undefined;
}

/** Sends an attention (or pending) item again; its Label leaves attention. Answers the Label touched, if any. */
export function retryOperation(ctx: ChangeContext, opId: string): LocalLabel | undefined {
  const op = requireOp(ctx, opId);
  if (op.state !== 'attention' && op.state !== 'pending') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Operation ${opId} is ${op.state}; only an attention or pending item can be retried.`,
      detail: { case: 'operationMoved' },
    });
  }
  return ctx.db.transaction(() => {
    retryOp(ctx.db, op.id);
    const label = labelOf(ctx, op);
    if (label?.state === 'attention') updateLabel(ctx.db, label.labelId, { state: label.serviceId ? 'enrolled' : 'queued', attention: null });
    audit(ctx.db, 'queue.retry', op.id, { kind: op.kind, previousState: op.state });
    return label;
  })();
}

/** Drops an operation for good (the row stays, audited). A discarded enrollment leaves a gap at its position. */
export function discardOperation(ctx: ChangeContext, opId: string): LocalLabel | undefined {
  const op = requireOp(ctx, opId);
  if (op.state === 'done' || op.state === 'sending' || op.state === 'discarded') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Operation ${opId} is ${op.state}; it cannot be discarded now.`,
      detail: { case: 'operationMoved' },
    });
  }
  return ctx.db.transaction(() => {
    discardOp(ctx.db, op.id);
    const label = labelOf(ctx, op);
    if (label && (label.state === 'attention' || (op.kind === 'enrollLabel' && !label.serviceId))) {
      // Other discards fall back to the service's view.
      updateLabel(ctx.db, label.labelId, { state: label.serviceId ? 'enrolled' : 'gap', attention: null });
    }
    audit(ctx.db, 'queue.discard', op.id, { kind: op.kind, previousState: op.state, attention: op.attention, confirmed: true });
    return label;
  })();
}

/**
 * The first position after `after` that holds nothing on this station, or only a gap (a voided position), inside the
 * Reel's known extent (reel-extent.ts; on a Reel of no known length, one past it); null when none is free there. Print data holds its position for the Label
 * printed for it.
 */
export function nextFreePosition(ctx: ChangeContext, reelId: string, after: number): number | null {
  const taken = new Set(
    listLabels(ctx.db, reelId)
      .filter((l) => l.state !== 'gap')
      .map((l) => l.position),
  );
  const { extent, bounded } = knownExtent(ctx.db, reelId);
  // On a Reel of no known length the position just after the extent is free too (reel-extent.ts).
  const last = Math.max(extent ?? after, after) + (bounded ? 0 : 1);
  for (let position = after + 1; position <= last; position += 1) if (!taken.has(position)) return position;
  return null;
}

/**
 * Re-places the Label of an enrollment that needs attention (its position is held on the service by a Label another
 * bench or app enrolled): the Label, with its identifiers and captures, moves to `position` (or the next free
 * position after its own) and the enrollment is sent again at once. The target must be free here: no Label, or only
 * a gap or print data (whose expected values the Label then carries).
 */
export function repositionOperation(ctx: ChangeContext, opId: string, target: { position: number } | { nextFree: true }): { label: LocalLabel; from: number } {
  const op = requireOp(ctx, opId);
  if (op.kind !== 'enrollLabel' || op.state !== 'attention') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Operation ${opId} is ${op.kind === 'enrollLabel' ? `an enrollment that is ${op.state}` : `a ${op.kind}`}; only an enrollment that needs attention can be re-placed.`,
      detail: { case: 'operationMoved' },
    });
  }
  const payload = (op as OutboxOp<'enrollLabel'>).payload;
  const label = getLabel(ctx.db, payload.labelId);
  if (!label || label.serviceId) {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `The Label of operation ${opId} is already on the service; move it with "station move" instead.`,
      detail: { case: 'alreadyOnService' },
    });
  }
  const position = 'position' in target ? target.position : nextFreePosition(ctx, label.reelId, label.position);
  if (position === null) {
    const extent = Math.max(reelExtent(ctx.db, label.reelId) ?? label.position, label.position);
    throw new StationError({
      code: StationErrorCode.noFreePosition,
      message: `No position after ${label.position} is free up to ${extent}, the last position this Reel is known to have (its print data, this bench's range, the service's Labels, this bench's own). Name a position with --position N, or settle the collision by what was printed: "station queue settle ${opId}".`,
      detail: { position: label.position, extent },
    });
  }
  const there = getLabelAt(ctx.db, label.reelId, position);
  if (position === label.position || (there && there.state !== 'gap' && there.state !== 'expected')) {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Position ${position} is not free${there ? `: it holds a Label (${there.state}${there.origin === 'elsewhere' ? ', enrolled by another bench or app' : ''})` : ''}; pick another position or use --next-free.`,
      detail: { case: 'positionNotFree', position },
    });
  }
  return ctx.db.transaction(() => {
    // The print data stays with its position (placeLabels): the Label leaves, what was printed there does not.
    placeLabels(ctx.db, [{ labelId: label.labelId, reelId: label.reelId, position }]);
    updateLabel(ctx.db, label.labelId, { state: 'queued', attention: null });
    setOpPayload(ctx.db, op.id, 'enrollLabel', { ...payload, position });
    retryOp(ctx.db, op.id);
    audit(ctx.db, 'queue.reposition', op.id, { reelId: label.reelId, labelId: label.labelId, from: label.position, to: position });
    return { label: getLabel(ctx.db, label.labelId) as LocalLabel, from: label.position };
  })();
}

/**
 * The enrollment of a collision (docs/sync.md, "Settling a collision"): in attention because another bench or app holds
 * its position on the service (STATION_POSITION_TAKEN), with its Label (not on the service) and its Reel.
 */
export function collisionOf(ctx: ChangeContext, opId: string): { op: OutboxOp<'enrollLabel'>; label: LocalLabel; reel: LocalReel } {
  const op = requireOp(ctx, opId);
  if (op.kind !== 'enrollLabel' || op.state !== 'attention' || op.attention?.code !== 'STATION_POSITION_TAKEN') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Operation ${opId} is not a collision: only an enrollment in attention because another bench or app holds its position (STATION_POSITION_TAKEN) is settled this way.`,
    });
  }
  const label = requireLabel(ctx, (op as OutboxOp<'enrollLabel'>).payload.labelId);
  return { op: op as OutboxOp<'enrollLabel'>, label, reel: requireReel(ctx, label.reelId) };
}

/** What a settled collision records in the audit log: the position, the verdict, both Labels' values, what was done. */
export type SettleRecord = Record<string, unknown> & { action: 'archiveTheirs' | 'discardOurs' };

/** Ours belongs at the position and theirs was taken off it: send ours there again, at once. */
export function settleBySending(ctx: ChangeContext, opId: string, record: SettleRecord): LocalLabel {
  const { op, label } = collisionOf(ctx, opId);
  return ctx.db.transaction(() => {
    retryOp(ctx.db, op.id);
    updateLabel(ctx.db, label.labelId, { state: 'queued', attention: null });
    audit(ctx.db, 'queue.settle', op.id, { reelId: label.reelId, labelId: label.labelId, position: label.position, ...record });
    return getLabel(ctx.db, label.labelId) as LocalLabel;
  })();
}

/** Ours is the wrong Label: its enrollment is discarded (the position's print data stays), audited as settled. */
export function settleByDiscarding(ctx: ChangeContext, opId: string, record: SettleRecord): LocalLabel | undefined {
  const { label } = collisionOf(ctx, opId);
  return ctx.db.transaction(() => {
    const discarded = discardOperation(ctx, opId);
    audit(ctx.db, 'queue.settle', opId, { reelId: label.reelId, labelId: label.labelId, position: label.position, ...record });
    return discarded;
  })();
}
