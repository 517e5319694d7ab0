import { PATHS } from '../../../src-shared/api';
import type { ServiceReel } from '../../service/read/labels';
import { getLabel, updateLabel } from '../../store/labels';
import { getReel, saveReelSnapshot } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { captureToSend } from './capture';
import { reelServiceId } from './ids';
import { carriesAll, labelAtPosition } from './label-view';
import type { Applied, OperationContext, OperationHandler } from './types';
import type { OutboxOp } from '../../store/outbox';

// enrollLabel (docs/sync.md, "Operation kinds"): sent with an explicit position. Landing check: with an SVC capture a
// resend is safe (the service answers `already_enrolled`); without one, list the Reel's Labels
// at that position.

function enrolled(
  op: OutboxOp<'enrollLabel'>,
  serviceLabelId: string,
  answer: { outcome?: string; reelWarnings?: string[] },
  reel?: ServiceReel | null,
): Applied {
  const p = op.payload;
  return {
    result: { serviceId: serviceLabelId, outcome: answer.outcome ?? 'landed' },
    apply: (db) => {
      const local = getLabel(db, p.labelId);
      updateLabel(db, p.labelId, {
        serviceId: serviceLabelId,
        state: local?.state === 'queued' || local?.state === 'attention' ? 'enrolled' : (local?.state ?? 'enrolled'),
        attention: null,
        warnings: [...new Set([...(local?.warnings ?? []), ...(answer.reelWarnings ?? [])])],
      });
      if (reel) saveReelSnapshot(db, p.reelId, reel);
    },
    labelIds: [p.labelId],
    reelId: p.reelId,
  };
}

async function landedAtPosition(ctx: OperationContext, op: OutboxOp<'enrollLabel'>): Promise<Applied | null> {
  const p = op.payload;
  const there = await labelAtPosition(ctx, reelServiceId(ctx.db, p.reelId), p.position);
  if (!there) return null;
  const ours = [...p.identifiers, ...(p.captureSha256 ? [{ tagType: 'SVC' as const, captureSha256: p.captureSha256 }] : [])];
  if (await carriesAll(ctx, there, ours)) return enrolled(op, there.compositeTagId, {});
  // docs/sync.md, "Benches sharing a Reel": the service keeps the Label it holds; a person settles the collision by what
  // was printed (or re-places this one).
  throw new HandlerAttention(
    'STATION_POSITION_TAKEN',
    `Position ${p.position} of the Reel is already held on the service by a Label another bench or app enrolled (${there.compositeTagId}); this Label was not sent there. Compare both with what was printed and settle it: "station queue settle ${op.id}" (or the Queue screen); without print data, re-place it: "station queue reposition ${op.id} --position N".`,
    null,
    ['reposition', 'retry', 'discard'],
    undefined,
    { position: p.position, reel: getReel(ctx.db, p.reelId)?.name ?? '' },
  );
}

export const enrollLabelOperation: OperationHandler<'enrollLabel'> = {
  async send(ctx, op) {
    const p = op.payload;
    const reelId = reelServiceId(ctx.db, p.reelId);
    const image = p.captureSha256 ? captureToSend(ctx, p.captureSha256, { method: 'POST', path: PATHS.reelLabels(reelId) }) : undefined;
    const answer = await ctx.client.labels.enroll(
      reelId,
      {
        position: p.position,
        identifiers: p.identifiers,
        ...(image ? { image } : {}),
        options: { indexing: p.indexing },
      },
      ctx.call,
    );
    // The answer's Label is our reading of a shape the spec does not show; without it, the Label is the one the
    // service now holds at the position this enrollment named.
    const labelId = answer.label?.compositeTagId ?? (await labelAtPosition(ctx, reelId, p.position))?.compositeTagId;
    if (!labelId) {
      throw new HandlerAttention(
        'STATION_ENROLLED_LABEL_NOT_FOUND',
        `The service answered "${answer.outcome}" but neither its answer nor the Reel's Labels show a Label at position ${p.position}. Check the Reel on the service, then retry or discard.`,
        null,
        undefined,
        undefined,
        { position: p.position },
      );
    }
    const warnings = (answer.reel?.warnings ?? [])
      .filter((w) => w.compositeTagIds?.includes(labelId))
      .map(
        (w) =>
          `service: ${w.kind}${w.tagType ? ` ${w.tagType}` : ''}${w.value ? ` "${w.value}"` : ''}${w.positions ? ` at positions ${w.positions.join(', ')}` : ''}`,
      );
    return enrolled(op, labelId, { outcome: answer.outcome, reelWarnings: warnings }, answer.reel);
  },
  async check(ctx, op, why) {
    // With an SVC capture, resending is the landing check: same marking at the same position → already_enrolled.
    if (op.payload.captureSha256 && why === 'unknown') return { landed: false };
    const applied = await landedAtPosition(ctx, op);
    return applied ? { landed: true, applied } : { landed: false };
  },
};
