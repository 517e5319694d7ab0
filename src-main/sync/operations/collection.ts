import { getCollection, listCollections, setCollectionServiceId } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { collectionServiceId } from './ids';
import type { OperationHandler } from './types';

// Label Collection operations. Creation is land-checked like a Reel's (a POST always creates).

const SKEW_MS = 120_000;

export const createCollectionOperation: OperationHandler<'createCollection'> = {
  async send(ctx, op) {
    const p = op.payload;
    const collection = await ctx.client.collections.create({ name: p.name, ...(p.description === undefined ? {} : { description: p.description }) }, ctx.call);
    if (collection)
      return {
        result: { serviceId: collection.collectionId },
        apply: (db) => setCollectionServiceId(db, p.collectionId, collection.collectionId),
        labelIds: [],
        reelId: null,
      };
    // Created, but the answer names none: find it as the landing check does.
    const check = await createCollectionOperation.check(ctx, op, 'unknown');
    if (check.landed) return check.applied;
    throw new HandlerAttention(
      'STATION_CREATED_COLLECTION_NOT_FOUND',
      `The service created the Label Collection "${p.name}" but its answer named none and no new collection of that name is listed; check the service, then retry or discard.`,
    );
  },
  async check(ctx, op) {
    const p = op.payload;
    const since = Date.parse(op.firstAttemptAt ?? op.createdAt) - SKEW_MS;
    const local = getCollection(ctx.db, p.collectionId);
    const known = new Set(listCollections(ctx.db, local?.profileId ?? op.profileId).map((c) => c.serviceId));
    const collections = await ctx.client.collections.list(ctx.call);
    const matches = collections.filter(
      (c) =>
        c.name === p.name &&
        (c.description ?? null) === (p.description ?? null) &&
        (c.createdAt === null || Date.parse(c.createdAt) >= since) &&
        !known.has(c.collectionId),
    );
    if (matches.length > 1)
      throw new HandlerAttention(
        'STATION_AMBIGUOUS_COLLECTION',
        `${matches.length} Label Collections named "${p.name}" appeared after the first attempt; decide which one is this collection.`,
      );
    const match = matches[0];
    if (!match) return { landed: false };
    return {
      landed: true,
      applied: {
        result: { serviceId: match.collectionId },
        apply: (db) => setCollectionServiceId(db, p.collectionId, match.collectionId),
        labelIds: [],
        reelId: null,
      },
    };
  },
};

export const updateCollectionOperation: OperationHandler<'updateCollection'> = {
  async send(ctx, op) {
    const p = op.payload;
    const serviceId = collectionServiceId(ctx.db, p.collectionId) as string;
    await ctx.client.collections.update(
      serviceId,
      { ...(p.name === undefined ? {} : { name: p.name }), ...(p.description === undefined ? {} : { description: p.description }) },
      ctx.call,
    );
    return { result: { serviceId }, apply: () => undefined, labelIds: [], reelId: null };
  },
  check: async () => ({ landed: false }),
};
