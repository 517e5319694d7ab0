import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { queueCommands } from '../../src-shared/ipc/queue';
import type { QueueItem, QueuePlace } from '../../src-shared/ipc/queue';
import { discardOperation, repositionOperation, requireOp, retryOperation } from '../changes/queue';
import { attemptsOf, listOps, type OutboxOp } from '../store/outbox';
import { readQueueCounts } from '../store/queue-counts';
import { collectionName, labelPlace, reelName } from '../store/queue-places';
import { writeSetting } from '../store/settings';
import { CONCURRENCY_SETTING } from '../sync/concurrency';
import type { CommandContext } from './context';

// The Queue: list with every attempt; retry, discard and reposition are the rules of src-main/changes/queue.ts
// (docs/sync.md, "Attention" and "What the operator sees").

/** The Reel, position(s) or Label Collection an operation is about, by name (docs/sync.md, "What the operator sees"). */
function placeOf(ctx: CommandContext, op: OutboxOp): QueuePlace {
  const payload: Record<string, unknown> = op.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? payload[key] : undefined);
  const number = (key: string) => (typeof payload[key] === 'number' ? payload[key] : null);
  const labelId = text('labelId');
  const label = labelId ? labelPlace(ctx.db, labelId) : undefined;
  const reelId = text('reelId');
  const collectionId = text('collectionId');
  return {
    reelName: label?.reelName ?? (reelId ? (reelName(ctx.db, reelId) ?? null) : null),
    // A Label's position now (a re-placed Label shows where it went); a range's first and last from the operation.
    position: label?.position ?? number('position') ?? number('fromPosition'),
    toPosition: label ? null : number('toPosition'),
    collectionName: collectionId && !reelId ? (collectionName(ctx.db, collectionId) ?? null) : null,
  };
}

function queueItem(ctx: CommandContext, op: OutboxOp): QueueItem {
  return {
    opId: op.id,
    seq: op.seq,
    kind: op.kind,
    state: op.state,
    subject: op.subject,
    place: placeOf(ctx, op),
    dependsOn: op.dependsOn,
    outcomeUnknown: op.outcomeUnknown,
    attemptCount: op.attempts,
    attention: op.attention,
    attempts: attemptsOf(ctx.db, op.id),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

/** A person released an operation: send it now (resuming a paused queue) and tell the UI. */
function released(ctx: CommandContext, label: { reelId: string; labelId: string } | undefined): void {
  if (ctx.engine.paused) ctx.engine.resume();
  if (label) ctx.labelsChanged(label.reelId, [label.labelId]);
  ctx.engine.notify();
  ctx.statusChanged();
}

export function queueHandlers(ctx: CommandContext): CommandHandlers<keyof typeof queueCommands> {
  return {
    'queue.list': ({ state, limit }) => ({
      items: listOps(ctx.db, { ...(state ? { state } : {}), limit: limit ?? 1000 }).map((op) => queueItem(ctx, op)),
      counts: readQueueCounts(ctx.db),
    }),
    'queue.retry': ({ opId }) => {
      released(ctx, retryOperation(ctx.changes, opId));
      return queueItem(ctx, requireOp(ctx.changes, opId));
    },
    'queue.reposition': ({ opId, position }) => {
      const { label, from } = repositionOperation(ctx.changes, opId, position === undefined ? { nextFree: true } : { position });
      released(ctx, label);
      return { ...queueItem(ctx, requireOp(ctx.changes, opId)), fromPosition: from, position: label.position };
    },
    'queue.discard': ({ opId }) => {
      const label = discardOperation(ctx.changes, opId);
      if (label) ctx.labelsChanged(label.reelId, [label.labelId]);
      ctx.engine.notify();
      ctx.statusChanged();
      return queueItem(ctx, requireOp(ctx.changes, opId));
    },
    'sync.run': async ({ timeoutSeconds }) => {
      ctx.connection.requireClient();
      ctx.sender.sendNow();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ctx.engine.whenIdle(),
        new Promise<void>((resolve) => {
          if (timeoutSeconds === undefined) return;
          timer = setTimeout(() => {
            timedOut = true;
            resolve();
          }, timeoutSeconds * 1000);
        }),
      ]);
      clearTimeout(timer);
      const counts = readQueueCounts(ctx.db);
      return { done: counts.done, pending: counts.pending + counts.sending, attention: counts.attention, timedOut };
    },
    'sync.pause': () => {
      ctx.engine.pause('Paused by the operator.');
      return { paused: true };
    },
    'sync.resume': () => {
      ctx.engine.resume();
      return { paused: false };
    },
    'sync.concurrency.get': () => ({ ...ctx.engine.concurrencyBounds, current: ctx.engine.concurrency }),
    'sync.concurrency.set': (bounds) => {
      writeSetting(ctx.db, CONCURRENCY_SETTING, bounds);
      ctx.engine.setConcurrencyBounds(bounds);
      return { ...ctx.engine.concurrencyBounds, current: ctx.engine.concurrency };
    },
  };
}
