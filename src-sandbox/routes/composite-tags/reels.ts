// Reels. spec: Labels and Reels — GET `/reels` (collectionId, unfiled, transferred, q), POST `/reels`,
// GET and PATCH `/reels/{reel_collection_id}`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReelCreateBodySchema,
  ReelCreateResponseSchema,
  ReelListQuerySchema,
  ReelListResponseSchema,
  ReelReadResponseSchema,
  ReelUpdateBodySchema,
  ReelUpdateResponseSchema,
} from '../../../src-shared/api/labels';
import { normalizeExpectedIdentifiers } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireMember, requireWriter } from '../../http/authority';
import { visibleLabelCollection, visibleReel } from './access';
import { ReelParamsSchema } from './params';
import type { CollectionRow } from '../../store/rows';

export const reelRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.get('/reels', { schema: { querystring: ReelListQuerySchema, response: { 200: ReelListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const { rows: kept, nextCursor } = store.reels.listReels(svc, request.query);
    return { reels: kept.map((r) => store.reels.reelView(r)), nextCursor };
  });

  // spec: "`{name, description?, collectionId?, expectedIdentifiers?}`; returns `{reel}` with zero counts; always
  // creates a new Reel" (names are never unique, so a repeated name is a second Reel).
  app.post('/reels', { schema: { body: ReelCreateBodySchema, response: { 201: ReelCreateResponseSchema } } }, async (request, reply) => {
    const { svc } = request;
    requireWriter(svc);
    const body = request.body;
    if (body.collectionId) visibleLabelCollection(store, svc, body.collectionId, 'filing_collection_not_found');
    const id = store.reels.insertCollection({
      kind: 'reel',
      orgId: svc.orgId,
      ownerTeamId: svc.teamId,
      name: body.name,
      description: body.description ?? null,
      filingCollectionId: body.collectionId ?? null,
      expectedIdentifiers: normalizeExpectedIdentifiers(body.expectedIdentifiers),
      createdById: actorOf(svc).actorId,
      at: deps.now().toISOString(),
    });
    return reply.code(201).send({ reel: store.reels.reelView(store.reels.getCollectionRow(id) as CollectionRow) });
  });

  app.get('/reels/:reel_collection_id', { schema: { params: ReelParamsSchema, response: { 200: ReelReadResponseSchema } } }, async (request) => {
    requireMember(request.svc);
    return { reel: store.reels.reelView(visibleReel(store, request.svc, request.params.reel_collection_id)) };
  });

  // spec: "rename, expected composition, move via `collectionId` (null unfiles)".
  app.patch(
    '/reels/:reel_collection_id',
    { schema: { params: ReelParamsSchema, body: ReelUpdateBodySchema, response: { 200: ReelUpdateResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleReel(store, svc, request.params.reel_collection_id);
      const body = request.body;
      if (body.collectionId) visibleLabelCollection(store, svc, body.collectionId, 'filing_collection_not_found');
      store.reels.updateCollection(
        row.collection_id,
        {
          name: body.name,
          description: body.description,
          filingCollectionId: body.collectionId,
          expectedIdentifiers: body.expectedIdentifiers === undefined ? undefined : normalizeExpectedIdentifiers(body.expectedIdentifiers),
        },
        deps.now().toISOString(),
      );
      return { reel: store.reels.reelView(store.reels.getCollectionRow(row.collection_id) as CollectionRow) };
    },
  );
};
