import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';

export const threadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async () => {};
