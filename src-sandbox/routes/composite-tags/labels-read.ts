// Reading Labels. spec: Labels and Reels — GET `` (reelCollectionId, bound, transferred, q), GET
// `/{composite_tag_id}`, POST `/resolve` (`detail` first match, `candidates[]` all matches, by position when a
// Reel is given).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identifierKey } from '../../../src-shared/domain/identifier-values';
import {
  LabelListQuerySchema,
  LabelListResponseSchema,
  LabelReadResponseSchema,
  LabelResolveBodySchema,
  LabelResolveResponseSchema,
} from '../../../src-shared/api/labels';
import type { RoutePluginOptions } from '../../deps';
import { requireMember } from '../../http/authority';
import { finishPage, planPage, type PageSpec } from '../../http/pagination';
import { findOpticalTagsWithSameMarking } from '../../optical';
import { visibleLabel, visibleReel } from './access';
import { labelView } from './label-view';
import { LabelParamsSchema } from './params';
import type { LabelRow } from './rows';

const PAGE: PageSpec = {
  columns: { createdAt: 'ct.created_at', position: 'ct.position', updatedAt: 'ct.updated_at' },
  defaultColumn: 'createdAt',
  defaultOrder: 'asc',
  idColumn: 'ct.composite_tag_id',
};
// Within one Reel the natural order is the print order.
const REEL_PAGE: PageSpec = { ...PAGE, defaultColumn: 'position' };

export const labelReadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { db } = deps;

  // The collection root is the prefix itself (spec: GET ``).
  app.get('', { schema: { querystring: LabelListQuerySchema, response: { 200: LabelListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const q = request.query;
    const where = ['ct.org_id = ?', 'ct.owner_team_id = ?'];
    const params: (string | number)[] = [svc.orgId, svc.teamId];
    if (q.reelCollectionId !== undefined) {
      visibleReel(db, svc, q.reelCollectionId);
      where.push('ct.reel_id = ?');
      params.push(q.reelCollectionId);
    }
    if (q.bound === 'only') where.push('ct.bound_thread_id IS NOT NULL');
    if (q.bound === 'unbound') where.push('ct.bound_thread_id IS NULL');
    const shipped = '(ct.transferred_at IS NOT NULL OR c.transferred_at IS NOT NULL)';
    if (q.transferred === 'only') where.push(shipped);
    if (q.transferred === 'hide') where.push(`NOT ${shipped}`);
    if (q.q !== undefined && q.q !== '') {
      const like = `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      where.push(
        "(ct.human_readable LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ct.composite_tag_id AND t.archived_at IS NULL AND t.value LIKE ? ESCAPE '\\'))",
      );
      params.push(like, like);
    }
    const page = planPage(q.reelCollectionId ? REEL_PAGE : PAGE, q);
    const rows = db
      .prepare(
        `SELECT ct.*, ${page.sortSelect} FROM composite_tags ct JOIN collections c ON c.collection_id = ct.reel_id
         WHERE ${where.join(' AND ')} AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`,
      )
      .all(...params, ...page.params) as (LabelRow & { page_sort: string | number })[];
    const { rows: kept, nextCursor } = finishPage(
      page,
      rows,
      (r) => r.page_sort,
      (r) => r.composite_tag_id,
    );
    return { labels: kept.map(({ page_sort: _sort, ...row }) => labelView(db, row)), nextCursor };
  });

  app.get('/:composite_tag_id', { schema: { params: LabelParamsSchema, response: { 200: LabelReadResponseSchema } } }, async (request) => {
    requireMember(request.svc);
    return { label: labelView(db, visibleLabel(db, request.svc, request.params.composite_tag_id)) };
  });

  app.post(
    '/resolve',
    { config: { svc: { write: false } }, schema: { body: LabelResolveBodySchema, response: { 200: LabelResolveResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireMember(svc);
      const { tagType, value, reelCollectionId } = request.body;
      if (reelCollectionId !== undefined) visibleReel(db, svc, reelCollectionId);
      // SVC has no printed value: `value` names a stored fingerprint, matched by optical marking.
      const fingerprintIds = tagType === 'SVC' ? [...new Set([value, ...findOpticalTagsWithSameMarking(db, value).map((m) => m.fingerprintId)])] : [];
      const match =
        tagType === 'SVC' ? "t.tag_type = 'SVC' AND t.fingerprint_id IN (SELECT value FROM json_each(?))" : 't.tag_type = ? AND t.normalized_value = ?';
      const matchParams = tagType === 'SVC' ? [JSON.stringify(fingerprintIds)] : [tagType, identifierKey(tagType, value)];
      const rows = db
        .prepare(
          `SELECT DISTINCT ct.* FROM tags t JOIN composite_tags ct ON ct.composite_tag_id = t.composite_tag_id
         WHERE ${match} AND t.archived_at IS NULL AND ct.org_id = ? AND ct.owner_team_id = ? ${reelCollectionId ? 'AND ct.reel_id = ?' : ''}
         ORDER BY ${reelCollectionId ? 'ct.position' : 'ct.created_at'}, ct.composite_tag_id`,
        )
        .all(...matchParams, svc.orgId, svc.teamId, ...(reelCollectionId ? [reelCollectionId] : [])) as LabelRow[];
      const candidates = rows.map((r) => labelView(db, r));
      return { detail: candidates[0] ?? null, candidates };
    },
  );
};
