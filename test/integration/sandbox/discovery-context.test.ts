import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { FEATURE_FLAG_NAMES, MeResponseSchema, TeamsListResponseSchema } from '../../../src-shared/api/discovery';
import { contextHook } from '../../../src-sandbox/http/context';
import { errorHandler } from '../../../src-sandbox/http/error-handler';
import { mintToken } from '../../../src-sandbox/http/tokens';
import { buildTestSandbox, envelope, type TestSandbox } from '../../helpers/sandbox-harness';

// spec: Endpoints, Context headers; Session and discovery; Authentication 5; Authority.

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await buildTestSandbox();
  token = await sb.token();
});
afterAll(async () => sb.close());

async function account(teams: { teamId: string; role: 'member' | 'admin' }[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await sb.admin('POST', '/sandbox/service-accounts', { orgId: sb.demo.orgId, name: 'acct', teams, ...extra });
  expect(res.statusCode).toBe(201);
  return sb.token((res.json() as { apiKey: string }).apiKey);
}

const create = (headers: Record<string, string>) =>
  sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers, payload: { type: 'single', thread: { name: 'Item' } } });

describe('discovery', () => {
  it('/api/v1/me needs no context headers and lists the organization and every feature flag', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const me = MeResponseSchema.parse(res.json());
    expect(me.activeOrganizationId).toBe(sb.demo.orgId);
    expect(me.organizations).toEqual([expect.objectContaining({ id: sb.demo.orgId, name: 'Demo Print Shop' })]);
    for (const flag of FEATURE_FLAG_NAMES) expect(typeof (res.json() as Record<string, unknown>)[flag]).toBe('boolean');
  });

  it('/api/v1/teams lists the Teams the credential belongs to, with total and pageSize', async () => {
    const extra = (await sb.admin('POST', `/sandbox/orgs/${sb.demo.orgId}/teams`, { name: 'Second' })).json() as { teamId: string };
    const t = await account([
      { teamId: sb.demo.teamId, role: 'member' },
      { teamId: extra.teamId, role: 'admin' },
    ]);
    const all = TeamsListResponseSchema.parse((await sb.app.inject({ method: 'GET', url: '/api/v1/teams', headers: { authorization: `Bearer ${t}` } })).json());
    expect(all.total).toBe(2);
    expect(all.teams.map((x) => x.name).sort()).toEqual(['Bench', 'Second']);
    const one = TeamsListResponseSchema.parse(
      (await sb.app.inject({ method: 'GET', url: '/api/v1/teams?pageSize=1', headers: { authorization: `Bearer ${t}` } })).json(),
    );
    expect(one).toMatchObject({ total: 2 });
    expect(one.teams).toHaveLength(1);
  });
});

