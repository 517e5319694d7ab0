import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError, type AttemptRecord } from '../../../src-main/service';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { tempDir } from '../../helpers/tmp';

// Context headers and credentials as the real sandbox judges them (spec: Context headers; Authentication).

let sandbox: RunningSandbox;
let dir: { path: string; remove(): void };

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${sandbox.baseUrl}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-admin': sandbox.adminSecret },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

beforeAll(async () => {
  dir = tempDir('service-client-context-');
  sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
});

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

describe('context headers', () => {
  it('sends the declared actor that an attribution-required Service Account needs for writes', async () => {
    const account = await admin<{ apiKey: string }>('/service-accounts', {
      orgId: sandbox.orgId,
      name: 'attributed bench',
      teams: [{ teamId: sandbox.teamId, role: 'admin' }],
      attributionRequired: true,
    });
    const base = { baseUrl: sandbox.baseUrl, apiKey: account.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId };

    const anonymous = createServiceClient(base);
    const refused = (await anonymous.reels.create({ name: 'needs an actor' }).catch((e: unknown) => e)) as ServiceError;
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'ATTRIBUTION_REQUIRED', status: 403, kind: 'service', outcomeUnknown: false });

    const attributed = createServiceClient({ ...base, declaredActor: 'operator:anna' });
    const reel = await attributed.reels.create({ name: 'with an actor' });
    expect(reel?.name).toBe('with an actor');
  });

  it('localizes service messages with the locale header', async () => {
    const de = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId, locale: 'de' });
    const error = (await de.reels.get('00000000-0000-4000-8000-00000000dead').catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const en = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId, locale: 'en' });
    const english = (await en.reels.get('00000000-0000-4000-8000-00000000dead').catch((e: unknown) => e)) as ServiceError;
    expect(error.serviceMessage).toBeTruthy();
    expect(error.serviceMessage).not.toBe(english.serviceMessage);
  });
});

describe('a revoked key', () => {
  it('ends in one auth error after one re-exchange, never a loop', async () => {
    const account = await admin<{ serviceAccountId: string; apiKey: string }>('/service-accounts', {
      orgId: sandbox.orgId,
      name: 'soon revoked',
      teams: [{ teamId: sandbox.teamId, role: 'member' }],
    });
    const seen: AttemptRecord[] = [];
    const client = createServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      orgId: sandbox.orgId,
      teamId: sandbox.teamId,
      onAttempt: (a) => seen.push(a),
    });
    await client.me();
    await admin(`/service-accounts/${account.serviceAccountId}/revoke`, {});
    seen.length = 0;
    const ofCall: AttemptRecord[] = [];
    const error = (await client.me({ onAttempt: (a) => ofCall.push(a) }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', kind: 'auth', status: 401 });
    expect(seen.map((a) => `${a.path} ${a.status}`)).toEqual(['/api/v1/me 401', '/api/auth/token 401']);
    // The call's own attempts: its 401, then its resend that was never sent, named with its method and path and why.
    expect(ofCall.map((a) => `${a.method} ${a.path} ${a.status} ${a.reason}`)).toEqual(['GET /api/v1/me 401 null', 'GET /api/v1/me null not_sent']);
    expect(ofCall[1]?.message).toMatch(/^not sent: the station could not get a token from the service \(GET \/api\/auth\/token: HTTP 401, /);
    expect(JSON.stringify(ofCall)).not.toContain(account.apiKey);
  });
});
