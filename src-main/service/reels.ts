import { PATHS, type BulkBindBody, type ReelCreateBody, type ReelUpdateBody, type TransferredFilter } from '../../src-shared/api';
import { emptyAnswer } from './errors';
import { collectAll } from './paginate';
import { BulkBindAnswerSchema, type BulkBindAnswer } from './read/bulk-bind';
import type { ListAnswer } from './read/fields';
import { ReelActivateAnswerSchema, ReelAnswerSchema, ReelListAnswerSchema, type ServiceReel } from './read/labels';
import { asQuery, type CallOptions, type Transport } from './transport';

// spec: Labels and Reels — `/reels`, `/reels/{id}`, `/reels/{id}/activate`, `/reels/{id}/bulk-bind`.

interface ReelListFilters {
  q?: string;
  collectionId?: string;
  unfiled?: boolean;
  transferred?: TransferredFilter;
  cursor?: string;
  pageSize?: number;
}

export interface ReelsApi {
  list(query?: ReelListFilters, opts?: CallOptions): Promise<ListAnswer<ServiceReel>>;
  /** Every page, whatever page size the service chooses. */
  listAll(query?: Omit<ReelListFilters, 'cursor'>, opts?: CallOptions): Promise<ServiceReel[]>;
  /**
   * `POST /reels`. The service always creates a new Reel, so this is never resent after an unknown outcome.
   * Null when the answer carries no Reel: the caller finds it as the landing check does.
   */
  create(body: ReelCreateBody, opts?: CallOptions): Promise<ServiceReel | null>;
  get(reelId: string, opts?: CallOptions): Promise<ServiceReel>;
  /** Null when the answer carries no Reel. */
  update(reelId: string, body: ReelUpdateBody, opts?: CallOptions): Promise<ServiceReel | null>;
  /** Activates the Reel's optical markings in the background; progress in `counts.identifiableCount`. */
  activate(reelId: string, opts?: CallOptions): Promise<{ activation: string | null; reel: ServiceReel | null }>;
  /** Bulk-bind a position range to Threads. `dryRun: true` changes nothing and is retried like a read. */
  bulkBind(reelId: string, body: BulkBindBody, opts?: CallOptions): Promise<BulkBindAnswer>;
}

export function reelsApi(t: Transport): ReelsApi {
  const list = (query?: ReelListFilters, opts?: CallOptions): Promise<ListAnswer<ServiceReel>> =>
    t.request({ method: 'GET', path: PATHS.reels, query: asQuery(query), schema: ReelListAnswerSchema, idempotent: true }, opts);
  return {
    list,
    listAll: (query, opts) =>
      collectAll(
        (cursor) => list({ ...query, cursor }, opts),
        (page) => page.items,
      ),
    create: (body, opts) => t.request({ method: 'POST', path: PATHS.reels, json: body, schema: ReelAnswerSchema, idempotent: false }, opts),
    get: async (reelId, opts) => {
      const reel = await t.request({ method: 'GET', path: PATHS.reel(reelId), schema: ReelAnswerSchema, idempotent: true }, opts);
      if (reel === null) throw emptyAnswer('GET', PATHS.reel(reelId), 'reel');
      return reel;
    },
    update: (reelId, body, opts) => t.request({ method: 'PATCH', path: PATHS.reel(reelId), json: body, schema: ReelAnswerSchema, idempotent: false }, opts),
    activate: (reelId, opts) => t.request({ method: 'POST', path: PATHS.reelActivate(reelId), schema: ReelActivateAnswerSchema, idempotent: false }, opts),
    bulkBind: (reelId, body, opts) =>
      t.request({ method: 'POST', path: PATHS.reelBulkBind(reelId), json: body, schema: BulkBindAnswerSchema, idempotent: body.dryRun === true }, opts),
  };
}
