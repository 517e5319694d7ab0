import { dirname, resolve } from 'node:path';
import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { reelCommands } from '../../src-shared/ipc/reels';
import { requireReel } from '../changes/context';
import { requireFilePathsAllowed } from '../changes/capture-source';
import { setBenchRange, setReelDirection } from '../changes/bench-range';
import { checkPrintData, importPrintData } from '../changes/import';
import { createCollection, createReel, matchesReelFilters, updateCollection, updateReel } from '../changes/reels';
import { adoptServiceReel, labelsMoved, mergeServiceReel, saveShippedSnapshots, startMirror, type Mirror } from '../changes/shared-reel';
import { queueReelActivation } from '../changes/label-changes';
import type { ServiceLabel, ServiceReel } from '../service/read/labels';
import { listLabels, type LocalLabel } from '../store/labels';
import { getProfileReelByServiceId, getReel, listCollections, listReels, type LocalReel } from '../store/reels';
import { canAskService, requireOnline, type CommandContext } from './context';
import { reelLabelsSince } from './reel-changes';
import { reelLabelViews, reelView } from './views';
import { reelExtent } from '../changes/reel-extent';

/**
 * The page size asked when a Reel's Labels are read in full: the spec shows no largest page size, so the service may
 * answer fewer (the cursor is followed whatever it gives); 500 reads a 10,000-Label Reel in 20 requests where the
 * default (50 on the sandbox) takes 200.
 */
const LABEL_PAGE = 500;

/**
 * Reads a Reel from the service into the mirror (src-main/changes/shared-reel.ts): its counts first, every Label
 * only when the counts moved since they were last read. Nothing when it is not on the service yet or the service
 * cannot be asked.
 */
export async function refreshReel(ctx: CommandContext, reel: LocalReel): Promise<void> {
  if (!reel.serviceId || !(await canAskService(ctx))) return;
  const remote = await ctx.connection.requireClient().reels.get(reel.serviceId);
  if (!labelsMoved(reel, remote)) {
    mergeServiceReel(ctx.db, reel, remote, null);
    return;
  }
  // The first page asked, and on the wire, before the mirror reads the Reel's rows, so the service prepares it meanwhile.
  const asked = labelPages(ctx, remote.collectionId);
  await ctx.connection.requireClient().onTheWire();
  await readLabels(startMirror(ctx.db, reel), remote, asked);
  // The mirror may have noted this bench's Labels taken elsewhere: the status counts them (the Queue's nav entry).
  ctx.statusChanged();
}

type LabelPages = AsyncGenerator<readonly ServiceLabel[], void, undefined>;

/**
 * The pages of a Reel's Labels, the first one asked at once (before the caller reads its own rows or the Reel), so
 * the service prepares it meanwhile. A failure of that first request surfaces when the pages are read.
 */
function labelPages(ctx: CommandContext, serviceId: string): { pages: LabelPages; first: Promise<IteratorResult<readonly ServiceLabel[], void>> } {
  const pages = ctx.connection.requireClient().labels.listPages({ reelCollectionId: serviceId, pageSize: LABEL_PAGE });
  const first = pages.next();
  first.catch(() => undefined);
  return { pages, first };
}

/**
 * Every Label of the Reel, merged page by page while the next page is asked; the Reel's Labels after it. A page that
 * fails ends the read before `finish`: the pages before stay merged, but the Reel's counts are not saved, so it is
 * never taken as read in full (the next refresh reads every Label again) and no Label leaves for not being listed.
 */
async function readLabels(mirror: Mirror, remote: ServiceReel, asked: ReturnType<typeof labelPages>, progress?: OpenProgress): Promise<LocalLabel[]> {
  for (let page = await asked.first; !page.done; page = await asked.pages.next()) {
    mirror.page(page.value);
    progress?.page(page.value.length);
  }
  mirror.finish(remote);
  progress?.done();
  return mirror.labels();
}

interface OpenProgress {
  page(labels: number): void;
  done(): void;
}

/**
 * The `reels.openProgress` events of one opening (docs/sync.md, "Opening at shop scale"): one as soon as the Reel is
 * known, one after each page merged, the last one `done`. The spec names no total for a list of Labels: the total is
 * the Reel's Label count when the service gives one (our reading of its counts), never below what was read, else
 * null (the UI then says only how much was read); the pages to read follow from it and the first page's length.
 */
