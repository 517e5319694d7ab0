import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { getLabel, getLabelAt, updateLabel, upsertLabel, type LocalLabel } from '../store/labels';
import { discardOp, openEnrollmentOf } from '../store/outbox';
import { requireReel, type ChangeContext } from './context';
import { queueLabelOp } from './label-changes';
import { timeOrderedUUID } from '../runtime/time-ordered-id';

// Bench actions (the Bench screen's skip, void and undo): skip records a gap; void and undo take a Label back. A Label the
// service may hold is archived through the queue; an enrollment that never left the station is
// discarded. Either way the audit log keeps what happened.

/**
 * Records `position` as a gap (a position deliberately left without a Label). `void`: the label in hand was damaged
 * before it was saved; the position is a gap all the same, and the audit log says `label.void`, so the reports count
 * a void, not a skip.
 */
export function skipPosition(ctx: ChangeContext, reelId: string, position: number, reason: 'gap' | 'void' = 'gap'): LocalLabel {
  const reel = requireReel(ctx, reelId);
  const existing = getLabelAt(ctx.db, reel.reelId, position);
  if (existing && existing.state !== 'expected' && existing.state !== 'gap') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Position ${position} already holds a Label (${existing.state}); void it first to leave a gap.`,
      detail: { case: 'positionHeld', position },
    });
  }
  const label: LocalLabel = {
    labelId: existing?.labelId ?? timeOrderedUUID(),
    reelId: reel.reelId,
    position,
    state: 'gap',
    serviceId: null,
    identifiers: [],
    expected: existing?.expected ?? null,
    captureSha256: null,
    indexing: existing?.indexing ?? 'default',
    warnings: [],
    attention: null,
    boundThreadId: null,
    origin: 'here',
  };
  ctx.db.transaction(() => {
    upsertLabel(ctx.db, label);
    audit(ctx.db, reason === 'void' ? 'label.void' : 'label.skip', label.labelId, {
      reelId: reel.reelId,
      position,
      ...(reason === 'void' ? { blank: true } : {}),
    });
  })();
  return label;
}

/**
 * Takes back the Label at `position` (void, or undo of the last save): an enrollment still waiting
 * (never sent, or refused) is discarded and the position becomes a gap; a Label the service holds
 * (or may hold) gets a queued archiveLabel.
 */
export function takeBackLabel(ctx: ChangeContext, reelId: string, position: number, reason: 'void' | 'undo'): { label: LocalLabel; opId: string | null } {
  const reel = requireReel(ctx, reelId);
  const label = getLabelAt(ctx.db, reel.reelId, position);
  if (!label || label.state === 'expected' || label.state === 'gap') {
    throw new StationError({
      code: StationErrorCode.notFound,
      message: `No Label at position ${position} of this Reel to ${reason}.`,
      detail: { case: 'noLabelAt', position },
    });
  }
  if (label.state === 'archived')
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `The Label at position ${position} is already archived.`,
      detail: { case: 'archived', position },
    });
  const enroll = openEnrollmentOf(ctx.db, label.labelId);
  if (enroll?.state === 'sending') {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `The Label at position ${position} is being sent right now; try again in a moment.`,
      detail: { case: 'sending', position },
    });
  }
  // Unsent for sure: not yet on the service, and no attempt whose outcome is unknown.
  if (label.serviceId === null && enroll && !enroll.outcomeUnknown) {
    ctx.db.transaction(() => {
      discardOp(ctx.db, enroll.id);
      updateLabel(ctx.db, label.labelId, { state: 'gap', attention: null });
      audit(ctx.db, `label.${reason}`, label.labelId, {
        reelId: reel.reelId,
        position,
        discardedOpId: enroll.id,
        previousState: label.state,
        identifiers: label.identifiers,
      });
    })();
    return { label: getLabel(ctx.db, label.labelId) ?? label, opId: null };
  }
  // The bench's own work: sent before queued imports and bulk work (docs/sync.md, "Lanes").
  const { opId } = queueLabelOp(ctx, label.labelId, 'archiveLabel', 'bench');
  audit(ctx.db, `label.${reason}`, label.labelId, { reelId: reel.reelId, position, archiveOpId: opId, previousState: label.state });
  return { label: getLabel(ctx.db, label.labelId) ?? label, opId };
}
