import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { reelCommands } from '../../src-shared/ipc/reels';
import { randomUUID } from 'node:crypto';
import type { ServiceLabel, ServiceReel } from '../service/read/labels';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ReelListInput } from '../../src-shared/ipc/reels';
import { requireReel } from '../changes/context';
import { checkPrintData } from '../changes/import';
import { createCollection, createReel, updateCollection, updateReel } from '../changes/reels';
import { queueReelActivation } from '../changes/label-changes';
import type { Db } from '../store/database';
import { getLabelAt, getLabelByServiceId, listLabels, updateLabel, upsertLabel } from '../store/labels';
import { getCollection, getReel, listCollections, listReels, saveReelSnapshot, type LocalReel } from '../store/reels';
import { canAskService, type CommandContext } from './context';
import { labelView, reelView } from './views';

function mirrorState(label: ServiceLabel): 'archived' | 'bound' | 'enrolled' {
  return label.archived ? 'archived' : label.bound ? 'bound' : 'enrolled';
}

/** Merges the service's Reel and Labels into the local mirror (read when online). */
async function refreshReel(parts: CommandContext, reel: LocalReel): Promise<void> {
  if (!reel.serviceId || !(await canAskService(parts))) return;
  const client = parts.connection.requireClient();
  const [remote, labels] = await Promise.all([client.reels.get(reel.serviceId), client.labels.listAll({ reelCollectionId: reel.serviceId })]);
  mergeLabels(parts.db, reel, remote, labels);
}

function mergeLabels(db: Db, reel: LocalReel, remote: ServiceReel, labels: ServiceLabel[]): void {
  db.transaction(() => {
    saveReelSnapshot(db, reel.reelId, remote);
    for (const label of labels) {
      const local = getLabelByServiceId(db, label.compositeTagId);
      if (local) {
        // Local work still queued (queued/attention) wins over the service's view until it syncs.
        if (local.state === 'enrolled' || local.state === 'bound' || local.state === 'archived') {
          // The bound Thread is kept from what this station bound when the service's Label does not name it.
          updateLabel(db, local.labelId, { state: mirrorState(label), boundThreadId: label.bound ? (label.boundThreadId ?? local.boundThreadId) : null });
        }
        continue;
      }
      if (getLabelAt(db, reel.reelId, label.position)) continue;
      upsertLabel(db, {
        labelId: randomUUID(),
        reelId: reel.reelId,
        position: label.position,
        state: mirrorState(label),
        serviceId: label.compositeTagId,
        identifiers: (label.members ?? [])
          .filter((m) => m.archivedAt === null)
          .map((m) => (m.value ? { tagType: m.tagType, value: m.value } : { tagType: m.tagType })),
        expected: null,
        captureSha256: null,
        indexing: 'default',
        warnings: [],
        attention: null,
        boundThreadId: label.boundThreadId,
      });
    }
  })();
}

/**
 * The list's local rule (spec: `GET /reels` filters): search in name and description
 * (case-insensitive), filing, and the shipped state given (the service's, or as last read).
 */
export function matchesReelFilters(
  reel: Pick<LocalReel, 'name' | 'description' | 'collectionId'>,
  transferredAt: string | null,
  filters: ReelListInput,
): boolean {
  const q = filters.q?.trim().toLowerCase();
  if (q && !reel.name.toLowerCase().includes(q) && !(reel.description ?? '').toLowerCase().includes(q)) return false;
  if (filters.collectionId !== undefined && reel.collectionId !== filters.collectionId) return false;
  if (filters.unfiled === true && reel.collectionId !== null) return false;
  if (filters.transferred === 'only' && transferredAt === null) return false;
  if (filters.transferred === 'hide' && transferredAt !== null) return false;
  return true;
}

/**
 * The shipped Reels as the service says now (`GET /reels?transferred=only`, every page), or null
 * when it cannot be asked. Asking for the shipped ones (rather than passing `hide` through) keeps a
 * Reel the service does not list at all (not readable any more, say) from vanishing under "hide".
 */
