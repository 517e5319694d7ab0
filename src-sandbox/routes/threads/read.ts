import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreadReadQuerySchema, ThreadReadResponseSchema } from '../../../src-shared/api/threads';
import type { RoutePluginOptions } from '../../deps';
import { ERROR_RESPONSES } from '../../http/openapi';
import { readableThread } from './access';
import { ThreadIdParamsSchema } from './params';

/** When maxEvents is not given (the spec gives no default): enough for a full audit view of one Thread. */
const DEFAULT_MAX_EVENTS = 100;

/** spec: Threads — `GET /api/v1/threads/{thread_id}` returns `{thread (with data, tags), events}`; optional `maxEvents`. */
export const readThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  app.get(
    '/:thread_id',
    {
      schema: {
        operationId: 'readThread',
        summary: 'Read one Thread with its fields, identifiers and recent events',
        tags: ['Threads'],
        params: ThreadIdParamsSchema,
        querystring: ThreadReadQuerySchema,
        response: { 200: ThreadReadResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const row = readableThread(deps, request.svc, request.params.thread_id);
      return {
        thread: deps.store.threads.threadDetail(row.thread_id),
        events: deps.store.threads.recentEvents(row.thread_id, request.query.maxEvents ?? DEFAULT_MAX_EVENTS),
      };
    },
  );
};
