import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { IDS } from '../../src-shared/api/examples';
import { ServiceError } from './errors';
import { API_KEY, harness, meBody, type Harness } from '../../test/helpers/service-fixtures';
import { sendJson } from '../../test/helpers/local-service';

// Token manager and credentials, through the whole client against a local HTTP server.
// spec: Authentication; Endpoints, Context headers.

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

describe('token exchange', () => {
  it('exchanges the key once and reuses the cached token across calls', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()));
    await h.client.me();
    await h.client.me();
    await h.client.teams().catch(() => undefined);
    expect(h.token.exchanges).toBe(1);
    expect(h.service.to('/api/v1/').map((r) => h?.tokenNumber(r))).toEqual([1, 1, 1]);
  });

  it('re-exchanges when less than 60 s remain, not before', async () => {
    let clock = Date.parse('2026-08-01T10:00:00.000Z');
    h = await harness((_req, res) => sendJson(res, 200, meBody()), { now: () => clock }, { now: () => clock, ttlSeconds: 900 });
    await h.client.me();
    expect(h.client.tokenInfo()).toEqual({ expiresAt: '2026-08-01T10:15:00.000Z' });
    clock += (900 - 61) * 1000; // 61 s left
    await h.client.me();
    expect(h.token.exchanges).toBe(1);
    clock += 2_000; // 59 s left
    await h.client.me();
    expect(h.token.exchanges).toBe(2);
    expect(h.service.to('/api/v1/').map((r) => h?.tokenNumber(r))).toEqual([1, 1, 2]);
  });

  it('shares one in-flight exchange between concurrent callers', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()), {}, { delayMs: 150 });
    await Promise.all(Array.from({ length: 6 }, () => h?.client.me()));
    expect(h.token.exchanges).toBe(1);
    expect(h.service.to('/api/auth/token')).toHaveLength(1);
  });

  it('tokenInfo is null before the first exchange', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()));
    expect(h.client.tokenInfo()).toBeNull();
  });

  it('a refused key is an auth error, not retried', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()), { apiKey: 'sk_wrong_key' });
    const error = await h.client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', kind: 'auth', status: 401, outcomeUnknown: false, path: '/api/auth/token' });
    expect((error as ServiceError).requestId).toMatch(/^req-/);
    expect(h.service.to('/api/auth/token')).toHaveLength(1);
    expect(h.service.to('/api/v1/')).toHaveLength(0);
  });
});

describe('401 from /api/v1', () => {
  it('re-exchanges the key once and resends once', async () => {
    // The service has revoked token 1 (e.g. expired early): it answers 401 to it, 200 to newer tokens.
    h = await harness((req, res) =>
      h?.tokenNumber(req) === 1 ? sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'expired', status: 401 }) : sendJson(res, 200, meBody()),
    );
    const me = await h.client.me();
    expect(me.userId).toBe('user_1');
    expect(h.token.exchanges).toBe(2);
    expect(h.service.to('/api/v1/me').map((r) => h?.tokenNumber(r))).toEqual([1, 2]);
  });

  it('a second 401 is an auth error and never a loop', async () => {
    h = await harness((_req, res) => sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'revoked', status: 401 }));
    const error = await h.client.reels.create({ name: 'R1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', kind: 'auth', status: 401, outcomeUnknown: false });
    expect(h.token.exchanges).toBe(2);
    expect(h.service.to('/api/v1/')).toHaveLength(2);
    // Still no loop on the next call: again exactly one re-exchange and one resend.
    await h.client.me().catch(() => undefined);
    expect(h.service.to('/api/v1/')).toHaveLength(4);
    expect(h.token.exchanges).toBe(4);
  });

  it('concurrent 401s with the same stale token share one re-exchange', async () => {
    h = await harness((req, res) =>
      h?.tokenNumber(req) === 1 ? sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'expired', status: 401 }) : sendJson(res, 200, meBody()),
    );
    await h.client.me(); // token 1 is refused, token 2 cached
    h.token.exchanges = 0;
    h.service.received.length = 0;
    await Promise.all([h.client.me(), h.client.me(), h.client.me()]);
    expect(h.token.exchanges).toBe(0);
  });
});