async function shippedOnService(parts: CommandContext): Promise<Map<string, ServiceReel> | null> {
  if (!(await canAskService(parts))) return null;
  try {
    const client = parts.connection.requireClient();
    const reels = await client.reels.listAll({ transferred: 'only', pageSize: 100 });
    return new Map(reels.map((r) => [r.collectionId, r]));
  } catch {
    // A failed read answers from what was last read, like reels.show.
    return null;
  }
}

export function reelHandlers(parts: CommandContext): CommandHandlers<keyof typeof reelCommands> {
  const ctx = parts.changes;
  return {
    'reels.create': (input) => {
      const { reelId } = createReel(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return { reelId };
    },
    'reels.update': (input) => {
      const reel = requireReel(ctx, input.reelId);
      if (input.collectionId) {
        // Filing into a collection this station does not know could never be sent: refuse it now.
        const collection = getCollection(parts.db, input.collectionId);
        if (!collection || collection.profileId !== reel.profileId) {
          throw new StationError({
            code: StationErrorCode.notFound,
            message: `No Label Collection "${input.collectionId}" on this station's active connection.`,
          });
        }
      }
      updateReel(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return reelView(parts.db, requireReel(ctx, input.reelId));
    },
    'reels.list': async (filters) => {
      const reels = listReels(parts.db, ctx.profileId());
      // Only the service knows what was shipped: ask it when the filter needs it and it can be asked.
      const shipped = filters.transferred === 'only' || filters.transferred === 'hide' ? await shippedOnService(parts) : null;
      if (shipped) {
        parts.db.transaction(() => {
          for (const reel of reels) {
            const remote = reel.serviceId ? shipped.get(reel.serviceId) : undefined;
            if (remote) saveReelSnapshot(parts.db, reel.reelId, remote);
          }
        })();
      }
      const shown = reels.flatMap((reel) => {
        // A Reel not on the service yet was never shipped.
        const transferredAt = shipped
          ? ((reel.serviceId ? shipped.get(reel.serviceId)?.transferredAt : null) ?? null)
          : (reel.serviceSnapshot?.transferredAt ?? null);
        if (!matchesReelFilters(reel, transferredAt, filters)) return [];
        const fresh = shipped && reel.serviceId && shipped.has(reel.serviceId) ? (getReel(parts.db, reel.reelId) as LocalReel) : reel;
        return [{ ...reelView(parts.db, fresh), transferredAt }];
      });
      return { reels: shown, transferredFrom: shipped ? ('service' as const) : ('local' as const) };
    },
    // The import's own check (src-main/changes/import.ts), nothing written.
    'reels.checkPrintData': ({ reelId, csv, expectedOnly }) => {
      const { problems, rows } = checkPrintData(
        parts.db,
        requireReel(ctx, reelId),
        { csv },
        { expectedOnly: expectedOnly ?? false, allowFilePaths: parts.allowFilePaths, baseDir: process.cwd() },
      );
      return {
        ok: problems.ok,
        rows: problems.ok ? rows : null,
        badRows: problems.badRows,
        badRowCount: problems.badRowCount,
        fileProblems: problems.fileProblems,
      };
    },
    'reels.show': async ({ reelId, refresh }) => {
      const reel = requireReel(ctx, reelId);
      // Refreshed from the service when online (unless refresh: false); a failed read still shows local state.
      if (refresh !== false) {
        try {
          await refreshReel(parts, reel);
        } catch (error) {
          if (refresh) throw error;
        }
      }
      const fresh = getReel(parts.db, reelId) as LocalReel;
      return { ...reelView(parts.db, fresh), labels: listLabels(parts.db, reelId).map(labelView) };
    },
    'reels.activate': ({ reelId }) => {
      const opId = queueReelActivation(ctx, reelId);
      parts.statusChanged();
      parts.engine.notify();
      return { opId };
    },
    'collections.create': (input) => {
      const { collectionId } = createCollection(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return { collectionId };
    },
    'collections.update': (input) => {
      updateCollection(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return { collectionId: input.collectionId };
    },
    'collections.list': () => ({
      collections: listCollections(parts.db, ctx.profileId()).map((c) => ({
        collectionId: c.collectionId,
        serviceId: c.serviceId,
        name: c.name,
        description: c.description,
      })),
    }),
  };
}
