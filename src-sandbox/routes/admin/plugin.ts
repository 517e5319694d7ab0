import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RoutePluginOptions } from '../../deps';
import { defaultFaultCode } from '../../http/faults';
import { SvcError } from '../../http/svc-error';
import {
  AdminFaultBodySchema,
  AdminFaultResponseSchema,
  AdminFeatureFlagsSchema,
  AdminOrgBodySchema,
  AdminOrgResponseSchema,
  AdminServiceAccountBodySchema,
  AdminServiceAccountResponseSchema,
  AdminShareBodySchema,
  AdminTeamBodySchema,
  AdminTeamResponseSchema,
  IdParamsSchema,
  OrgParamsSchema,
  ThreadParamsSchema,
} from './schemas';

export interface AdminRouteOptions extends RoutePluginOptions {
  adminSecret: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The admin API for tests and demos (src-sandbox/README.md, "Admin API and test hooks"): outside
 * /api, 127.0.0.1 only, header `x-sandbox-admin: <adminSecret>`. Hidden from the OpenAPI document (it is not part of the spec).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { deps, adminSecret }) => {
  const { store } = deps;
  const at = () => deps.now().toISOString();

  app.addHook('onRequest', async (request) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new SvcError('FORBIDDEN', undefined, { message: 'admin_loopback_only' });
    const raw = request.headers['x-sandbox-admin'];
    const given = Array.isArray(raw) ? raw[0] : raw;
    if (!given || !sameSecret(given, adminSecret)) throw new SvcError('UNAUTHORIZED', undefined, { message: 'admin_forbidden' });
  });

  app.post('/orgs', { schema: { hide: true, body: AdminOrgBodySchema, response: { 201: AdminOrgResponseSchema } } }, async (request, reply) => {
    return reply.code(201).send(store.accounts.createOrganization(request.body.name, at(), request.body.featureFlags));
  });

  // Turns an organization's modules on or off (e.g. the optical scanning of the demo organization).
  app.post('/orgs/:orgId/feature-flags', { schema: { hide: true, params: OrgParamsSchema, body: AdminFeatureFlagsSchema } }, async (request, reply) => {
    if (!store.accounts.getOrganization(request.params.orgId)) throw new SvcError('NOT_FOUND', { orgId: request.params.orgId });
    store.accounts.updateFeatureFlags(request.params.orgId, request.body);
    return reply.code(204).send();
  });

  app.post(
    '/orgs/:orgId/teams',
    { schema: { hide: true, params: OrgParamsSchema, body: AdminTeamBodySchema, response: { 201: AdminTeamResponseSchema } } },
    async (request, reply) => {
      if (!store.accounts.getOrganization(request.params.orgId)) throw new SvcError('NOT_FOUND', { orgId: request.params.orgId });
      return reply.code(201).send({ teamId: store.accounts.createTeam(request.params.orgId, request.body.name, at()) });
    },
  );

  app.post(
    '/service-accounts',
    { schema: { hide: true, body: AdminServiceAccountBodySchema, response: { 201: AdminServiceAccountResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      if (!store.accounts.getOrganization(body.orgId)) throw new SvcError('NOT_FOUND', { orgId: body.orgId });
      for (const t of body.teams) {
        if (store.accounts.getTeam(t.teamId)?.org_id !== body.orgId) throw new SvcError('INVALID_REQUEST', { reason: 'team_not_in_org', teamId: t.teamId });
      }
      return reply.code(201).send(store.accounts.createServiceAccount(body, at()));
    },
  );

  app.post('/service-accounts/:id/revoke', { schema: { hide: true, params: IdParamsSchema } }, async (request, reply) => {
    if (!store.accounts.revokeServiceAccount(request.params.id, at())) throw new SvcError('NOT_FOUND', { serviceAccountId: request.params.id });
    return reply.code(204).send();
  });

  app.post('/threads/:threadId/share', { schema: { hide: true, params: ThreadParamsSchema, body: AdminShareBodySchema } }, async (request, reply) => {
    const thread = store.threads.getThreadRow(request.params.threadId);
    if (!thread) throw new SvcError('NOT_FOUND', { threadId: request.params.threadId });
    if (!store.accounts.getTeam(request.body.teamId)) throw new SvcError('NOT_FOUND', { teamId: request.body.teamId });
    const when = at();
    store.transaction(() => {
      if (store.threads.shareThread(request.params.threadId, request.body.teamId, when)) {
        store.threads.recordThreadEvent({
          threadId: request.params.threadId,
          action: 'shared',
          at: when,
          actorId: null,
          targets: [{ kind: 'team', id: request.body.teamId }],
        });
      }
    });
    return reply.code(204).send();
  });

  app.post('/faults', { schema: { hide: true, body: AdminFaultBodySchema, response: { 201: AdminFaultResponseSchema } } }, async (request, reply) => {
    return reply
      .code(201)
      .send({ faultId: store.faults.addFault({ ...request.body, code: request.body.code ?? defaultFaultCode(request.body.status) }, at()) });
  });

  app.delete('/faults', { schema: { hide: true } }, async (_request, reply) => {
    store.faults.clearFaults();
    return reply.code(204).send();
  });

  app.get(
    '/jobs/:id',
    {
      schema: {
        hide: true,
        params: IdParamsSchema,
        response: { 200: z.object({ jobId: z.string(), kind: z.string(), status: z.string(), error: z.string().nullable() }) },
      },
    },
    async (request) => {
      const job = deps.jobs.get(request.params.id);
      if (!job) throw new SvcError('NOT_FOUND', { jobId: request.params.id });
      return { jobId: job.jobId, kind: job.kind, status: job.status, error: job.error };
    },
  );
};