function openProgress(ctx: CommandContext, progressKey: string, serviceId: string, remote: ServiceReel): OpenProgress {
  const counted = remote.counts?.labelCount ?? null;
  let pages = 0;
  let labels = 0;
  let pageLength = 0;
  const emit = (done: boolean) => {
    const total = counted === null ? null : Math.max(counted, labels);
    const pagesTotal = done ? pages : total === null || pageLength === 0 ? null : Math.max(pages, Math.ceil(total / pageLength));
    ctx.events.emit('reels.openProgress', { progressKey, serviceId, pages, labels, total: done ? labels : total, pagesTotal, done });
  };
  emit(false);
  return {
    page(read) {
      pages += 1;
      labels += read;
      if (pages === 1) pageLength = read;
      emit(false);
    },
    done: () => emit(true),
  };
}

/**
 * The shipped Reels as the service says now (`GET /reels?transferred=only`, every page), or null
 * when it cannot be asked. Asking for the shipped ones (rather than passing `hide` through) keeps a
 * Reel the service does not list at all (not readable any more, say) from vanishing under "hide".
 */
async function shippedOnService(ctx: CommandContext): Promise<Map<string, ServiceReel> | null> {
  if (!(await canAskService(ctx))) return null;
  try {
    const reels = await ctx.connection.requireClient().reels.listAll({ transferred: 'only', pageSize: 100 });
    return new Map(reels.map((r) => [r.collectionId, r]));
  } catch {
    // A failed read answers from what was last read, like reels.show.
    return null;
  }
}

function changed(ctx: CommandContext): void {
  ctx.statusChanged();
  ctx.engine.notify();
}

