import { PATHS, type LabelCollectionCreateBody, type LabelCollectionUpdateBody } from '../../src-shared/api';
import { collectAll } from './paginate';
import { CollectionAnswerSchema, CollectionListAnswerSchema, type ServiceCollection } from './read/labels';
import type { CallOptions, Transport } from './transport';

// spec: Labels and Reels — GET, POST `/collections`; PATCH `/collections/{collection_id}` (Label Collections).

export interface CollectionsApi {
  /** Every page. */
  list(opts?: CallOptions): Promise<ServiceCollection[]>;
  /** Null when the answer carries no collection (the landing check finds it). */
  create(body: LabelCollectionCreateBody, opts?: CallOptions): Promise<ServiceCollection | null>;
  update(collectionId: string, body: LabelCollectionUpdateBody, opts?: CallOptions): Promise<ServiceCollection | null>;
}

export function collectionsApi(t: Transport): CollectionsApi {
  return {
    list: (opts) =>
      collectAll(
        (cursor) => t.request({ method: 'GET', path: PATHS.labelCollections, query: { cursor }, schema: CollectionListAnswerSchema, idempotent: true }, opts),
        (page) => page.items,
      ),
    create: (body, opts) => t.request({ method: 'POST', path: PATHS.labelCollections, json: body, schema: CollectionAnswerSchema, idempotent: false }, opts),
    update: (collectionId, body, opts) =>
      t.request({ method: 'PATCH', path: PATHS.labelCollection(collectionId), json: body, schema: CollectionAnswerSchema, idempotent: false }, opts),
  };
}
