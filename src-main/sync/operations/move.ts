import type { MoveBody } from '../../../src-shared/api/move';
import type { MoveAnswer, ServiceLabel } from '../../service/read/labels';
import type { Db } from '../../store/database';
import { getLabel, getLabelByServiceId, placeLabels } from '../../store/labels';
import type { OutboxOp } from '../../store/outbox';
import { getReelByServiceId, knownReelServiceIds, saveReelSnapshot, setReelServiceId } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { labelServiceId, reelServiceId } from './ids';
import type { Applied, OperationContext, OperationHandler } from './types';

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
    throw new HandlerAttention(
      'STATION_NOTHING_TO_MOVE',
      'Every Label of this move was archived or removed before it was sent, so there is nothing to move; discard it.',
      null,
      ['discard'],
    );
  }
  return ids;
}

function body(db: Db, op: OutboxOp<'moveLabels'>): MoveBody {
  const p = op.payload;
  const target =
    'reelId' in p.target
      ? { reelCollectionId: reelServiceId(db, p.target.reelId) }
      : { newReel: { name: p.target.newReel.name, ...(p.target.newReel.description ? { description: p.target.newReel.description } : {}) } };
  return { source: { compositeTagIds: moving(db, op).map((id) => labelServiceId(db, id)) }, target } as MoveBody;
}

/** Moves the local mirror rows to where the service put them; a new target Reel gets its service id. */
function applyMoved(op: OutboxOp<'moveLabels'>, moved: Placed[]): (db: Db) => void {
  return (db) => {
    const p = op.payload;
    const first = moved[0];
    if ('newReel' in p.target && first) setReelServiceId(db, p.target.newReel.reelId, first.toReelCollectionId);
    const places = moved.flatMap((m) => {
      const local = getLabelByServiceId(db, m.compositeTagId);
      const reel = getReelByServiceId(db, m.toReelCollectionId);
      return local && reel ? [{ labelId: local.labelId, reelId: reel.reelId, position: m.toPosition }] : [];
    });
    placeLabels(db, places);
  };
}

type Placed = { compositeTagId: string; toReelCollectionId: string; toPosition: number };

function applied(op: OutboxOp<'moveLabels'>, moved: Placed[], response: MoveAnswer | null): Applied {
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

/** A Label's Reel as the service says, or (it names none) the Reel whose Labels list it: the source or the target. */
async function reelOfLabel(ctx: OperationContext, label: ServiceLabel, candidates: (string | undefined)[]): Promise<string | undefined> {
  if (label.reelCollectionId) return label.reelCollectionId;
  for (const reelId of candidates) {
    if (!reelId) continue;
    const labels = await ctx.client.labels.listAll({ reelCollectionId: reelId }, ctx.call);
    if (labels.some((l) => l.compositeTagId === label.compositeTagId)) return reelId;
  }
  return undefined;
}

/**
 * Where the move's Labels are now, if they all sit together on the intended Reel (and, for a new Reel, on one this
 * station does not know, with our name); null when the move has not landed.
 */
async function whereMoved(ctx: OperationContext, op: OutboxOp<'moveLabels'>): Promise<Placed[] | null> {
  const p = op.payload;
  const labels: ServiceLabel[] = [];
  for (const id of moving(ctx.db, op)) labels.push(await ctx.client.labels.get(labelServiceId(ctx.db, id), ctx.call));
  const source = reelServiceId(ctx.db, p.reelId);
  const named = 'reelId' in p.target ? reelServiceId(ctx.db, p.target.reelId) : undefined;
  const first = labels[0];
  if (!first) return null;
  // A new Reel's id is learnt from the Labels; a Label that names no Reel is looked up among Reels of that name.
  const newReels =
    'newReel' in p.target && !first.reelCollectionId ? (await ctx.client.reels.listAll({ q: p.target.newReel.name }, ctx.call)).map((r) => r.collectionId) : [];
  const targetId =
    named ??
    (await reelOfLabel(
      ctx,
      first,
      newReels.filter((id) => !knownReelServiceIds(ctx.db).has(id)),
    ));
  if (targetId === undefined || targetId === source) return null;
  // Labels that name no Reel: the target's Labels are listed once.
  const onTarget = labels.some((l) => !l.reelCollectionId)
    ? new Set((await ctx.client.labels.listAll({ reelCollectionId: targetId }, ctx.call)).map((l) => l.compositeTagId))
    : null;
  const placed: Placed[] = [];
  for (const label of labels) {
    const there = label.reelCollectionId ? label.reelCollectionId === targetId : onTarget?.has(label.compositeTagId) === true;
    if (!there) return null;
    placed.push({ compositeTagId: label.compositeTagId, toReelCollectionId: targetId, toPosition: label.position });
  }
  if ('newReel' in p.target) {
    // The Labels sit together on another Reel: it is the one this move created only if no Reel this station
    // knows is it (a Reel of ours would mean they were moved there by someone else) and its name is ours.
    if (knownReelServiceIds(ctx.db).has(targetId)) return null;
    const reel = await ctx.client.reels.get(targetId, ctx.call);
    if (reel.name !== p.target.newReel.name) return null;
  }
  return placed;
}

export const moveLabelsOperation: OperationHandler<'moveLabels'> = {
  async send(ctx, op) {
    const response = await ctx.client.labels.move(
      { ...body(ctx.db, op), ...(op.payload.expectedCount === undefined ? {} : { expectedCount: op.payload.expectedCount }) },
      ctx.call,
    );
    const placed = response.moved.flatMap((m) =>
      m.toReelCollectionId !== null && m.toPosition !== null
        ? [{ compositeTagId: m.compositeTagId, toReelCollectionId: m.toReelCollectionId, toPosition: m.toPosition }]
        : [],
    );
    if (placed.length === response.moved.length && placed.length > 0) return applied(op, placed, response);
    // Where each Label went is our reading of `moved[]`; without it, read the moved Labels (as the landing check does).
    const found = await whereMoved(ctx, op);
    if (!found) {
      throw new HandlerAttention(
        'STATION_MOVE_NOT_READABLE',
        'The service accepted the move, but neither its answer nor the moved Labels say which Reel and positions they are on now; refresh the Reels from the service, then discard this operation.',
        null,
        ['discard'],
      );
    }
    return applied(op, found, response);
  },
  async check(ctx: OperationContext, op) {
    const found = await whereMoved(ctx, op);
    return found ? { landed: true, applied: applied(op, found, null) } : { landed: false };
  },
};
