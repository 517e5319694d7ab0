import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { bulkBindCommands } from '../../src-shared/ipc/bulk-bind';
import PQueue from 'p-queue';
import type { BulkBindActivation } from '../../src-shared/api/bulk-bind';
import type { ServiceLabel } from '../service/read/labels';
import type { BulkBindActivationProgress } from '../../src-shared/ipc/bulk-bind';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { requireReel } from '../changes/context';
import { queueBulkBind } from '../changes/label-changes';
import { isServiceError, type ServiceClient } from '../service';
import { getLabelByServiceId, listLabels } from '../store/labels';
import { getOp, type OutboxOp } from '../store/outbox';
import { getReel, type ReelSnapshot } from '../store/reels';
import { canAskService, requireOnline, type CommandContext } from './context';

// Bulk-bind: the dry run asks the service at once; the commit is queued like every write.
//
// Activation progress (spec: Bulk-bind, "one background job activates exactly the bound Labels' optical
// markings"; progress "is read from the Reel's counts.identifiableCount"): the Reel's count covers every Label of
// the Reel, so it is only the signal that something changed; the bar counts the bound range's own Labels.

/** The result the bulkBind operation (src-main/sync/operations/bulk-bind.ts) keeps when done. */
interface BoundResult {
  activation?: BulkBindActivation;
  rows?: { position: number; compositeTagId: string | null }[];
  /** The Reel's counts.identifiableCount in the commit's answer, the baseline of the counts-only progress. */
  identifiableAtBind?: number | null;
}

/** One bound Label as the activation sees it. Identifiable is forward-only (spec: States, activation). */
interface LabelActivation {
  optical: boolean;
  identifiable: boolean;
}

/** What was last read for one operation, reused while the Reel's counts stay the same. */
interface Tracked {
  countsKey: string;
  labels: Map<string, LabelActivation>;
  progress: BulkBindActivationProgress;
}

const LIST_PAGE_SIZE = 500;
const GET_CONCURRENCY = 8;
const TRACKED_MAX = 50;

/** What the service's Label says: null where it does not say (no member list, no `identifiable`). */
function activationOf(label: ServiceLabel): { optical: boolean | null; identifiable: boolean | null } {
  return { optical: label.members === null ? null : label.members.some((m) => m.tagType === 'SVC' && m.archivedAt === null), identifiable: label.identifiable };
}

/** The range's progress from what is known of its Labels: only Labels with an optical marking can become identifiable. */
function rangeProgress(
  requested: boolean,
  outcome: BulkBindActivation,
  ids: readonly string[],
  known: ReadonlyMap<string, LabelActivation>,
): BulkBindActivationProgress {
  if (outcome === 'not_requested' || outcome === 'no_dust') return { requested, outcome, total: 0, identifiable: 0, finished: true, live: true };
  const optical = ids.flatMap((id) => {
    const a = known.get(id);
    return a?.optical ? [a] : [];
  });
  const identifiable = optical.filter((a) => a.identifiable).length;
  return { requested, outcome, total: optical.length, identifiable, finished: identifiable === optical.length, live: true };
}

/**
 * Reads the named Labels: one by one when that is fewer requests than listing the Reel's bound Labels, else the
 * list. A Label no longer found (moved, unbound, removed) counts as one the activation does not work on.
 */
async function readLabels(
  client: ServiceClient,
  reelServiceId: string,
  ids: readonly string[],
  boundCount: number,
): Promise<Map<string, ReturnType<typeof activationOf>>> {
  const out = new Map<string, ReturnType<typeof activationOf>>();
  if (ids.length === 0) return out;
  if (ids.length <= Math.ceil(boundCount / LIST_PAGE_SIZE)) {
    const queue = new PQueue({ concurrency: GET_CONCURRENCY });
    await queue.addAll(
      ids.map((id) => async () => {
        const label = await client.labels.get(id).then(
          (l) => l,
          (error: unknown) => {
            if (isServiceError(error) && error.status === 404) return null;
            throw error;
          },
        );
        out.set(id, label && (label.reelCollectionId ?? reelServiceId) === reelServiceId ? activationOf(label) : { optical: false, identifiable: false });
      }),
    );
    return out;
  }
  const wanted = new Set(ids);
  for (const label of await client.labels.listAll({ reelCollectionId: reelServiceId, bound: 'only', pageSize: LIST_PAGE_SIZE })) {
    if (wanted.has(label.compositeTagId)) out.set(label.compositeTagId, activationOf(label));
  }
  for (const id of ids) if (!out.has(id)) out.set(id, { optical: false, identifiable: false });
  return out;
}

