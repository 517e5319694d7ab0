import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { queueCommands } from '../../src-shared/ipc/queue';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { QueueItem } from '../../src-shared/ipc/queue';
import { audit } from '../store/audit';
import { getLabel, updateLabel } from '../store/labels';
import { attemptsOf, discardOp, getOp, listOps, retryOp, type OutboxOp } from '../store/outbox';
import { readQueueCounts } from '../store/queue-counts';
import { writeSetting } from '../store/settings';
import { CONCURRENCY_SETTING } from '../sync/concurrency';
import type { CommandContext } from './context';

// The Queue: list with every attempt, retry and discard (docs/sync.md, "Attention" and "What the operator sees").

function queueItem(parts: CommandContext, op: OutboxOp): QueueItem {
  return {
    opId: op.id,
    seq: op.seq,
    kind: op.kind,
    state: op.state,
    subject: op.subject,
    dependsOn: op.dependsOn,
    outcomeUnknown: op.outcomeUnknown,
    attemptCount: op.attempts,
    attention: op.attention,
    attempts: attemptsOf(parts.db, op.id),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

function requireOp(parts: CommandContext, opId: string): OutboxOp {
  const op = getOp(parts.db, opId);
  if (!op) throw new StationError({ code: StationErrorCode.notFound, message: `No queued operation "${opId}"; list them with "station queue".` });
  return op;
}

function labelOf(op: OutboxOp): string | null {
  return 'labelId' in op.payload ? op.payload.labelId : null;
}

export function queueHandlers(parts: CommandContext): CommandHandlers<keyof typeof queueCommands> {
  return {
    'queue.list': ({ state, limit }) => ({
      items: listOps(parts.db, { ...(state ? { state } : {}), limit: limit ?? 1000 }).map((op) => queueItem(parts, op)),
      counts: readQueueCounts(parts.db),
    }),
    'queue.retry': ({ opId }) => {
      const op = requireOp(parts, opId);
      if (op.state !== 'attention' && op.state !== 'pending') {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `Operation ${opId} is ${op.state}; only an attention or pending item can be retried.`,
        });
      }
      const labelId = labelOf(op);
      parts.db.transaction(() => {
        retryOp(parts.db, op.id);
        const label = labelId ? getLabel(parts.db, labelId) : undefined;
        if (label?.state === 'attention') updateLabel(parts.db, label.labelId, { state: label.serviceId ? 'enrolled' : 'queued', attention: null });
        audit(parts.db, 'queue.retry', op.id, { kind: op.kind, previousState: op.state });
      })();
      if (parts.engine.paused) parts.engine.resume();
      parts.engine.notify();
      parts.statusChanged();
      return queueItem(parts, requireOp(parts, opId));
    },
    'queue.discard': ({ opId }) => {
      const op = requireOp(parts, opId);
      if (op.state === 'done' || op.state === 'sending' || op.state === 'discarded') {
        throw new StationError({ code: StationErrorCode.conflict, message: `Operation ${opId} is ${op.state}; it cannot be discarded now.` });
      }
      const labelId = labelOf(op);
      parts.db.transaction(() => {
        discardOp(parts.db, op.id);
        const label = labelId ? getLabel(parts.db, labelId) : undefined;
        if (label && (label.state === 'attention' || (op.kind === 'enrollLabel' && !label.serviceId))) {
          // A discarded enrollment leaves a gap at that position; other discards fall back to the service's view.
          updateLabel(parts.db, label.labelId, { state: label.serviceId ? 'enrolled' : 'gap', attention: null });
        }
        audit(parts.db, 'queue.discard', op.id, { kind: op.kind, previousState: op.state, attention: op.attention, confirmed: true });
      })();
      if (labelId) {
        const label = getLabel(parts.db, labelId);
        if (label) parts.labelsChanged(label.reelId, [label.labelId]);
      }
      parts.engine.notify();
      parts.statusChanged();
      return queueItem(parts, requireOp(parts, opId));
    },
    'sync.run': async ({ timeoutSeconds }) => {
      parts.connection.requireClient();
      parts.sender.sendNow();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        parts.engine.whenIdle(),
        new Promise<void>((resolve) => {
          if (timeoutSeconds === undefined) return;
          timer = setTimeout(() => {
            timedOut = true;
            resolve();
          }, timeoutSeconds * 1000);
        }),
      ]);
      clearTimeout(timer);
      const counts = readQueueCounts(parts.db);
      return { done: counts.done, pending: counts.pending + counts.sending, attention: counts.attention, timedOut };
    },
    'sync.pause': () => {
      parts.engine.pause('Paused by the operator.');
      return { paused: true };
    },
    'sync.resume': () => {
      parts.engine.resume();
      return { paused: false };
    },
    'sync.concurrency.get': () => ({ ...parts.engine.concurrencyBounds, current: parts.engine.concurrency }),
    'sync.concurrency.set': (bounds) => {
      writeSetting(parts.db, CONCURRENCY_SETTING, bounds);
      parts.engine.setConcurrencyBounds(bounds);
      return { ...parts.engine.concurrencyBounds, current: parts.engine.concurrency };
    },
  };
}
