// Reel activation as a background job. spec: Labels and Reels — `POST /reels/{id}/activate` "runs in background";
// Bulk-bind — "activation progress is read from the Reel's `counts.identifiableCount`"; and the sandbox's jobs are
// rows, so a restart loses nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../../../../src-sandbox/app';
import { seedDemo, type DemoSeed } from '../../../../src-sandbox/seed';
import { openSandboxDb, type SandboxDb } from '../../../../src-sandbox/store/db';
import { loadOrCreateSecrets } from '../../../../src-sandbox/store/secrets';
import { tempDir } from '../../../helpers/tmp';
import type { Json } from '../../../helpers/labels-harness';

const NOW = '2026-01-01T00:00:00.000Z';
const dir = tempDir('labels-activation-');
let db: SandboxDb;
let app: SandboxApp;
let demo: DemoSeed;
let token: string;

async function open(): Promise<void> {
  db = openSandboxDb(dir.path);
  const secrets = loadOrCreateSecrets(db);
  demo = seedDemo(db, NOW);
  app = await buildSandboxApp({ db, secrets });
  token = (await app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': demo.apiKey } })).json().token;
}

async function close(): Promise<void> {
  await app.close();
  db.close();
}

beforeAll(open);
afterAll(async () => {
  await close();
  dir.remove();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object): Promise<{ status: number; body: Json }> {
  const res = await app.inject({
    method,
    url: `/api/v1/composite-tags${url}`,
    headers: { authorization: `Bearer ${token}`, 'svc-ctx-org-id': demo.orgId, 'svc-ctx-team-id': demo.teamId },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A Reel with `count` Labels, each with one verify-only optical member (written straight to the store). */
async function verifyOnlyReel(count: number): Promise<{ reelId: string; labelIds: string[] }> {
  const reelId = (await call('POST', '/reels', { name: 'Activate me' })).body.reel.collectionId;
  const labelIds: string[] = [];
  const label = db.prepare(
    'INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const tag = db.prepare(
    "INSERT INTO tags (tag_id, tag_type, fingerprint_id, composite_tag_id, org_id, owner_team_id, identifiable, created_at, updated_at) VALUES (?, 'SVC', ?, ?, ?, ?, 0, ?, ?)",
  );
  db.transaction(() => {
    for (let p = 1; p <= count; p += 1) {
      const id = randomUUID();
      label.run(id, reelId, p, demo.orgId, demo.teamId, NOW, NOW);
      tag.run(randomUUID(), `fp-${id}`, id, demo.orgId, demo.teamId, NOW, NOW);
      labelIds.push(id);
    }
  })();
  return { reelId, labelIds };
}

describe('reel activation job', () => {
  it('answers 202 queued at once; counts.identifiableCount climbs to every Label', async () => {
    const count = 300;
    const { reelId } = await verifyOnlyReel(count);
    const res = await call('POST', `/reels/${reelId}/activate`);
    expect([res.status, res.body.activation]).toEqual([202, 'queued']);
    expect(res.body.reel.counts.identifiableCount).toBeLessThan(count);
    const seen: number[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const n = (await call('GET', `/reels/${reelId}`)).body.reel.counts.identifiableCount as number;
      seen.push(n);
      if (n === count) break;
    }
    expect(seen[seen.length - 1]).toBe(count);
    expect(seen.some((n) => n > 0 && n < count)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await call('POST', `/reels/${reelId}/activate`)).body.activation).toBe('already_active');
  });

  it('answers no_dust for a Reel without optical markings', async () => {
    const reelId = (await call('POST', '/reels', { name: 'Text only' })).body.reel.collectionId;
    expect((await call('POST', `/reels/${reelId}/activate`)).body.activation).toBe('no_dust');
  });

  it('a job that was running when the process stopped finishes after a restart', async () => {
    const { reelId, labelIds } = await verifyOnlyReel(20);
    // The state a crash mid-job leaves behind: the job row marked running, a few Labels already activated.
    db.prepare('UPDATE tags SET identifiable = 1 WHERE composite_tag_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(labelIds.slice(0, 5)));
    db.prepare(
      "INSERT INTO jobs (job_id, kind, payload, status, org_id, team_id, created_at, updated_at) VALUES (?, 'labels.activate', ?, 'running', ?, ?, ?, ?)",
    ).run(randomUUID(), JSON.stringify({ compositeTagIds: labelIds }), demo.orgId, demo.teamId, NOW, NOW);
    await close();
    await open();
    await app.sandbox.jobs.idle();
    expect((await call('GET', `/reels/${reelId}`)).body.reel.counts.identifiableCount).toBe(20);
  });
});
