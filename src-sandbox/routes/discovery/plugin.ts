import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeResponseSchema, TeamsListQuerySchema, TeamsListResponseSchema } from '../../../src-shared/api/discovery';
import { ErrorEnvelopeSchema } from '../../../src-shared/api/errors';
import type { RoutePluginOptions } from '../../deps';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../store/pagination';
import { featureFlagsOf } from '../../store/accounts';

const errors = { '4XX': ErrorEnvelopeSchema, '5XX': ErrorEnvelopeSchema };

/** spec: Endpoints, Session and discovery. */
export const discoveryRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;
  // spec: "GET /api/v1/me — no context headers needed; returns principal" (+ all feature flags).
  app.get(
    '/me',
    {
      config: { svc: { scope: 'none' } },
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in principal, its organizations and feature flags',
        tags: ['Session and discovery'],
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { principal } = request.svc;
      const org = store.accounts.getOrganization(principal.orgId);
      const roles = principal.orgAdmin ? ['service_account', 'admin'] : ['service_account', 'member'];
      return {
        userId: principal.serviceAccountId,
        sessionId: principal.sessionId,
        // gap: the spec names email for the principal; a Service Account has none, so a non-routable stand-in.
        email: `${principal.serviceAccountId}@service-accounts.invalid`,
        name: principal.name,
        activeOrganizationId: principal.orgId,
        organizations: org ? [{ id: org.org_id, name: org.name, slug: org.slug, roles }] : [],
        ...featureFlagsOf(org),
      };
    },
  );

  // spec: "GET /api/v1/teams — query pageSize; returns {teams: Team[], total} of Teams the credential belongs to".
  app.get(
    '/teams',
    {
      config: { svc: { scope: 'none' } },
      schema: {
        operationId: 'listTeams',
        summary: 'Teams this credential belongs to',
        tags: ['Session and discovery'],
        querystring: TeamsListQuerySchema,
        response: { 200: TeamsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const all = store.accounts.teamsOfAccount(request.svc.principal.serviceAccountId);
      const size = Math.min(request.query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      return { teams: all.slice(0, size).map((t) => ({ teamId: t.team_id, orgId: t.org_id, name: t.name })), total: all.length };
    },
  );
};