export function bulkBindHandlers(ctx: CommandContext): CommandHandlers<keyof typeof bulkBindCommands> {
  const tracked = new Map<string, Tracked>();
  const remember = (opId: string, entry: Tracked) => {
    tracked.delete(opId);
    tracked.set(opId, entry);
    if (tracked.size > TRACKED_MAX) tracked.delete(tracked.keys().next().value as string);
  };

  async function activationProgress(
    op: OutboxOp<'bulkBind'>,
    reelServiceId: string | null,
    counts: ReelSnapshot['counts'],
    client: ServiceClient | null,
  ): Promise<BulkBindActivationProgress> {
    const payload = op.payload;
    const requested = payload.activate === true;
    const result = op.state === 'done' ? (op.result as BoundResult | null) : null;
    if (!result?.activation) {
      // Not bound yet: the range's Labels with a capture are what the activation will work on.
      const total = requested
        ? listLabels(ctx.db, payload.reelId, { from: payload.fromPosition, to: payload.toPosition }).filter((l) => l.captureSha256 !== null).length
        : 0;
      return { requested, outcome: null, total, identifiable: 0, finished: !requested, live: false };
    }
    const outcome = result.activation;
    const ids = (result.rows ?? []).flatMap((r) => (r.compositeTagId ? [r.compositeTagId] : []));
    if (outcome === 'not_requested' || outcome === 'no_dust') return { ...rangeProgress(requested, outcome, ids, new Map()), live: client !== null };
    const last = tracked.get(op.id);
    if (!client || !counts || !reelServiceId) {
      if (last) return { ...last.progress, live: false };
      const all = outcome === 'already_active';
      return { requested, outcome, total: ids.length, identifiable: all ? ids.length : 0, finished: all, live: false };
    }
    const countsKey = [counts.identifiableCount, counts.boundCount, counts.activeCount, counts.labelCount].join('/');
    if (last && last.countsKey === countsKey) return last.progress;
    const known = new Map(last?.labels ?? []);
    const open = ids.filter((id) => {
      const a = known.get(id);
      return !a || (a.optical && !a.identifiable);
    });
    const read = await readLabels(client, reelServiceId, open, counts.boundCount ?? ids.length);
    // A Label without its member list: whether it has an optical marking is what the station enrolled on it.
    const opticalOf = (id: string, said: boolean | null) => said ?? (getLabelByServiceId(ctx.db, id)?.captureSha256 ?? null) !== null;
    if ([...read.values()].some((a) => a.identifiable === null)) {
      // The service's Labels do not say whether they are identifiable: the spec's own signal, the Reel's
      // counts.identifiableCount, counted from its value when the bind landed.
      const total = ids.filter((id) => {
        const a = read.get(id) ?? known.get(id);
        return a ? opticalOf(id, a.optical) : false;
      }).length;
      const identifiable = Math.min(total, Math.max(0, (counts.identifiableCount ?? 0) - (result.identifiableAtBind ?? 0)));
      const progress = { requested, outcome, total, identifiable, finished: identifiable >= total, live: true };
      remember(op.id, { countsKey, labels: known, progress });
      return progress;
    }
    for (const [id, a] of read) known.set(id, { optical: opticalOf(id, a.optical), identifiable: a.identifiable === true });
    const progress = rangeProgress(requested, outcome, ids, known);
    remember(op.id, { countsKey, labels: known, progress });
    return progress;
  }

  return {
    'bulkBind.preflight': async (input) => {
      await requireOnline(ctx);
      const reel = requireReel(ctx.changes, input.reelId);
      if (!reel.serviceId)
        throw new StationError({
          code: StationErrorCode.conflict,
          message: 'The Reel is not on the service yet; sync first, then run the preflight.',
          detail: { case: 'reelNotOnService' },
        });
      const { reel: _summary, ...answer } = await ctx.connection.requireClient().reels.bulkBind(reel.serviceId, {
        fromPosition: input.fromPosition,
        toPosition: input.toPosition,
        threadIds: input.threadIds,
        ...(input.activate ? { activate: true } : {}),
        dryRun: true,
      });
      return answer;
    },
    'bulkBind.commit': (input) => {
      const opId = queueBulkBind(ctx.changes, input);
      ctx.statusChanged();
      ctx.engine.notify();
      return { opId };
    },
    'bulkBind.status': async ({ opId }) => {
      const op = getOp(ctx.db, opId);
      if (!op || op.kind !== 'bulkBind') throw new StationError({ code: StationErrorCode.notFound, message: `No bulk-bind operation "${opId}".` });
      const bind = op as OutboxOp<'bulkBind'>;
      const reel = getReel(ctx.db, bind.payload.reelId);
      // The service is asked only once the bind landed: before that the answer is local (the screen asks often).
      const client = op.state === 'done' && reel?.serviceId && (await canAskService(ctx)) ? ctx.connection.requireClient() : null;
      const read = async (from: ServiceClient | null) => {
        const counts = from && reel?.serviceId ? (await from.reels.get(reel.serviceId)).counts : (reel?.serviceSnapshot?.counts ?? null);
        return { counts, activation: await activationProgress(bind, reel?.serviceId ?? null, counts, from) };
      };
      // A service that stopped answering between polls: the last known numbers, marked not live.
      const { counts, activation } = await read(client).catch((error: unknown) => {
        if (client && isServiceError(error) && (error.kind === 'network' || error.kind === 'timeout')) return read(null);
        throw error;
      });
      return {
        state: op.state,
        result: (op.result as Record<string, unknown> | null) ?? null,
        identifiableCount: counts?.identifiableCount ?? null,
        boundCount: counts?.boundCount ?? null,
        activation,
      };
    },
  };
}
