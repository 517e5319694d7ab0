import {
  BulkBindResponseSchema,
  PATHS,
  ReelActivateResponseSchema,
  ReelListResponseSchema,
  ReelResponseSchema,
  type BulkBindBody,
  type BulkBindResponse,
  type ReelActivateResponse,
  type ReelCreateBody,
  type ReelListResponse,
  type ReelResponse,
  type ReelUpdateBody,
  type TransferredFilter,
} from '../../src-shared/api';
import { asQuery, type CallOptions, type Transport } from './transport';

// spec: Labels and Reels — `/reels`, `/reels/{id}`, `/reels/{id}/activate`, `/reels/{id}/bulk-bind`.

export interface ReelListFilters {
  q?: string;
  collectionId?: string;
  unfiled?: boolean;
  transferred?: TransferredFilter;
  cursor?: string;
  pageSize?: number;
}

export interface ReelsApi {
  list(query?: ReelListFilters, opts?: CallOptions): Promise<ReelListResponse>;
  /** `POST /reels`. The service always creates a new Reel, so this is never resent after an unknown outcome. */
  create(body: ReelCreateBody, opts?: CallOptions): Promise<ReelResponse>;
  get(reelId: string, opts?: CallOptions): Promise<ReelResponse>;
  update(reelId: string, body: ReelUpdateBody, opts?: CallOptions): Promise<ReelResponse>;
  /** Activates the Reel's optical markings in the background; progress in `reel.counts.identifiableCount`. */
  activate(reelId: string, opts?: CallOptions): Promise<ReelActivateResponse>;
  /** Bulk-bind a position range to Threads. `dryRun: true` changes nothing and is retried like a read. */
  bulkBind(reelId: string, body: BulkBindBody, opts?: CallOptions): Promise<BulkBindResponse>;
}

export function reelsApi(t: Transport): ReelsApi {
  return {
    list: (query, opts) =>
      t.request({ method: 'GET', path: PATHS.reels, query: asQuery(query), schema: ReelListResponseSchema, idempotent: true }, opts),
    create: (body, opts) => t.request({ method: 'POST', path: PATHS.reels, json: body, schema: ReelResponseSchema, idempotent: false }, opts),
    get: (reelId, opts) => t.request({ method: 'GET', path: PATHS.reel(reelId), schema: ReelResponseSchema, idempotent: true }, opts),
    update: (reelId, body, opts) =>
      t.request({ method: 'PATCH', path: PATHS.reel(reelId), json: body, schema: ReelResponseSchema, idempotent: false }, opts),
    activate: (reelId, opts) =>
      t.request({ method: 'POST', path: PATHS.reelActivate(reelId), schema: ReelActivateResponseSchema, idempotent: false }, opts),
    bulkBind: (reelId, body, opts) =>
      t.request(
        { method: 'POST', path: PATHS.reelBulkBind(reelId), json: body, schema: BulkBindResponseSchema, idempotent: body.dryRun === true },
        opts,
      ),
  };
}
