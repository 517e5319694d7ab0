// Bulk-bind dry run of 500 pairs over HTTP (p50; the target is under 150 ms), against the raw
// baseline: the pure rule (planBulkBind) alone on the same data, same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildSandboxApp } from '../../src-sandbox/app';
import { identifierKey } from '../../src-shared/domain/identifier-values';
import { planBulkBind } from '../../src-sandbox/domain/labels';
import { insertFingerprint } from '../../src-sandbox/optical';
import { loadBulkBindInput } from '../../src-sandbox/routes/composite-tags/bulk-bind';
import { getCollectionRow } from '../../src-sandbox/store/reels';

import { seedDemo } from '../../src-sandbox/seed';
import { openSandboxDb } from '../../src-sandbox/store/db';
import { createSandboxStore } from '../../src-sandbox/store';
import { loadOrCreateSecrets } from '../../src-sandbox/store/secrets';
import { median, timeRuns, type Bench, type BenchRow } from './harness';
import type { CollectionRow } from '../../src-sandbox/store/rows';

const PAIRS = 500;
const RUNS = 30;

export const bulkBindBench: Bench = {
  name: 'bulk-bind',
  async run(): Promise<BenchRow[]> {
    const db = openSandboxDb(':memory:');
    const at = new Date().toISOString();
    const demo = seedDemo(db, at);
    const app = await buildSandboxApp({ db, secrets: loadOrCreateSecrets(db) });
    try {
      const token = (await app.inject({ method: 'GET', url: '/api/auth/token', headers: { 'x-api-key': demo.apiKey } })).json().token as string;
      const headers = { authorization: `Bearer ${token}`, 'svc-ctx-org-id': demo.orgId, 'svc-ctx-team-id': demo.teamId };
      const reelId = (await app.inject({ method: 'POST', url: '/api/v1/composite-tags/reels', headers, payload: { name: 'Bench reel' } })).json().reel
        .collectionId as string;

      // 500 complete Labels (TEXT, QR, SVC with a stored fingerprint in the optical index) and 500 Threads.
      const threadIds: string[] = [];
      const label = db.prepare(
        'INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      const tag = db.prepare(
        'INSERT INTO tags (tag_id, tag_type, value, normalized_value, fingerprint_id, composite_tag_id, org_id, owner_team_id, identifiable, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
      );
      const thread = db.prepare(
        'INSERT INTO threads (thread_id, org_id, owner_team_id, name, description, created_by_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      db.transaction(() => {
        for (let p = 1; p <= PAIRS; p += 1) {
          const id = randomUUID();
          const value = `LBL-${p}`;
          const fingerprintId = randomUUID();
          insertFingerprint(
            db,
            { fingerprintId, bits: new Uint8Array(randomBytes(32)), keypoints: 2800, orgId: demo.orgId, teamId: demo.teamId, scanId: null },
            at,
          );
          label.run(id, reelId, p, demo.orgId, demo.teamId, at, at);
          tag.run(randomUUID(), 'TEXT', value, identifierKey('TEXT', value), null, id, demo.orgId, demo.teamId, at, at);
          tag.run(randomUUID(), 'QR', value, identifierKey('QR', value), null, id, demo.orgId, demo.teamId, at, at);
          tag.run(randomUUID(), 'SVC', null, null, fingerprintId, id, demo.orgId, demo.teamId, at, at);
          const threadId = randomUUID();
          thread.run(threadId, demo.orgId, demo.teamId, `Item ${p}`, null, 'bench', at, at);
          threadIds.push(threadId);
        }
      })();

      const body = { fromPosition: 1, toPosition: PAIRS, threadIds, dryRun: true };
      const http = await timeRuns(
        RUNS,
        async () => {
          const res = await app.inject({ method: 'POST', url: `/api/v1/composite-tags/reels/${reelId}/bulk-bind`, headers, payload: body });
          if (res.statusCode !== 200) throw new Error(`bulk-bind dry run failed: ${res.statusCode} ${res.body}`);
        },
        3,
      );

      const svc = { principal: { serviceAccountId: 'bench' }, orgId: demo.orgId, teamId: demo.teamId } as Parameters<typeof loadBulkBindInput>[1];
      const input = loadBulkBindInput(createSandboxStore(db), svc, getCollectionRow(db, reelId) as CollectionRow, body);
      const pure = await timeRuns(RUNS, () => planBulkBind(input), 3);

      return [
        {
          name: `bulk-bind dry run, ${PAIRS} pairs (HTTP, p50)`,
          value: median(http),
          unit: 'ms',
          baseline: { name: 'planBulkBind alone', value: median(pure) },
          better: 'lower',
          target: '< 150 ms',
        },
      ];
    } finally {
      await app.close();
      db.close();
    }
  },
};