export function reelHandlers(ctx: CommandContext): CommandHandlers<keyof typeof reelCommands> {
  /** A Reel read from the service when online (unless refresh: false); a failed read still shows local state. */
  const readService = async (reelId: string, refresh: boolean | undefined) => {
    const reel = requireReel(ctx.changes, reelId);
    if (refresh === false) return;
    try {
      await refreshReel(ctx, reel);
    } catch (error) {
      if (refresh) throw error;
    }
  };
  return {
    'reels.create': (input) => {
      const { reelId } = createReel(ctx.changes, input);
      changed(ctx);
      return { reelId };
    },
    'reels.update': (input) => {
      updateReel(ctx.changes, input);
      changed(ctx);
      return reelView(ctx.db, requireReel(ctx.changes, input.reelId));
    },
    'reels.list': async (filters) => {
      // Only the service knows what was shipped: ask it when the filter needs it and it can be asked.
      const shipped = filters.transferred === 'only' || filters.transferred === 'hide' ? await shippedOnService(ctx) : null;
      if (shipped) saveShippedSnapshots(ctx.db, listReels(ctx.db, ctx.changes.profileId()), shipped);
      const reels = listReels(ctx.db, ctx.changes.profileId()).flatMap((reel) => {
        // A Reel not on the service yet was never shipped.
        const transferredAt = shipped
          ? ((reel.serviceId ? shipped.get(reel.serviceId)?.transferredAt : null) ?? null)
          : (reel.serviceSnapshot?.transferredAt ?? null);
        return matchesReelFilters(reel, transferredAt, filters) ? [{ ...reelView(ctx.db, reel), transferredAt }] : [];
      });
      return { reels, transferredFrom: shipped ? ('service' as const) : ('local' as const) };
    },
    'reels.find': async ({ q }) => {
      await requireOnline(ctx);
      const found = await ctx.connection.requireClient().reels.listAll({ ...(q?.trim() ? { q: q.trim() } : {}), pageSize: 100 });
      return {
        reels: found.map((r) => ({
          serviceId: r.collectionId,
          name: r.name,
          description: r.description,
          labelCount: r.counts?.labelCount ?? null,
          reelId: getProfileReelByServiceId(ctx.db, ctx.changes.profileId(), r.collectionId)?.reelId ?? null,
        })),
      };
    },
    'reels.open': async ({ serviceId, positions, printData, progressKey }) => {
      if (printData && 'path' in printData) requireFilePathsAllowed(ctx.allowFilePaths, 'reels.open', 'printData.path');
      await requireOnline(ctx);
      // The Reel and the first page of its Labels asked together (docs/sync.md, "Opening at shop scale"); a Reel open
      // here already has its rows read while the service answers, once both requests are on the wire.
      const client = ctx.connection.requireClient();
      const asked = labelPages(ctx, serviceId);
      const remoteAsked = client.reels.get(serviceId);
      remoteAsked.catch(() => undefined);
      await client.onTheWire();
      const known = getProfileReelByServiceId(ctx.db, ctx.changes.profileId(), serviceId);
      const early = known ? startMirror(ctx.db, known) : null;
      let remote: ServiceReel;
      try {
        remote = await remoteAsked;
      } catch (error) {
        await asked.pages.return();
        throw error;
      }
      const adopt = () => {
        const adopted = adoptServiceReel(ctx.changes, remote);
        return positions ? setBenchRange(ctx.changes, adopted.reelId, positions) : adopted;
      };
      const reel = early ? early.alongside(adopt) : adopt();
      // The answer's Labels as the mirror holds them (docs/sync.md, "Opening at shop scale": not read again from the database).
      const progress = progressKey === undefined ? undefined : openProgress(ctx, progressKey, serviceId, remote);
      let labels = await readLabels(early ?? startMirror(ctx.db, reel), remote, asked, progress);
      if (printData) {
        // The print run's CSV kept as this bench's print data (docs/sync.md, "Print data on every bench"): the
        // import's expected-only path, all or nothing; a bad file leaves the Reel open without it and names its rows.
        await importPrintData(ctx.changes, {
          reelId: reel.reelId,
          source: 'path' in printData ? { ...printData, path: resolve(printData.path) } : printData,
          baseDir: 'path' in printData ? dirname(resolve(printData.path)) : process.cwd(),
          expectedOnly: true,
        });
        labels = listLabels(ctx.db, reel.reelId);
        ctx.labelsChanged(reel.reelId, []);
      }
      ctx.statusChanged();
      return { reelId: reel.reelId, ...reelLabelViews(labels), benchRange: reel.benchRange };
    },
    'reels.setDirection': ({ reelId, direction }) => {
      const reel = setReelDirection(ctx.changes, reelId, direction);
      ctx.labelsChanged(reelId, []);
      return reelView(ctx.db, reel);
    },
    'reels.setRange': ({ reelId, range }) => {
      const reel = setBenchRange(ctx.changes, reelId, range);
      ctx.labelsChanged(reelId, []);
      return reelView(ctx.db, reel);
    },
    // The import's own check (src-main/changes/import.ts), nothing written.
    'reels.checkPrintData': ({ reelId, csv, expectedOnly, separator }) => {
      const check = checkPrintData(
        ctx.db,
        requireReel(ctx.changes, reelId),
        { csv, separator },
        { expectedOnly: expectedOnly ?? false, allowFilePaths: ctx.allowFilePaths, baseDir: process.cwd() },
      );
      const { problems } = check;
      return {
        ok: problems.ok,
        rows: problems.ok ? check.rows : null,
        badRows: problems.badRows,
        badRowCount: problems.badRowCount,
        fileProblems: problems.fileProblems,
        fileIssues: problems.fileIssues,
        reading: check.reading,
        missingColumns: check.missingColumns,
        contradicted: check.contradicted,
        contradictedCount: check.contradictedCount,
      };
    },
    'reels.show': async ({ reelId, refresh }) => {
      await readService(reelId, refresh);
      return {
        ...reelView(ctx.db, getReel(ctx.db, reelId) as LocalReel),
        ...reelLabelViews(listLabels(ctx.db, reelId)),
        extent: reelExtent(ctx.db, reelId),
      };
    },
    'reels.showChanged': async ({ reelId, refresh, since }) => {
      await readService(reelId, refresh);
      // The Labels first: the Reel's fields read after them are as new or newer.
      const labels = reelLabelsSince(ctx.db, reelId, since);
      return { ...reelView(ctx.db, getReel(ctx.db, reelId) as LocalReel), ...labels, extent: reelExtent(ctx.db, reelId) };
    },
    'reels.activate': ({ reelId }) => {
      const opId = queueReelActivation(ctx.changes, reelId);
      changed(ctx);
      return { opId };
    },
    'collections.create': (input) => {
      const { collectionId } = createCollection(ctx.changes, input);
      changed(ctx);
      return { collectionId };
    },
    'collections.update': (input) => {
      updateCollection(ctx.changes, input);
      changed(ctx);
      return { collectionId: input.collectionId };
    },
    'collections.list': () => ({
      collections: listCollections(ctx.db, ctx.changes.profileId()).map((c) => ({
        collectionId: c.collectionId,
        serviceId: c.serviceId,
        name: c.name,
        description: c.description,
      })),
    }),
  };
}
