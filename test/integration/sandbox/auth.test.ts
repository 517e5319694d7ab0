import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestSandbox, envelope, type TestSandbox } from '../../helpers/sandbox-harness';

// spec: Authentication 2-4.

let sb: TestSandbox;
afterEach(async () => sb.close());

describe('GET /api/auth/token', () => {
  it('exchanges the key for a JWT with expiresIn 900 and a matching expiresAt', async () => {
    sb = await buildTestSandbox();
    const before = Date.now();
    const res = await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': sb.demo.apiKey } });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; expiresIn: number; expiresAt: string };
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.expiresIn).toBe(900);
    // Minted between before and after, however long the request took (expiresAt may drop the milliseconds).
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(before + 899_000);
    expect(Date.parse(body.expiresAt)).toBeLessThanOrEqual(after + 900_000);
    const me = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('uses the configured lifetime', async () => {
    sb = await buildTestSandbox({ tokenTtlSeconds: 30 });
    const res = await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': sb.demo.apiKey } });
    expect((res.json() as { expiresIn: number }).expiresIn).toBe(30);
  });

  it.each([
    ['no key', {}],
    ['a wrong key', { 'x-api-key': 'svc_sk_not-a-real-key' }],
    ['a bearer token instead of a key', { authorization: 'Bearer abc' }],
  ])('refuses %s with 401 UNAUTHORIZED', async (_name, headers) => {
    sb = await buildTestSandbox();
    const res = await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe('UNAUTHORIZED');
  });

  it('a revoked key and the tokens it minted stop working', async () => {
    sb = await buildTestSandbox();
    const created = (
      await sb.admin('POST', '/sandbox/service-accounts', { orgId: sb.demo.orgId, name: 'temp', teams: [{ teamId: sb.demo.teamId, role: 'member' }] })
    ).json() as { serviceAccountId: string; apiKey: string };
    const token = await sb.token(created.apiKey);
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await sb.admin('POST', `/sandbox/service-accounts/${created.serviceAccountId}/revoke`)).statusCode).toBe(204);
    const exchange = await sb.app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': created.apiKey } });
    expect(envelope(exchange).code).toBe('UNAUTHORIZED');
    const use = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(envelope(use).code).toBe('UNAUTHORIZED');
  });
});

describe('bearer tokens on /api/v1', () => {
  it('an expired token is a plain 401 UNAUTHORIZED, like a forged one', async () => {
    sb = await buildTestSandbox({ tokenTtlSeconds: 60 });
    const token = await sb.token();
    sb.advance(61_000);
    const expired = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    const forged = await new SignJWT({ org: sb.demo.orgId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another secret that is long enough'));
    const bad = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${forged}` } });
    expect(expired.statusCode).toBe(401);
    expect(envelope(expired)).toEqual({ ...envelope(bad), message: envelope(expired).message });
    expect(envelope(expired).code).toBe('UNAUTHORIZED');
    expect(envelope(expired).detail).toBeUndefined();
    // A fresh exchange works again (refresh and retry once).
    expect((await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${await sb.token()}` } })).statusCode).toBe(200);
  });

  it('an API key presented as a bearer is refused with 401', async () => {
    sb = await buildTestSandbox();
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${sb.demo.apiKey}` } });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe('UNAUTHORIZED');
    expect(envelope(res).message).toMatch(/\/api\/auth\/token/);
  });

  it('a missing or malformed Authorization header is 401', async () => {
    sb = await buildTestSandbox();
    for (const authorization of [undefined, 'Basic abc', 'Bearer ', 'Bearer not.a.jwt']) {
      const res = await sb.app.inject({ method: 'GET', url: '/api/v1/teams', headers: authorization ? { authorization } : {} });
      expect(envelope(res).code).toBe('UNAUTHORIZED');
    }
  });
});
