import { StationError, StationErrorCode } from '../../../src-shared/ipc/envelope';
import { requireReel } from '../../enrollment/context';
import { queueBulkBind } from '../../enrollment/label-ops';
import { getOp } from '../../store/outbox';
import { getReel } from '../../store/reels';
import { canAskService, requireOnline, type CoreParts } from '../parts';
import type { AreaHandlers } from './types';

// Bulk-bind: the dry run asks the service at once; the commit is queued like every write.

export function bulkBindHandlers(parts: CoreParts): AreaHandlers<'bulkBind.preflight' | 'bulkBind.commit' | 'bulkBind.status'> {
  return {
    'bulkBind.preflight': async (input) => {
      await requireOnline(parts);
      const reel = requireReel(parts.enrollment, input.reelId);
      if (!reel.serviceId) throw new StationError({ code: StationErrorCode.conflict, message: 'The Reel is not on the service yet; sync first, then run the preflight.' });
      return parts.connection.requireClient().reels.bulkBind(reel.serviceId, {
        fromPosition: input.fromPosition,
        toPosition: input.toPosition,
        threadIds: input.threadIds,
        ...(input.activate ? { activate: true } : {}),
        dryRun: true,
      });
    },
    'bulkBind.commit': (input) => {
      const opId = queueBulkBind(parts.enrollment, input);
      parts.statusChanged();
      parts.engine.notify();
      return { opId };
    },
    'bulkBind.status': async ({ opId }) => {
      const op = getOp(parts.db, opId);
      if (!op || op.kind !== 'bulkBind') throw new StationError({ code: StationErrorCode.notFound, message: `No bulk-bind operation "${opId}".` });
      const reel = getReel(parts.db, (op.payload as { reelId: string }).reelId);
      let counts = reel?.serviceSnapshot?.counts ?? null;
      if (reel?.serviceId && (await canAskService(parts))) counts = (await parts.connection.requireClient().reels.get(reel.serviceId)).reel.counts;
      return { state: op.state, result: (op.result as Record<string, unknown> | null) ?? null, identifiableCount: counts?.identifiableCount ?? null, boundCount: counts?.boundCount ?? null };
    },
  };
}
