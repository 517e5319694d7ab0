import type { FastifyReply, FastifyRequest } from 'fastify';
import { UuidSchema } from '../../src-shared/api/common';
import { API_KEY_PREFIX, getOrganization, getServiceAccount, getTeam, membershipsOf } from '../store/accounts';
import type { SandboxDb } from '../store/db';
import { resolveLocale, type SupportedLocale } from './messages';
import { SvcError } from './svc-error';
import { verifyToken } from './tokens';
import type { TeamRole } from '../store/rows';

/** The verified caller: a Service Account (spec: Authentication 1 — personal API keys do not exist). */
export interface SvcPrincipal {
  serviceAccountId: string;
  name: string;
  orgId: string;
  orgAdmin: boolean;
  attributionRequired: boolean;
  sessionId: string;
  /** Team id → role, read fresh on every request so revoked memberships take effect at once. */
  memberships: ReadonlyMap<string, TeamRole>;
}

/** What every /api/v1 handler gets as request.svc. */
export interface SvcContext {
  principal: SvcPrincipal;
  /** From Svc-Ctx-Org-Id; the credential's own organization on endpoints that are not organization-scoped. */
  orgId: string;
  /** From Svc-Ctx-Team-Id; the organization root Team when the header is absent or empty. */
  teamId: string;
  rootTeamId: string;
  locale: SupportedLocale;
  declaredActor: string | null;
  requestId: string;
}

/**
 * spec: Context headers — Svc-Ctx-Declared-Actor is "required for writes when the Service Account
 * attribution policy is required, else 403 ATTRIBUTION_REQUIRED". Routes whose POST may or may not
 * write (bulk-bind's dry run) call this themselves once the body is known.
 */
export function requireAttribution(svc: SvcContext): void {
  if (svc.principal.attributionRequired && !svc.declaredActor) throw new SvcError('ATTRIBUTION_REQUIRED', { header: 'Svc-Ctx-Declared-Actor' });
}

/**
 * How a route uses the context headers (route option `config: { svc: {...} }`).
 * - scope `none`: no context header needed (spec: `/api/v1/me` "no context headers needed").
 * - scope `org` (default): Svc-Ctx-Org-Id required, else 400 ORG_ID_REQUIRED.
 * - scope `team`: also Svc-Ctx-Team-Id present (empty = root Team), else 400 TEAM_ID_REQUIRED.
 * - write: whether the attribution policy applies; default true for every method but GET and HEAD.
 *   Questions sent as POST (extract, identify, verify, resolve, move preview) set it false.
 */
interface SvcRouteConfig {
  scope?: 'none' | 'org' | 'team';
  write?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    svc: SvcContext;
  }
  interface FastifyContextConfig {
    svc?: SvcRouteConfig;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** spec: Context headers — "a header that is not a UUID gives 400 INVALID_REQUEST naming the header". */
function uuidHeader(request: FastifyRequest, name: string, wireName: string): string | undefined {
  const value = header(request, name);
  if (value === undefined || value === '') return value;
  if (!UuidSchema.safeParse(value).success) {
    throw new SvcError('INVALID_REQUEST', { header: wireName, reason: 'header_not_uuid' }, { message: 'header_not_uuid', params: { header: wireName } });
  }
  return value.toLowerCase();
}

async function authenticate(db: SandboxDb, jwtSecret: Uint8Array, request: FastifyRequest, now: Date): Promise<SvcPrincipal> {
  const authorization = header(request, 'authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  const token = match?.[1]?.trim() ?? '';
  // spec: Authentication 1 — "A key is never sent to /api/v1/*": refused like any invalid token.
  if (token.startsWith(API_KEY_PREFIX)) throw new SvcError('UNAUTHORIZED', undefined, { message: 'api_key_as_bearer' });
  // spec: Authentication 4 — an expired token is a plain 401, indistinguishable from a revoked one.
  const claims = token ? await verifyToken(jwtSecret, token, now) : null;
  if (!claims) throw new SvcError('UNAUTHORIZED');
  const account = getServiceAccount(db, claims.serviceAccountId);
  if (!account || account.revoked_at !== null || account.org_id !== claims.orgId) throw new SvcError('UNAUTHORIZED');
  return {
    serviceAccountId: account.service_account_id,
    name: account.name,
    orgId: account.org_id,
    orgAdmin: account.org_admin === 1,
    attributionRequired: account.attribution_required === 1,
    sessionId: claims.sessionId,
    memberships: membershipsOf(db, account.service_account_id),
  };
}

/**
 * The onRequest hook of the /api/v1 scope: verifies the bearer token and the context headers before the
 * route's body validation and handler run (spec: Context headers — "validated before the endpoint runs").
 */
export function contextHook(deps: { db: SandboxDb; jwtSecret: Uint8Array; now: () => Date }) {
  return async function svcContext(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const locale = resolveLocale(header(request, 'svc-ctx-locale'));
    const principal = await authenticate(deps.db, deps.jwtSecret, request, deps.now());
    const config = request.routeOptions.config.svc ?? {};
    const scope = config.scope ?? 'org';

    const orgHeader = uuidHeader(request, 'svc-ctx-org-id', 'Svc-Ctx-Org-Id');
    const teamHeader = uuidHeader(request, 'svc-ctx-team-id', 'Svc-Ctx-Team-Id');
    if (scope !== 'none' && !orgHeader) throw new SvcError('ORG_ID_REQUIRED', { header: 'Svc-Ctx-Org-Id' });
    // Our reading of spec: Context headers — absent on a Team-scoped endpoint is TEAM_ID_REQUIRED; an
    // empty value is an explicit choice of the root Team.
    if (scope === 'team' && teamHeader === undefined) throw new SvcError('TEAM_ID_REQUIRED', { header: 'Svc-Ctx-Team-Id' });

    const orgId = orgHeader || principal.orgId;
    const org = orgId === principal.orgId ? getOrganization(deps.db, orgId) : undefined;
    if (!org) throw new SvcError('FORBIDDEN', { header: 'Svc-Ctx-Org-Id' }, { message: 'org_not_allowed', params: { orgId } });
    let teamId = org.root_team_id;
    if (teamHeader) {
      const team = getTeam(deps.db, teamHeader);
      if (!team || team.org_id !== org.org_id)
        throw new SvcError('FORBIDDEN', { header: 'Svc-Ctx-Team-Id' }, { message: 'team_not_in_org', params: { teamId: teamHeader } });
      teamId = team.team_id;
    }

    const declared = header(request, 'svc-ctx-declared-actor')?.trim() || null;
    request.svc = { principal, orgId: org.org_id, teamId, rootTeamId: org.root_team_id, locale, declaredActor: declared, requestId: request.id };
    const write = config.write ?? !['GET', 'HEAD'].includes(request.method);
    if (write) requireAttribution(request.svc);
  };
}
