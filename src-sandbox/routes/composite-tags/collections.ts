// Label Collections. spec: Labels and Reels — GET, POST `/collections`; PATCH `/collections/{collection_id}`.
// Bodies are a gap in the spec (Gaps in endpoints); src-shared/api/labels.ts has our choice.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LabelCollectionCreateBodySchema,
  LabelCollectionListResponseSchema,
  LabelCollectionResponseSchema,
  LabelCollectionUpdateBodySchema,
} from '../../../src-shared/api/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireMember, requireWriter } from '../../http/authority';
import { visibleLabelCollection } from './access';
import { CollectionParamsSchema } from './params';
import type { CollectionRow } from '../../store/rows';

export const collectionRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.get('/collections', { schema: { response: { 200: LabelCollectionListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const rows = store.reels.labelCollectionsOf(svc);
    return { collections: rows.map((r) => store.reels.collectionView(r)) };
  });

  app.post('/collections', { schema: { body: LabelCollectionCreateBodySchema, response: { 201: LabelCollectionResponseSchema } } }, async (request, reply) => {
    const { svc } = request;
    requireWriter(svc);
    const id = store.reels.insertCollection({
      kind: 'reel_collection',
      orgId: svc.orgId,
      ownerTeamId: svc.teamId,
      name: request.body.name,
      description: request.body.description ?? null,
      filingCollectionId: null,
      expectedIdentifiers: [],
      createdById: actorOf(svc).actorId,
      at: deps.now().toISOString(),
    });
    return reply.code(201).send({ collection: store.reels.collectionView(store.reels.getCollectionRow(id) as CollectionRow) });
  });

  app.patch(
    '/collections/:collection_id',
    { schema: { params: CollectionParamsSchema, body: LabelCollectionUpdateBodySchema, response: { 200: LabelCollectionResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleLabelCollection(store, svc, request.params.collection_id);
      store.reels.updateCollection(row.collection_id, request.body, deps.now().toISOString());
      return { collection: store.reels.collectionView(store.reels.getCollectionRow(row.collection_id) as CollectionRow) };
    },
  );
};
