import type { Label } from '../../../src-shared/api/labels';
import type { MoveBody, MoveResponse } from '../../../src-shared/api/move';
import type { Db } from '../../store/database';
import { getLabel, getLabelByServiceId } from '../../store/labels';
import type { OutboxOp } from '../../store/outbox';
import { getReelByServiceId, knownReelServiceIds, saveReelSnapshot, setReelServiceId } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { labelServiceId, reelServiceId } from './ids';
import type { Applied, HandlerContext, OperationHandler } from './types';

// moveLabels (spec: Labels and Reels, Move). Sent as the list of the service's Label ids recorded
// when the move was queued, so a retry moves exactly those Labels. Landing check: read them and
// compare with the intended Reel.

/**
 * The Labels this move takes: those recorded when it was queued, minus the ones archived (or voided) by the
 * time it is sent. Like the service's own range move ("positions with an archived … Label stay as gaps"); an
 * archived Label named in the id list would make the service refuse the whole move.
 */
function moving(db: Db, op: OutboxOp<'moveLabels'>): string[] {
  const ids = op.payload.labelIds.filter((id) => {
    const state = getLabel(db, id)?.state;
    return state !== undefined && state !== 'archived' && state !== 'gap' && state !== 'expected';
  });
  if (ids.length === 0) {
    throw new HandlerAttention('STATION_NOTHING_TO_MOVE', 'Every Label of this move was archived or removed before it was sent, so there is nothing to move; discard it.', null, ['discard']);
  }
  return ids;
}

function body(db: Db, op: OutboxOp<'moveLabels'>): MoveBody {
  const p = op.payload;
  const target = 'reelId' in p.target ? { reelCollectionId: reelServiceId(db, p.target.reelId) } : { newReel: { name: p.target.newReel.name, ...(p.target.newReel.description ? { description: p.target.newReel.description } : {}) } };
  return { source: { compositeTagIds: moving(db, op).map((id) => labelServiceId(db, id)) }, target } as MoveBody;
}

/** Moves the local mirror rows to where the service put them; a new target Reel gets its service id. */
function applyMoved(op: OutboxOp<'moveLabels'>, moved: { compositeTagId: string; toReelCollectionId: string; toPosition: number }[]): (db: Db) => void {
  return (db) => {
    const p = op.payload;
    const first = moved[0];
    if ('newReel' in p.target && first) setReelServiceId(db, p.target.newReel.reelId, first.toReelCollectionId);
    // Two passes through negative positions, so moving within one Reel never collides on UNIQUE(reel, position).
    const rows = moved.map((m) => ({ m, local: getLabelByServiceId(db, m.compositeTagId), reel: getReelByServiceId(db, m.toReelCollectionId) })).filter((r) => r.local && r.reel);
    const park = db.prepare('UPDATE labels SET position = ? WHERE label_id = ?');
    rows.forEach((r, n) => park.run(-1 - n, r.local?.labelId));
    const place = db.prepare("DELETE FROM labels WHERE reel_id = ? AND position = ? AND state IN ('expected','gap')");
    const move = db.prepare('UPDATE labels SET reel_id = ?, position = ?, updated_at = ? WHERE label_id = ?');
    for (const r of rows) {
      place.run(r.reel?.reelId, r.m.toPosition);
      move.run(r.reel?.reelId, r.m.toPosition, new Date().toISOString(), r.local?.labelId);
    }
  };
}

function applied(op: OutboxOp<'moveLabels'>, moved: { compositeTagId: string; toReelCollectionId: string; toPosition: number }[], response: MoveResponse | null): Applied {
  return {
    result: { moved: moved.length, cut: response?.cut ?? null, outcome: response?.outcome ?? null },
    apply: (db) => {
      applyMoved(op, moved)(db);
      if (response?.targetReel && 'newReel' in op.payload.target) saveReelSnapshot(db, op.payload.target.newReel.reelId, response.targetReel);
    },
    labelIds: op.payload.labelIds,
    reelId: op.payload.reelId,
  };
}

export const moveLabels: OperationHandler<'moveLabels'> = {
  async send(ctx, op) {
    const response = await ctx.client.labels.move({ ...body(ctx.db, op), ...(op.payload.expectedCount === undefined ? {} : { expectedCount: op.payload.expectedCount }) }, ctx.call);
    return applied(op, response.moved, response);
  },
  async check(ctx: HandlerContext, op) {
    const p = op.payload;
    const labels: Label[] = [];
    for (const id of moving(ctx.db, op)) labels.push((await ctx.client.labels.get(labelServiceId(ctx.db, id), ctx.call)).label);
    const source = reelServiceId(ctx.db, p.reelId);
    const targetId = 'reelId' in p.target ? reelServiceId(ctx.db, p.target.reelId) : labels[0]?.reelCollectionId;
    const landed = labels.length > 0 && targetId !== undefined && targetId !== source && labels.every((l) => l.reelCollectionId === targetId);
    if (!landed) return { landed: false };
    if ('newReel' in p.target) {
      // The Labels sit together on another Reel: it is the one this move created only if no Reel this station
      // knows is it (a Reel of ours would mean they were moved there by someone else) and its name is ours.
      if (knownReelServiceIds(ctx.db).has(targetId)) return { landed: false };
      const { reel } = await ctx.client.reels.get(targetId, ctx.call);
      if (reel.name !== p.target.newReel.name) return { landed: false };
    }
    return { landed: true, applied: applied(op, labels.map((l) => ({ compositeTagId: l.compositeTagId, toReelCollectionId: l.reelCollectionId, toPosition: l.position })), null) };
  },
};
