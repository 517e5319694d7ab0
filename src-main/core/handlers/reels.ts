import { randomUUID } from 'node:crypto';
import type { Label } from '../../../src-shared/api/labels';
import { requireReel } from '../../enrollment/context';
import { createCollection, createReel, updateCollection, updateReel } from '../../enrollment/reels';
import { queueReelActivation } from '../../enrollment/label-ops';
import type { Db } from '../../store/database';
import { getLabelAt, getLabelByServiceId, listLabels, updateLabel, upsertLabel } from '../../store/labels';
import { getReel, listCollections, listReels, saveReelSnapshot, type LocalReel } from '../../store/reels';
import { canAskService, type CoreParts } from '../parts';
import { labelView, reelView } from '../views';
import type { AreaHandlers } from './types';

function mirrorState(label: Label): 'archived' | 'bound' | 'enrolled' {
  return label.archivedAt ? 'archived' : label.boundThreadId ? 'bound' : 'enrolled';
}

/** Merges the service's Reel and Labels into the local mirror (read when online). */
async function refreshReel(parts: CoreParts, reel: LocalReel): Promise<void> {
  if (!reel.serviceId || !(await canAskService(parts))) return;
  const client = parts.connection.requireClient();
  const [{ reel: remote }, labels] = await Promise.all([client.reels.get(reel.serviceId), client.labels.listAll({ reelCollectionId: reel.serviceId })]);
  mergeLabels(parts.db, reel, remote, labels);
}

function mergeLabels(db: Db, reel: LocalReel, remote: Parameters<typeof saveReelSnapshot>[2], labels: Label[]): void {
  db.transaction(() => {
    saveReelSnapshot(db, reel.reelId, remote);
    for (const label of labels) {
      const local = getLabelByServiceId(db, label.compositeTagId);
      if (local) {
        // Local work still queued (queued/attention) wins over the service's view until it syncs.
        if (local.state === 'enrolled' || local.state === 'bound' || local.state === 'archived') {
          updateLabel(db, local.labelId, { state: mirrorState(label), boundThreadId: label.boundThreadId });
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
        identifiers: label.members.filter((m) => m.archivedAt === null).map((m) => (m.value ? { tagType: m.tagType, value: m.value } : { tagType: m.tagType })),
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

export function reelHandlers(
  parts: CoreParts,
): AreaHandlers<'reels.create' | 'reels.update' | 'reels.list' | 'reels.show' | 'reels.activate' | 'collections.create' | 'collections.update' | 'collections.list'> {
  const ctx = parts.enrollment;
  return {
    'reels.create': (input) => {
      const { reelId } = createReel(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return { reelId };
    },
    'reels.update': (input) => {
      updateReel(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return reelView(parts.db, requireReel(ctx, input.reelId));
    },
    'reels.list': () => ({ reels: listReels(parts.db, ctx.profileId()).map((r) => reelView(parts.db, r)) }),
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
      collections: listCollections(parts.db, ctx.profileId()).map((c) => ({ collectionId: c.collectionId, serviceId: c.serviceId, name: c.name, description: c.description })),
    }),
  };
}
