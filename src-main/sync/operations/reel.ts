import { DEFAULT_EXPECTED_IDENTIFIERS, type ExpectedIdentifier } from '../../../src-shared/api/labels';
import type { ServiceReel } from '../../service/read/labels';
import { knownReelServiceIds, saveReelSnapshot, setReelServiceId } from '../../store/reels';
import { HandlerAttention } from '../failure';
import { collectionServiceId, reelServiceId } from './ids';
import type { Applied, OperationContext, OperationHandler } from './types';
import type { OutboxOp } from '../../store/outbox';

// Reel operations: createReel, updateReel, activateReel (docs/sync.md, "Operation kinds").

/** Clock skew allowed between this station and the service when comparing creation times. */
const SKEW_MS = 120_000;

function adopted(reelId: string, reel: ServiceReel): Applied {
  return {
    result: { serviceId: reel.collectionId },
    apply: (db) => {
      setReelServiceId(db, reelId, reel.collectionId);
      saveReelSnapshot(db, reelId, reel);
    },
    labelIds: [],
    reelId,
  };
}

function sameComposition(a: readonly ExpectedIdentifier[], b: readonly ExpectedIdentifier[]): boolean {
  const key = (list: readonly ExpectedIdentifier[]) =>
    list
      .filter((e) => e.count > 0)
      .map((e) => `${e.tagType}:${e.count}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

export const createReelOperation: OperationHandler<'createReel'> = {
  async send(ctx, op) {
    const p = op.payload;
    const collectionId = collectionServiceId(ctx.db, p.collectionId);
    const reel = await ctx.client.reels.create(
      {
        name: p.name,
        ...(p.description === undefined ? {} : { description: p.description }),
        ...(collectionId ? { collectionId } : {}),
        ...(p.expectedIdentifiers ? { expectedIdentifiers: p.expectedIdentifiers } : {}),
      },
      ctx.call,
    );
    if (reel) return adopted(p.reelId, reel);
    // Created, but the answer names no Reel (its shape beyond `{reel}` is ours to read): find it as the landing
    // check does, never by creating another.
    const found = await findCreated(ctx, op);
    if (found) return found;
    throw new HandlerAttention(
      'STATION_CREATED_REEL_NOT_FOUND',
      `The service created the Reel "${p.name}" but its answer named no Reel and no new Reel of that name is listed; check the service's Reels, then retry or discard.`,
    );
  },
  // The service always creates a new Reel, so never blind-resend: look for exactly one Reel with
  // the same name, description and composition, created after the first attempt, not yet known here.
  async check(ctx, op) {
    const found = await findCreated(ctx, op);
    return found ? { landed: true, applied: found } : { landed: false };
  },
};

/**
 * The one Reel on the service that this createReel made: same name and description, the same composition (when
 * the service shows it), created after the first attempt (when it shows creation times), not known to this station.
 */
async function findCreated(ctx: OperationContext, op: OutboxOp<'createReel'>): Promise<Applied | null> {
  const p = op.payload;
  const since = Date.parse(op.firstAttemptAt ?? op.createdAt) - SKEW_MS;
  const known = knownReelServiceIds(ctx.db);
  const reels = await ctx.client.reels.listAll({ q: p.name }, ctx.call);
  const matches = reels.filter(
    (r) =>
      r.name === p.name &&
      (r.description ?? null) === (p.description ?? null) &&
      (r.expectedIdentifiers === null || sameComposition(r.expectedIdentifiers, p.expectedIdentifiers ?? DEFAULT_EXPECTED_IDENTIFIERS)) &&
      (r.createdAt === null || Date.parse(r.createdAt) >= since) &&
      !known.has(r.collectionId),
  );
  if (matches.length === 1) return adopted(p.reelId, matches[0] as ServiceReel);
  if (matches.length > 1) {
    throw new HandlerAttention(
      'STATION_AMBIGUOUS_REEL',
      `${matches.length} Reels named "${p.name}" appeared on the service after this station's first attempt (${matches.map((r) => r.collectionId).join(', ')}); decide which one is this Reel before retrying.`,
    );
  }
  return null;
}

export const updateReelOperation: OperationHandler<'updateReel'> = {
  async send(ctx, op) {
    const p = op.payload;
    const serviceId = reelServiceId(ctx.db, p.reelId);
    const collectionId = collectionServiceId(ctx.db, p.collectionId);
    const reel = await ctx.client.reels.update(
      serviceId,
      {
        ...(p.name === undefined ? {} : { name: p.name }),
        ...(p.description === undefined ? {} : { description: p.description }),
        ...(collectionId === undefined ? {} : { collectionId }),
        ...(p.expectedIdentifiers ? { expectedIdentifiers: p.expectedIdentifiers } : {}),
      },
      ctx.call,
    );
    return { result: { serviceId }, apply: (db) => (reel ? saveReelSnapshot(db, p.reelId, reel) : undefined), labelIds: [], reelId: p.reelId };
  },
  // A PATCH to the same values is harmless: resending is the landing check.
  check: async () => ({ landed: false }),
};

export const activateReelOperation: OperationHandler<'activateReel'> = {
  async send(ctx, op) {
    const serviceId = reelServiceId(ctx.db, op.payload.reelId);
    const answer = await ctx.client.reels.activate(serviceId, ctx.call);
    const reel = answer.reel;
    return {
      result: { activation: answer.activation },
      apply: (db) => (reel ? saveReelSnapshot(db, op.payload.reelId, reel) : undefined),
      labelIds: [],
      reelId: op.payload.reelId,
    };
  },
  // Activation is forward-only (spec: States): resending cannot double anything.
  check: async () => ({ landed: false }),
};
