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
import { collectionView, getCollectionRow, insertCollection, labelCollectionsOf, updateCollection } from '../../store/reels';
import type { CollectionRow } from '../../store/rows';

export const collectionRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.get('/collections', { schema: { response: { 200: LabelCollectionListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const rows = labelCollectionsOf(db, svc);
    return { collections: rows.map((r) => collectionView(db, r)) };
  });

  app.post('/collections', { schema: { body: LabelCollectionCreateBodySchema, response: { 201: LabelCollectionResponseSchema } } }, async (request, reply) => {
    const { svc } = request;
    requireWriter(svc);
    const id = insertCollection(db, {
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
    return reply.code(201).send({ collection: collectionView(db, getCollectionRow(db, id) as CollectionRow) });
  });

  app.patch(
    '/collections/:collection_id',
    { schema: { params: CollectionParamsSchema, body: LabelCollectionUpdateBodySchema, response: { 200: LabelCollectionResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleLabelCollection(db, svc, request.params.collection_id);
      updateCollection(db, row.collection_id, request.body, deps.now().toISOString());
      return { collection: collectionView(db, getCollectionRow(db, row.collection_id) as CollectionRow) };
    },
  );
};
