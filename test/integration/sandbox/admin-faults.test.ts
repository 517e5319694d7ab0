import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSandbox, envelope, type TestSandbox } from '../../helpers/sandbox-harness';

// The sandbox's admin API for tests and demos, and the fault-injection test hook (src-sandbox/README.md).

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await buildTestSandbox();
  token = await sb.token();
});
afterAll(async () => sb.close());

describe('admin API', () => {
  it('demands the admin secret', async () => {
    const none = await sb.app.inject({ method: 'POST', url: '/sandbox/orgs', payload: { name: 'X' } });
    expect(envelope(none).code).toBe('UNAUTHORIZED');
    const wrong = await sb.app.inject({ method: 'POST', url: '/sandbox/orgs', headers: { 'x-sandbox-admin': 'nope' }, payload: { name: 'X' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses callers that are not on the loopback interface', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/orgs',
      remoteAddress: '10.0.0.7',
      headers: { 'x-sandbox-admin': sb.secrets.adminSecret },
      payload: { name: 'X' },
    });
    expect(envelope(res).code).toBe('FORBIDDEN');
  });

  it('creates an org with its root Team, a Team, and a Service Account whose key works', async () => {
    const org = await sb.admin('POST', '/sandbox/orgs', { name: 'Acme Labels' });
    expect(org.statusCode).toBe(201);
    const { orgId, rootTeamId } = org.json() as { orgId: string; rootTeamId: string };
    const team = await sb.admin('POST', `/sandbox/orgs/${orgId}/teams`, { name: 'Line 2' });
    expect(team.statusCode).toBe(201);
    const { teamId } = team.json() as { teamId: string };
    const sa = await sb.admin('POST', '/sandbox/service-accounts', { orgId, name: 'line2', teams: [{ teamId, role: 'admin' }], orgAdmin: true });
    expect(sa.statusCode).toBe(201);
    const t = await sb.token((sa.json() as { apiKey: string }).apiKey);
    const me = (await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${t}` } })).json() as {
      organizations: { id: string; name: string; roles: string[] }[];
    };
    expect(me.organizations).toEqual([expect.objectContaining({ id: orgId, name: 'Acme Labels', roles: expect.arrayContaining(['admin']) })]);
    expect(rootTeamId).not.toBe(teamId);
  });

  it('refuses a Team of another organization in a Service Account and unknown ids', async () => {
    const res = await sb.admin('POST', '/sandbox/service-accounts', {
      orgId: sb.demo.orgId,
      name: 'x',
      teams: [{ teamId: crypto.randomUUID(), role: 'member' }],
    });
    expect(envelope(res).code).toBe('INVALID_REQUEST');
    expect((await sb.admin('POST', `/sandbox/orgs/${crypto.randomUUID()}/teams`, { name: 'x' })).statusCode).toBe(404);
    expect((await sb.admin('POST', `/sandbox/service-accounts/${crypto.randomUUID()}/revoke`)).statusCode).toBe(404);
    expect((await sb.admin('POST', `/sandbox/threads/${crypto.randomUUID()}/share`, { teamId: sb.demo.teamId })).statusCode).toBe(404);
  });
});

describe('fault injection (POST /sandbox/faults)', () => {
  it('answers the next N matching requests with the injected status, code and Retry-After, then recovers', async () => {
    const add = await sb.admin('POST', '/sandbox/faults', {
      pathPrefix: '/api/v1/threads',
      status: 503,
      code: 'SCAN_BACKEND_UNAVAILABLE',
      count: 2,
      retryAfter: 1,
    });
    expect(add.statusCode).toBe(201);
    const call = () => sb.app.inject({ method: 'GET', url: '/api/v1/threads/count', headers: sb.headers(token) });
    // Another path is not affected.
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: sb.headers(token) })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const res = await call();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(envelope(res)).toMatchObject({ code: 'SCAN_BACKEND_UNAVAILABLE', status: 503, detail: { injected: true } });
    }
    expect((await call()).statusCode).toBe(200);
  });

  it('a 429 burst defaults to RATE_LIMITED; a method filter and DELETE clear work', async () => {
    await sb.admin('POST', '/sandbox/faults', { pathPrefix: '/api/v1/threads', status: 429, count: 5, method: 'POST' });
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/threads/count', headers: sb.headers(token) })).statusCode).toBe(200);
    const res = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: sb.headers(token), payload: { type: 'single', thread: { name: 'x' } } });
    expect(envelope(res)).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect((await sb.admin('DELETE', '/sandbox/faults')).statusCode).toBe(204);
    const after = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: sb.headers(token),
      payload: { type: 'single', thread: { name: 'x' } },
    });
    expect(after.statusCode).toBe(201);
  });

  it('the token exchange can fail too (the station must survive it)', async () => {
    await sb.admin('POST', '/sandbox/faults', { pathPrefix: '/api/auth/token', status: 500, code: 'SERVICE_ERROR', count: 1 });
    const res = await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': sb.demo.apiKey } });
    expect(envelope(res).code).toBe('SERVICE_ERROR');
    expect((await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': sb.demo.apiKey } })).statusCode).toBe(200);
  });
});
