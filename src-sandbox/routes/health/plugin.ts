import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthErrorSchema, HealthOkSchema } from '../../../src-shared/api/discovery';
import { ErrorEnvelopeSchema } from '../../../src-shared/api/errors';
import type { RoutePluginOptions } from '../../deps';

/**
 * Health check. spec: Resources, Principal (me) and context — `{status: ok|error, timestamp}`.
 * spec: Endpoints, Gaps — "Health check path: not shown"; ours is GET /api/health, unauthenticated.
 */
export const healthRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Service health (path is a sandbox choice: the spec does not show it)',
        tags: ['Session and discovery'],
        security: [],
        response: { 200: HealthOkSchema, 503: HealthErrorSchema, '4XX': ErrorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const timestamp = deps.now().toISOString();
      try {
        store.ping();
        return reply.code(200).send({ status: 'ok' as const, timestamp });
      } catch {
        return reply.code(503).send({ status: 'error' as const, timestamp });
      }
    },
  );
};
