import type { BulkBindAnswer } from '../../service/read/bulk-bind';
import type { Db } from '../../store/database';
import { getLabelByServiceId, updateLabel } from '../../store/labels';
import type { OutboxOp } from '../../store/outbox';
import { saveReelSnapshot } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { reelServiceId } from './ids';
import { boundTo } from './label-view';
import type { Applied, OperationContext, OperationHandler } from './types';

// bulkBind (spec: Labels and Reels, Bulk-bind). Landing check (docs/sync.md, "Operation kinds"): dry-run the same
// request; every row's Label already bound to its intended Thread → done; other blockers → attention.

function bodyOf(op: OutboxOp<'bulkBind'>, dryRun: boolean) {
  const p = op.payload;
  return {
    fromPosition: p.fromPosition,
    toPosition: p.toPosition,
    threadIds: p.threadIds,
    ...(p.activate ? { activate: true } : {}),
    ...(dryRun ? { dryRun: true } : {}),
  };
}

function applied(op: OutboxOp<'bulkBind'>, answer: Pick<BulkBindAnswer, 'rows' | 'activation' | 'reel'>, labelIds: string[]): Applied {
  return {
    result: {
      activation: answer.activation,
      bound: answer.rows.length,
      rows: answer.rows.map((r) => ({ position: r.position, compositeTagId: r.compositeTagId, threadId: r.threadId })),
      identifiableAtBind: answer.reel?.counts?.identifiableCount ?? null,
    },
    apply: (db: Db) => {
      for (const row of answer.rows) {
        const local = row.compositeTagId ? getLabelByServiceId(db, row.compositeTagId) : undefined;
        if (local) updateLabel(db, local.labelId, { state: 'bound', boundThreadId: row.threadId, attention: null });
      }
      if (answer.reel) saveReelSnapshot(db, op.payload.reelId, answer.reel);
    },
    labelIds,
    reelId: op.payload.reelId,
  };
}

function localIds(db: Db, answer: Pick<BulkBindAnswer, 'rows'>): string[] {
  return answer.rows.flatMap((r) => (r.compositeTagId ? [getLabelByServiceId(db, r.compositeTagId)?.labelId ?? ''] : [])).filter(Boolean);
}

export const bulkBindOperation: OperationHandler<'bulkBind'> = {
  async send(ctx, op) {
    const reelId = reelServiceId(ctx.db, op.payload.reelId);
    const answer = await ctx.client.reels.bulkBind(reelId, bodyOf(op, false), ctx.call);
    if (op.payload.activate && answer.reel?.counts?.identifiableCount == null) {
      // The answer names no Reel counts (its Reel summary is "not shown"): the baseline of the counts-only activation
      // progress is read at once (commands/bulk-bind.ts, bulkBind.status); the background job may already have begun.
      const reel = await ctx.client.reels.get(reelId, ctx.call).catch(() => null);
      if (reel) return applied(op, { ...answer, reel }, localIds(ctx.db, answer));
    }
    return applied(op, answer, localIds(ctx.db, answer));
  },
  async check(ctx: OperationContext, op) {
    const reelId = reelServiceId(ctx.db, op.payload.reelId);
    const dry = await ctx.client.reels.bulkBind(reelId, bodyOf(op, true), ctx.call);
    if (dry.blockers.length === 0) return { landed: false };
    const others = dry.blockers.filter((b) => b.kind !== 'label_bound');
    if (others.length === 0) {
      const labels = new Map((await ctx.client.labels.listAll({ reelCollectionId: reelId }, ctx.call)).map((l) => [l.compositeTagId, l]));
      let all = true;
      for (const row of dry.rows) {
        const label = row.compositeTagId === null ? undefined : labels.get(row.compositeTagId);
        if (!label || !(await boundTo(ctx, label, row.threadId))) {
          all = false;
          break;
        }
      }
      if (all) return { landed: true, applied: applied(op, dry, localIds(ctx.db, dry)) };
    }
    const words = dry.blockers.slice(0, 5).map((b) => `position ${b.position}: ${b.kind.replace(/_/g, ' ')}`);
    throw new HandlerAttention(
      'STATION_BULK_BIND_BLOCKED',
      `The bulk-bind is blocked (${dry.blockers.length} row(s)): ${words.join('; ')}${dry.blockers.length > 5 ? '; …' : ''}. Fix those rows or discard this operation.`,
    );
  },
};
