import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';

/** spec: What the service does 7 — "raw machine-readable description at {base_url}/api/openapi.json". */
export const docsRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app) => {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