describe('credentials and context headers', () => {
  it('sends the key only to the token exchange and context headers only to /api/v1', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()), { locale: 'de-DE', declaredActor: 'operator:anna' });
    await h.client.me();
    await h.client.reels.list({ q: 'R' }).catch(() => undefined);

    const [exchange] = h.service.to('/api/auth/token');
    expect(exchange?.headers['x-api-key']).toBe(API_KEY);
    expect(exchange?.headers.authorization).toBeUndefined();
    expect(exchange?.headers['svc-ctx-org-id']).toBeUndefined();

    // spec: `GET /api/v1/me` — "no context headers needed": it is how a key's organizations are found.
    const [me] = h.service.to('/api/v1/me');
    expect(me?.headers.authorization).toMatch(/^Bearer /);
    expect(Object.keys(me?.headers ?? {}).filter((name) => name.startsWith('svc-ctx-'))).toEqual([]);

    const api = h.service.to('/api/v1/composite-tags');
    expect(api).toHaveLength(1);
    for (const req of api) {
      expect(req.headers['x-api-key']).toBeUndefined();
      expect(JSON.stringify(req.headers)).not.toContain(API_KEY);
      expect(req.url.search).not.toContain(API_KEY);
      expect(req.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(req.headers['svc-ctx-org-id']).toBe(IDS.org);
      expect(req.headers['svc-ctx-team-id']).toBe(IDS.team);
      expect(req.headers['svc-ctx-locale']).toBe('de-DE');
      expect(req.headers['svc-ctx-declared-actor']).toBe('operator:anna');
      expect(req.headers['x-request-id']).toBeUndefined();
    }
  });

  it('omits Team, locale and declared actor when not configured', async () => {
    h = await harness((_req, res) => sendJson(res, 200, meBody()), { teamId: undefined });
    await h.client.reels.list({}).catch(() => undefined);
    const [req] = h.service.to('/api/v1/composite-tags');
    expect(req?.headers['svc-ctx-org-id']).toBe(IDS.org);
    expect(req?.headers).not.toHaveProperty('svc-ctx-team-id');
    expect(req?.headers).not.toHaveProperty('svc-ctx-locale');
    expect(req?.headers).not.toHaveProperty('svc-ctx-declared-actor');
  });

  it('never writes the key to the log, even when the service echoes it back', async () => {
    let lines = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines += chunk.toString();
        done();
      },
    });
    const logger = pino({ level: 'debug' }, sink);
    // The token route echoes the key in its error message; then /api/v1 calls succeed and fail.
    h = await harness(
      (req, res) =>
        req.path === '/api/v1/me' ? sendJson(res, 200, meBody()) : sendJson(res, 500, { code: 'SERVICE_ERROR', message: `boom for ${API_KEY}`, status: 500 }),
      { logger, retry: { retries: 1, minDelayMs: 1, maxDelayMs: 2 } },
    );
    await h.client.me();
    await h.client.reels.get(IDS.reel).catch(() => undefined);
    const wrong = await harness((_req, res) => sendJson(res, 200, meBody()), { logger, apiKey: `${API_KEY}-wrong` });
    await wrong.client.me().catch(() => undefined);
    await wrong.service.close();

    expect(lines).toContain('service request');
    expect(lines).toContain('SERVICE_ERROR');
    expect(lines).toMatch(/"requestId":"req-\d+"/);
    expect(lines).not.toContain(API_KEY);
  });

  it('keeps the key out of error messages', async () => {
    h = await harness((_req, res) => sendJson(res, 409, { code: 'COMPOSITE_TAG_CONFLICT', message: 'conflict', status: 409 }));
    const error = (await h.client.reels.create({ name: 'R' }).catch((e: unknown) => e)) as ServiceError;
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });
});
