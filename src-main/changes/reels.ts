import { randomUUID } from 'node:crypto';
import { DEFAULT_EXPECTED_IDENTIFIERS, type ExpectedIdentifier } from '../../src-shared/api/labels';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ReelListInput } from '../../src-shared/ipc/reels';
import { audit } from '../store/audit';
import { enqueue, latestOpFor } from '../store/outbox';
import { getCollection, insertCollection, insertReel, setReelCreateOp, updateCollectionFields, updateReelFields, type LocalReel } from '../store/reels';
import { requireReel, type ChangeContext } from './context';

// Reels and Label Collections are created locally first (a local id, valid offline); their
// creation on the service is queued (docs/sync.md, "Operation kinds": createReel, createCollection, updateReel).

export interface CreateReelInput {
  name: string;
  description?: string;
  collectionId?: string;
  expectedIdentifiers?: ExpectedIdentifier[];
}

export function createReel(ctx: ChangeContext, input: CreateReelInput): { reelId: string; opId: string } {
  const profileId = ctx.profileId();
  const collection = input.collectionId ? getCollection(ctx.db, input.collectionId) : undefined;
  if (input.collectionId && !collection) {
    throw new StationError({ code: StationErrorCode.notFound, message: `No Label Collection "${input.collectionId}" on this station.` });
  }
  const reelId = randomUUID();
  const opId = ctx.db.transaction(() => {
    insertReel(ctx.db, {
      reelId,
      profileId,
      serviceId: null,
      name: input.name,
      description: input.description ?? null,
      collectionId: input.collectionId ?? null,
      expectedIdentifiers: input.expectedIdentifiers ?? [...DEFAULT_EXPECTED_IDENTIFIERS],
      createOpId: null,
    });
    const id = enqueue(ctx.db, {
      profileId,
      kind: 'createReel',
      subject: reelId,
      payload: { reelId, name: input.name, description: input.description, collectionId: input.collectionId, expectedIdentifiers: input.expectedIdentifiers },
      dependsOn: [input.collectionId ? latestOpFor(ctx.db, input.collectionId, 'createCollection')?.id : undefined],
    });
    setReelCreateOp(ctx.db, reelId, id);
    audit(ctx.db, 'reel.create', reelId, { name: input.name });
    return id;
  })();
  return { reelId, opId };
}

export function updateReel(
  ctx: ChangeContext,
  input: { reelId: string; name?: string; description?: string | null; collectionId?: string | null; expectedIdentifiers?: ExpectedIdentifier[] },
): string {
  const reel = requireReel(ctx, input.reelId);
  if (input.collectionId) {
    // Filing into a collection this station does not know could never be sent: refuse it now.
    const collection = getCollection(ctx.db, input.collectionId);
    if (!collection || collection.profileId !== reel.profileId) {
      throw new StationError({
        code: StationErrorCode.notFound,
        message: `No Label Collection "${input.collectionId}" on this station's active connection.`,
      });
    }
  }
  return ctx.db.transaction(() => {
    updateReelFields(ctx.db, reel.reelId, input);
    const opId = enqueue(ctx.db, {
      profileId: reel.profileId,
      kind: 'updateReel',
      subject: reel.reelId,
      payload: input,
      dependsOn: [input.collectionId ? latestOpFor(ctx.db, input.collectionId, 'createCollection')?.id : undefined],
    });
    audit(ctx.db, 'reel.update', reel.reelId, { ...input });
    return opId;
  })();
}

export function createCollection(ctx: ChangeContext, input: { name: string; description?: string }): { collectionId: string; opId: string } {
  const profileId = ctx.profileId();
  const collectionId = randomUUID();
  const opId = ctx.db.transaction(() => {
    insertCollection(ctx.db, { collectionId, profileId, serviceId: null, name: input.name, description: input.description ?? null });
    audit(ctx.db, 'collection.create', collectionId, { name: input.name });
    return enqueue(ctx.db, { profileId, kind: 'createCollection', subject: collectionId, payload: { collectionId, ...input } });
  })();
  return { collectionId, opId };
}

export function updateCollection(ctx: ChangeContext, input: { collectionId: string; name?: string; description?: string | null }): string {
  const collection = getCollection(ctx.db, input.collectionId);
  if (!collection) throw new StationError({ code: StationErrorCode.notFound, message: `No Label Collection "${input.collectionId}" on this station.` });
  return ctx.db.transaction(() => {
    updateCollectionFields(ctx.db, input.collectionId, input);
    return enqueue(ctx.db, { profileId: collection.profileId, kind: 'updateCollection', subject: input.collectionId, payload: input });
  })();
}

/**
 * The Reels list's local rule (spec: `GET /reels` filters): search in name and description
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
