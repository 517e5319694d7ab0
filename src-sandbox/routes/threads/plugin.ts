import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';
import { archiveThreadRoutes } from './archive';
import { createThreadRoutes } from './create';
import { listThreadRoutes } from './list';
import { readThreadRoutes } from './read';
import { updateThreadRoutes } from './update';

/** `/api/v1/threads` (spec: Endpoints, Threads). Organization-scoped: Svc-Ctx-Org-Id is required. */
export const threadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, opts) => {
  await app.register(createThreadRoutes, { deps: opts.deps });
  await app.register(listThreadRoutes, { deps: opts.deps });
  await app.register(archiveThreadRoutes, { deps: opts.deps });
  await app.register(readThreadRoutes, { deps: opts.deps });
  await app.register(updateThreadRoutes, { deps: opts.deps });
};
