import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreadCountResponseSchema, ThreadListQuerySchema, ThreadListResponseSchema } from '../../../src-shared/api/threads';
import type { RoutePluginOptions } from '../../deps';
import { requireMember } from '../../http/authority';
import { ERROR_RESPONSES } from '../../http/openapi';

/** spec: Threads — `GET /api/v1/threads` (cursor-paginated list and search) and `/count` (same filters). */
export const listThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;
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
      return store.threads.listThreads(request.svc, request.query);
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
      return { count: store.threads.countThreads(request.svc, filters) };
    },
  );
};
