import type { LightMyRequestResponse } from 'fastify';
import { buildSandboxApp, type SandboxApp } from '../../src-sandbox/app';
import { seedDemo, type DemoSeed } from '../../src-sandbox/seed';
import { openSandboxDb, type SandboxDb } from '../../src-sandbox/store/db';
import { loadOrCreateSecrets, type SandboxSecrets } from '../../src-sandbox/store/secrets';

export interface TestSandbox {
  app: SandboxApp;
  db: SandboxDb;
  secrets: SandboxSecrets;
  demo: DemoSeed;
  /** Moves the sandbox clock forward. */
  advance(ms: number): void;
  /** A fresh bearer token for apiKey (the demo key by default). */
  token(apiKey?: string): Promise<string>;
  /** Headers of a demo call in Team "Bench" (override or drop with undefined). */
  headers(token: string, extra?: Record<string, string | undefined>): Record<string, string>;
  /** Admin API call with the admin secret. */
  admin(method: 'POST' | 'GET' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** An in-process sandbox on an in-memory database with the demo seed and a movable clock. */
export async function buildTestSandbox(options: { tokenTtlSeconds?: number } = {}): Promise<TestSandbox> {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const db = openSandboxDb(':memory:');
  const secrets = loadOrCreateSecrets(db);
  const demo = seedDemo(db, now().toISOString());
  const app = await buildSandboxApp({ db, secrets, now, ...(options.tokenTtlSeconds ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}) });
  return {
    app,
    db,
    secrets,
    demo,
    advance: (ms) => {
      offsetMs += ms;
    },
    async token(apiKey = demo.apiKey) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': apiKey } });
      if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    headers(token, extra = {}) {
      const all: Record<string, string | undefined> = {
        authorization: `Bearer ${token}`,
        'svc-ctx-org-id': demo.orgId,
        'svc-ctx-team-id': demo.teamId,
        ...extra,
      };
      return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
    },
    admin(method, url, payload) {
      return app.inject({ method, url, headers: { 'x-sandbox-admin': secrets.adminSecret }, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** The spec's error envelope of a response, asserting its status field equals the HTTP status. */
/** A test sandbox listening on a free 127.0.0.1 port: its base URL, the demo organization and a second Team "Finishing". */
export async function listenTestSandbox(): Promise<{ sb: TestSandbox; baseUrl: string; orgId: string; benchTeamId: string; otherTeamId: string }> {
  const sb = await buildTestSandbox();
  await sb.app.listen({ port: 0, host: '127.0.0.1' });
  const address = sb.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const orgId = sb.demo.orgId;
  const otherTeamId = ((await sb.admin('POST', `/sandbox/orgs/${orgId}/teams`, { name: 'Finishing' })).json() as { teamId: string }).teamId;
  return { sb, baseUrl, orgId, benchTeamId: sb.demo.teamId, otherTeamId };
}

export function envelope(res: LightMyRequestResponse): { code: string; message: string; status: number; detail?: Record<string, unknown> } {
  const body = res.json() as { code: string; message: string; status: number; detail?: Record<string, unknown> };
  if (body.status !== res.statusCode) throw new Error(`envelope status ${body.status} differs from HTTP ${res.statusCode}`);
  return body;
}
