import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';

/**
 * Placeholder owned by S2 (Labels and Reels, /api/v1/composite-tags): app.ts registers this plugin under its
 * prefix inside the authenticated /api/v1 scope. Replace the body with the area's routes.
 */
export const compositeTagsRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async () => {};
