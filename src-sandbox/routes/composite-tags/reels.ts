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
import { finishPage, planPage } from '../../http/pagination';
import { visibleLabelCollection, visibleReel } from './access';
import { ReelParamsSchema } from './params';
import { getCollectionRow, insertCollection, reelView, updateCollection } from './reel-store';
import type { CollectionRow } from './rows';

const REEL_PAGE = {
  columns: { createdAt: 'created_at', name: 'name', updatedAt: 'updated_at' },
  defaultColumn: 'createdAt',
  defaultOrder: 'desc' as const,
  idColumn: 'collection_id',
};

export const reelRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.get('/reels', { schema: { querystring: ReelListQuerySchema, response: { 200: ReelListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const q = request.query;
    const where = ["kind = 'reel'", 'org_id = ?', 'owner_team_id = ?'];
    const params: (string | number)[] = [svc.orgId, svc.teamId];
    if (q.collectionId !== undefined) {
      where.push('filing_collection_id = ?');
      params.push(q.collectionId);
    }
    if (q.unfiled === true) where.push('filing_collection_id IS NULL');
    if (q.transferred === 'only') where.push('transferred_at IS NOT NULL');
    if (q.transferred === 'hide') where.push('transferred_at IS NULL');
    if (q.q !== undefined && q.q !== '') {
      where.push("(name LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')");
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, like);
    }
    const page = planPage(REEL_PAGE, q);
    const rows = db
      .prepare(`SELECT *, ${page.sortSelect} FROM collections WHERE ${where.join(' AND ')} AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`)
      .all(...params, ...page.params) as (CollectionRow & { page_sort: string })[];
    const { rows: kept, nextCursor } = finishPage(
      page,
      rows,
      (r) => r.page_sort,
      (r) => r.collection_id,
    );
    return { reels: kept.map((r) => reelView(db, r)), nextCursor };
  });

  // spec: "`{name, description?, collectionId?, expectedIdentifiers?}`; returns `{reel}` with zero counts; always
  // creates a new Reel" (names are never unique, so a repeated name is a second Reel).
  app.post('/reels', { schema: { body: ReelCreateBodySchema, response: { 201: ReelCreateResponseSchema } } }, async (request, reply) => {
    const { svc } = request;
    requireWriter(svc);
    const body = request.body;
    if (body.collectionId) visibleLabelCollection(db, svc, body.collectionId, 'filing_collection_not_found');
    const id = insertCollection(db, {
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
    return reply.code(201).send({ reel: reelView(db, getCollectionRow(db, id) as CollectionRow) });
  });

  app.get('/reels/:reel_collection_id', { schema: { params: ReelParamsSchema, response: { 200: ReelReadResponseSchema } } }, async (request) => {
    requireMember(request.svc);
    return { reel: reelView(db, visibleReel(db, request.svc, request.params.reel_collection_id)) };
  });

  // spec: "rename, expected composition, move via `collectionId` (null unfiles)".
  app.patch(
    '/reels/:reel_collection_id',
    { schema: { params: ReelParamsSchema, body: ReelUpdateBodySchema, response: { 200: ReelUpdateResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleReel(db, svc, request.params.reel_collection_id);
      const body = request.body;
      if (body.collectionId) visibleLabelCollection(db, svc, body.collectionId, 'filing_collection_not_found');
      updateCollection(
        db,
        row.collection_id,
        {
          name: body.name,
          description: body.description,
          filingCollectionId: body.collectionId,
          expectedIdentifiers: body.expectedIdentifiers === undefined ? undefined : normalizeExpectedIdentifiers(body.expectedIdentifiers),
        },
        deps.now().toISOString(),
      );
      return { reel: reelView(db, getCollectionRow(db, row.collection_id) as CollectionRow) };
    },
  );
};
