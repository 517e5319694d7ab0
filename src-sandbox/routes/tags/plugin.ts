import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';

/**
 * Placeholder owned by S3 (identifiers, /api/v1/tags): app.ts registers this plugin under its
 * prefix inside the authenticated /api/v1 scope. Replace the body with the area's routes.
 */
export const tagsRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async () => {};
