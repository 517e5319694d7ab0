import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RoutePluginOptions } from '../../deps';
import { registerActivationJob } from './activation-ops';
import { bindRoutes } from './bind';
import { bulkBindRoutes } from './bulk-bind';
import { collectionRoutes } from './collections';
import { enrollRoutes } from './enroll';
import { labelsErrorHandler } from './errors';
import { labelReadRoutes } from './labels-read';
import { lifecycleRoutes } from './lifecycle';
import { memberRoutes } from './members';
import { moveRoutes } from './move';
import { reelRoutes } from './reels';

/**
 * Labels and Reels, `/api/v1/composite-tags` (spec: Endpoints, "Labels and Reels"). The wire name
 * composite-tags appears only here in the HTTP layer; the rules are in domain/labels.
 */
export const compositeTagsRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;
  // Only deps go down: the options this plugin got also carry its own prefix.
  const opts: RoutePluginOptions = { deps };
  // Enrollment reads optical captures and fingerprints, whose tables the optical area owns.
  store.optical.ensureOpticalSchema();
  registerActivationJob(deps.jobs, store);
  // A 1600×1200 capture is a few MiB; the thumbnail limit (spec: Limits, 5 MiB) is the closest stated size.
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 4, fields: 32 } });
  app.setErrorHandler(labelsErrorHandler);
  // Static paths (/collections, /reels, /resolve, /move) are registered beside `/:composite_tag_id`; Fastify's
  // router prefers static segments, so they never read as Label ids.
  await app.register(collectionRoutes, opts);
  await app.register(reelRoutes, opts);
  await app.register(enrollRoutes, opts);
  await app.register(labelReadRoutes, opts);
  await app.register(memberRoutes, opts);
  await app.register(bindRoutes, opts);
  await app.register(lifecycleRoutes, opts);
  await app.register(moveRoutes, opts);
  await app.register(bulkBindRoutes, opts);
};
