import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_DESCRIPTION_VERSION } from '../src-shared/api/common';
import type { SandboxDeps } from './deps';
import { createSandboxStore } from './store';
import { contextHook, type SvcContext } from './http/context';
import { documentMultipart } from './http/multipart-docs';
import { errorHandler } from './http/error-handler';
import { faultHook } from './http/faults';
import { completeRouteDocs } from './http/route-docs';
import { SvcError } from './http/svc-error';
import { DEFAULT_TOKEN_TTL_SECONDS } from './http/tokens';
import { JobRunner } from './jobs/runner';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { compositeTagsRoutes } from './routes/composite-tags';
import { discoveryRoutes } from './routes/discovery';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { tagsRoutes } from './routes/tags';
import { threadRoutes } from './routes/threads';
import type { SandboxDb } from './store/db';
import type { SandboxSecrets } from './store/secrets';

export interface SandboxAppOptions {
  db: SandboxDb;
  secrets: SandboxSecrets;
  tokenTtlSeconds?: number;
  /** The clock; tests move it to expire tokens. */
  now?: () => Date;
  logger?: boolean;
}

export type SandboxApp = FastifyInstance & { sandbox: SandboxDeps };

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's store, clock and job runner (what route plugins get as opts.deps). */
    sandbox: SandboxDeps;
  }
}

/**
 * Builds the sandbox service (not listening; use app.inject() or app.listen()). Close it with
 * app.close(), which also stops background jobs; the caller owns the database.
 */
export async function buildSandboxApp(options: SandboxAppOptions): Promise<SandboxApp> {
  const now = options.now ?? (() => new Date());
  const deps: SandboxDeps = { store: createSandboxStore(options.db), now, jobs: new JobRunner(options.db, now) };
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Client errors the router raises before any hook runs (bad URL encoding, ...) get the envelope too.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply.header('x-request-id', request.id)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('sandbox', deps);
  app.decorateRequest('svc', null as unknown as SvcContext);

  // spec: Errors — "Every response carries x-request-id" (errors, 404s and docs included).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', faultHook(deps.store));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request) => {
    throw new SvcError(
      'NOT_FOUND',
      { reason: 'route_not_found' },
      { message: 'route_not_found', params: { method: request.method, path: request.url.split('?')[0] ?? '' } },
    );
  });
  app.addHook('onClose', async () => deps.jobs.stop());
  app.addHook('onRoute', completeRouteDocs);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'platform API (sandbox)',
        version: API_DESCRIPTION_VERSION,
        description: 'Local, spec-faithful sandbox of the Provenance Record Service (see src-sandbox/README.md).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: documentMultipart,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { url: '/api/openapi.json' } as Record<string, unknown> });

  const routeOptions = { deps };
  await app.register(docsRoutes, routeOptions);
  await app.register(healthRoutes, { ...routeOptions, prefix: '/api' });
  await app.register(authRoutes, {
    ...routeOptions,
    jwtSecret: options.secrets.jwtSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    prefix: '/api/auth',
  });
  await app.register(adminRoutes, { ...routeOptions, adminSecret: options.secrets.adminSecret, prefix: '/sandbox' });
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', contextHook({ db: options.db, jwtSecret: options.secrets.jwtSecret, now }));
      await v1.register(discoveryRoutes, routeOptions);
      await v1.register(threadRoutes, { ...routeOptions, prefix: '/threads' });
      await v1.register(compositeTagsRoutes, { ...routeOptions, prefix: '/composite-tags' });
      await v1.register(tagsRoutes, { ...routeOptions, prefix: '/tags' });
    },
    { prefix: '/api/v1' },
  );
  return app as unknown as SandboxApp;
}
