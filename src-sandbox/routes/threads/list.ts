import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreadCountResponseSchema, ThreadListQuerySchema, ThreadListResponseSchema } from '../../../src-shared/api/threads';
import type { RoutePluginOptions } from '../../deps';
import { requireMember } from '../../http/authority';
import { ERROR_RESPONSES } from '../../http/openapi';
import { finishPage, planPage } from '../../http/pagination';
import { THREAD_PAGE, threadFilterSql } from '../../threads/list-filters';
import { toThreadSummary, type ThreadRow } from '../../threads/rows';

/** spec: Threads — `GET /api/v1/threads` (cursor-paginated list and search) and `/count` (same filters). */
export const listThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        operationId: 'listThreads',
        summary: 'List and search Threads visible in the acting Team',
        tags: ['Threads'],
        querystring: ThreadListQuerySchema,
        response: { 200: ThreadListResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      requireMember(request.svc);
      const { cursor, pageSize, order, orderCol, ...filters } = request.query;
      const plan = planPage(THREAD_PAGE, { cursor, pageSize, order, orderCol });
      const filter = threadFilterSql(request.svc, filters);
      const rows = deps.db
        .prepare(`SELECT t.*, ${plan.sortSelect} FROM threads t WHERE ${filter.where} AND ${plan.where} ORDER BY ${plan.orderBy} LIMIT ?`)
        .all(...filter.params, ...plan.params, plan.limit) as (ThreadRow & { page_sort: string })[];
      const page = finishPage(
        plan,
        rows,
        (r) => r.page_sort,
        (r) => r.thread_id,
      );
      const total = (deps.db.prepare(`SELECT COUNT(*) AS n FROM threads t WHERE ${filter.where}`).get(...filter.params) as { n: number }).n;
      return { threads: page.rows.map(toThreadSummary), nextCursor: page.nextCursor, total };
    },
  );

  app.get(
    '/count',
    {
      schema: {
        operationId: 'countThreads',
        summary: 'Count Threads with the list filters',
        tags: ['Threads'],
        querystring: ThreadListQuerySchema,
        response: { 200: ThreadCountResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      requireMember(request.svc);
      const { cursor: _c, pageSize: _p, order: _o, orderCol: _oc, ...filters } = request.query;
      const filter = threadFilterSql(request.svc, filters);
      return { count: (deps.db.prepare(`SELECT COUNT(*) AS n FROM threads t WHERE ${filter.where}`).get(...filter.params) as { n: number }).n };
    },
  );
};