describe('context headers', () => {
  it.each(['svc-ctx-org-id', 'svc-ctx-team-id'])('a non-UUID %s is 400 INVALID_REQUEST naming the header', async (name) => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/threads', headers: sb.headers(token, { [name]: '12345' }) });
    const body = envelope(res);
    expect(body.code).toBe('INVALID_REQUEST');
    const wire = name === 'svc-ctx-org-id' ? 'Svc-Ctx-Org-Id' : 'Svc-Ctx-Team-Id';
    expect(body.detail?.header).toBe(wire);
    expect(body.message).toContain(wire);
  });

  it('headers are checked before the body: a bad header wins over a bad body', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: sb.headers(token, { 'svc-ctx-org-id': 'nope' }),
      payload: { nonsense: true },
    });
    expect(envelope(res).detail?.header).toBe('Svc-Ctx-Org-Id');
  });

  it('an organization-scoped endpoint without Svc-Ctx-Org-Id is 400 ORG_ID_REQUIRED', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/threads', headers: sb.headers(token, { 'svc-ctx-org-id': undefined }) });
    expect(envelope(res).code).toBe('ORG_ID_REQUIRED');
  });

  it('another organization or a Team outside the organization is 403 FORBIDDEN', async () => {
    const other = (await sb.admin('POST', '/sandbox/orgs', { name: 'Other' })).json() as { orgId: string; rootTeamId: string };
    const wrongOrg = await sb.app.inject({ method: 'GET', url: '/api/v1/threads', headers: sb.headers(token, { 'svc-ctx-org-id': other.orgId }) });
    expect(envelope(wrongOrg).code).toBe('FORBIDDEN');
    const wrongTeam = await sb.app.inject({ method: 'GET', url: '/api/v1/threads', headers: sb.headers(token, { 'svc-ctx-team-id': other.rootTeamId }) });
    expect(envelope(wrongTeam).code).toBe('FORBIDDEN');
  });

  it('an absent or empty Svc-Ctx-Team-Id means the root Team', async () => {
    const t = await account([{ teamId: sb.demo.rootTeamId, role: 'member' }]);
    for (const team of [undefined, '']) {
      const res = await create(sb.headers(t, { 'svc-ctx-team-id': team }));
      expect(res.statusCode).toBe(201);
      expect((res.json() as { created: { ownerId: string }[] }).created[0]?.ownerId).toBe(sb.demo.rootTeamId);
    }
  });

  it('TEAM_ID_REQUIRED on a Team-scoped endpoint when the header is absent (empty still selects the root Team)', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.addHook('onRequest', contextHook({ db: sb.db, jwtSecret: sb.secrets.jwtSecret, now: () => new Date() }));
    app.get('/scoped', { config: { svc: { scope: 'team' } } }, async (request) => ({ teamId: request.svc.teamId }));
    const headers = sb.headers(token, { 'svc-ctx-team-id': undefined });
    expect(envelope(await app.inject({ method: 'GET', url: '/scoped', headers })).code).toBe('TEAM_ID_REQUIRED');
    const empty = await app.inject({ method: 'GET', url: '/scoped', headers: { ...headers, 'svc-ctx-team-id': '' } });
    expect(empty.json()).toEqual({ teamId: sb.demo.rootTeamId });
    await app.close();
  });
});

describe('authority', () => {
  it('an organization-level credential with no Team reads /me but creating is 403 FORBIDDEN', async () => {
    const t = await account([], { orgAdmin: true });
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${t}` } })).statusCode).toBe(200);
    const res = await create(sb.headers(t));
    expect(envelope(res).code).toBe('FORBIDDEN');
    // Org-admin authority is not borrowed for the root Team either.
    expect(envelope(await create(sb.headers(t, { 'svc-ctx-team-id': undefined }))).code).toBe('FORBIDDEN');
  });

  it('a member of another Team may not create in Bench', async () => {
    const other = (await sb.admin('POST', `/sandbox/orgs/${sb.demo.orgId}/teams`, { name: 'Elsewhere' })).json() as { teamId: string };
    const t = await account([{ teamId: other.teamId, role: 'admin' }]);
    expect(envelope(await create(sb.headers(t))).code).toBe('FORBIDDEN');
    expect((await create(sb.headers(t, { 'svc-ctx-team-id': other.teamId }))).statusCode).toBe(201);
  });

  it('attribution policy: writes need Svc-Ctx-Declared-Actor (403 ATTRIBUTION_REQUIRED), reads do not', async () => {
    const t = await account([{ teamId: sb.demo.teamId, role: 'member' }], { attributionRequired: true });
    expect(envelope(await create(sb.headers(t))).code).toBe('ATTRIBUTION_REQUIRED');
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/threads', headers: sb.headers(t) })).statusCode).toBe(200);
    const ok = await create(sb.headers(t, { 'svc-ctx-declared-actor': 'anna@printshop' }));
    expect(ok.statusCode).toBe(201);
    const id = (ok.json() as { created: { threadId: string }[] }).created[0]?.threadId;
    const read = (await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${id}`, headers: sb.headers(t) })).json() as {
      events: { declaredActor?: string }[];
    };
    expect(read.events[0]?.declaredActor).toBe('anna@printshop');
    // The demo account has no such policy.
    expect((await create(sb.headers(token))).statusCode).toBe(201);
  });

  it('a token whose account belongs to another org than its claim is refused', async () => {
    const forged = await mintToken(sb.secrets.jwtSecret, { serviceAccountId: 'nobody', orgId: sb.demo.orgId }, 60, new Date());
    expect(envelope(await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${forged.token}` } })).code).toBe('UNAUTHORIZED');
  });
});
