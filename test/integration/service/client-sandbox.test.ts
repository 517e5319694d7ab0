import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError, type AttemptRecord, type ServiceClient } from '../../../src-main/service';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { tempDir } from '../../helpers/tmp';

// The API client against the real sandbox service over HTTP (src-main/service/README.md).

let sandbox: RunningSandbox;
let dir: { path: string; remove(): void };
let client: ServiceClient;
const attempts: AttemptRecord[] = [];

async function injectFault(fault: { pathPrefix: string; status: number; code?: string; count: number; retryAfter?: number; method?: string }): Promise<void> {
  const res = await fetch(`${sandbox.baseUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-admin': sandbox.adminSecret },
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(201);
}

function unique(name: string): string {
  return `${name} ${Math.random().toString(36).slice(2, 8)}`;
}

beforeAll(async () => {
  dir = tempDir('service-client-');
  sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
  client = createServiceClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    orgId: sandbox.orgId,
    teamId: sandbox.teamId,
    retry: { minDelayMs: 20, maxDelayMs: 100 },
    onAttempt: (a) => attempts.push(a),
  });
});

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

describe('discovery', () => {
  it('exchanges the key and reads me and teams', async () => {
    const me = await client.probe();
    expect(me.organizations.map((o) => o.id)).toContain(sandbox.orgId);
    expect(client.tokenInfo()?.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const { items: teams } = await client.teams();
    expect(teams.map((t) => t.teamId)).toContain(sandbox.teamId);
    const exchange = attempts.find((a) => a.path === '/api/auth/token');
    expect(exchange?.status).toBe(200);
    expect(attempts.every((a) => a.requestId !== null)).toBe(true);
  });

  it('reads health without a token', async () => {
    const fresh = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId });
    expect((await fresh.health()).status).toBe('ok');
    expect(fresh.tokenInfo()).toBeNull();
  });

  it('a wrong key is an auth error with the request id', async () => {
    const bad = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: 'sk_not_a_key', orgId: sandbox.orgId });
    const error = (await bad.me().catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', kind: 'auth', status: 401 });
    expect(error.requestId).toBeTruthy();
  });
});

describe('faults injected by the sandbox', () => {
  it('retries a read through 503 SCAN_BACKEND_UNAVAILABLE', async () => {
    await client.threads.create({ type: 'single', thread: { name: unique('Thread') } });
    await injectFault({ pathPrefix: '/api/v1/threads', method: 'GET', status: 503, code: 'SCAN_BACKEND_UNAVAILABLE', count: 2 });
    const seen: AttemptRecord[] = [];
    const page = await client.threads.list({}, { onAttempt: (a) => seen.push(a) });
    expect(page.items.length).toBeGreaterThan(0);
    expect(seen.map((a) => a.status)).toEqual([503, 503, 200]);
  });

  it('does not retry 503 SCAN_ROUTING_UNAVAILABLE', async () => {
    await injectFault({ pathPrefix: '/api/v1/threads', method: 'GET', status: 503, code: 'SCAN_ROUTING_UNAVAILABLE', count: 1 });
    const seen: AttemptRecord[] = [];
    const error = (await client.threads.list({}, { onAttempt: (a) => seen.push(a) }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ code: 'SCAN_ROUTING_UNAVAILABLE', status: 503 });
    expect(seen).toHaveLength(1);
  });

  it('hands a 429 on a write to the caller with Retry-After, sent once', async () => {
    await injectFault({ pathPrefix: '/api/v1/threads', method: 'POST', status: 429, code: 'RATE_LIMITED', count: 1, retryAfter: 2 });
    const seen: AttemptRecord[] = [];
    const error = (await client.threads
      .create({ type: 'single', thread: { name: unique('Thread') } }, { onAttempt: (a) => seen.push(a) })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 2000, outcomeUnknown: false });
    expect(seen).toHaveLength(1);
  });

  it('reports a 500 on a write as an unknown outcome without resending', async () => {
    await injectFault({ pathPrefix: '/api/v1/threads', method: 'POST', status: 500, code: 'SERVICE_ERROR', count: 1 });
    const seen: AttemptRecord[] = [];
    const error = (await client.threads
      .create({ type: 'single', thread: { name: unique('Thread') } }, { onAttempt: (a) => seen.push(a) })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ code: 'SERVICE_ERROR', status: 500, outcomeUnknown: true });
    expect(seen).toHaveLength(1);
  });
});

describe('token expiry', () => {
  it('keeps working across many 3-second token lifetimes', async () => {
    const shortDir = tempDir('service-client-ttl-');
    const short = await startSandbox({ dataDir: shortDir.path, port: 0, tokenTtlSeconds: 3 });
    try {
      const seen: AttemptRecord[] = [];
      const c = createServiceClient({
        baseUrl: short.baseUrl,
        apiKey: short.apiKey,
        orgId: short.orgId,
        teamId: short.teamId,
        onAttempt: (a) => seen.push(a),
      });
      const started = Date.now();
      let created = 0;
      while (Date.now() - started < 7_500) {
        created += 1;
        await c.threads.create({ type: 'single', thread: { name: `TTL ${created}` } });
        await c.me();
        await new Promise((r) => setTimeout(r, 150));
      }
      const { count } = await c.threads.count({ q: 'TTL' });
      expect(count).toBe(created);
      const exchanges = seen.filter((a) => a.path === '/api/auth/token');
      expect(exchanges.length).toBeGreaterThanOrEqual(3);
      // Refreshed ahead of expiry: at most a rare 401 race, never a failed call.
      expect(seen.filter((a) => a.status === 401).length).toBeLessThanOrEqual(1);
    } finally {
      await short.close();
      shortDir.remove();
    }
  }, 30_000);
});
