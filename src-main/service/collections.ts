import {
  LabelCollectionListResponseSchema,
  LabelCollectionResponseSchema,
  PATHS,
  type LabelCollectionCreateBody,
  type LabelCollectionListResponse,
  type LabelCollectionResponse,
  type LabelCollectionUpdateBody,
} from '../../src-shared/api';
import type { CallOptions, Transport } from './transport';

// spec: Labels and Reels — GET, POST `/collections`; PATCH `/collections/{collection_id}` (Label Collections).

export interface CollectionsApi {
  list(opts?: CallOptions): Promise<LabelCollectionListResponse>;
  create(body: LabelCollectionCreateBody, opts?: CallOptions): Promise<LabelCollectionResponse>;
  update(collectionId: string, body: LabelCollectionUpdateBody, opts?: CallOptions): Promise<LabelCollectionResponse>;
}

export function collectionsApi(t: Transport): CollectionsApi {
  return {
    list: (opts) => t.request({ method: 'GET', path: PATHS.labelCollections, schema: LabelCollectionListResponseSchema, idempotent: true }, opts),
    create: (body, opts) =>
      t.request({ method: 'POST', path: PATHS.labelCollections, json: body, schema: LabelCollectionResponseSchema, idempotent: false }, opts),
    update: (collectionId, body, opts) =>
      t.request(
        { method: 'PATCH', path: PATHS.labelCollection(collectionId), json: body, schema: LabelCollectionResponseSchema, idempotent: false },
        opts,
      ),
  };
}
