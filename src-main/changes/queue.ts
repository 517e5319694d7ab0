import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { getLabel, getLabelAt, listLabels, placeLabels, updateLabel, type LocalLabel } from '../store/labels';
import { discardOp, getOp, retryOp, setOpPayload, type OutboxOp } from '../store/outbox';
import type { ChangeContext } from './context';

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

/** A position this station knows nothing at, or only a gap (a voided position): the next free one looks no further. */
export function nextFreePosition(ctx: ChangeContext, reelId: string, after: number): number {
  const taken = new Set(
    listLabels(ctx.db, reelId)
      .filter((l) => l.state !== 'gap')
      .map((l) => l.position),
  );
  let position = after + 1;
  while (taken.has(position)) position += 1;
  return position;
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
  const there = getLabelAt(ctx.db, label.reelId, position);
  if (position === label.position || (there && there.state !== 'gap' && there.state !== 'expected')) {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Position ${position} is not free${there ? `: it holds a Label (${there.state}${there.origin === 'elsewhere' ? ', enrolled by another bench or app' : ''})` : ''}; pick another position or use --next-free.`,
      detail: { case: 'positionNotFree', position },
    });
  }
  return ctx.db.transaction(() => {
    placeLabels(ctx.db, [{ labelId: label.labelId, reelId: label.reelId, position }]);
    updateLabel(ctx.db, label.labelId, { state: 'queued', attention: null, expected: there?.expected ?? null });
    setOpPayload(ctx.db, op.id, 'enrollLabel', { ...payload, position });
    retryOp(ctx.db, op.id);
    audit(ctx.db, 'queue.reposition', op.id, { reelId: label.reelId, labelId: label.labelId, from: label.position, to: position });
    return { label: getLabel(ctx.db, label.labelId) as LocalLabel, from: label.position };
  })();
}
