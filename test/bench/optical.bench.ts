// The sandbox's optical stand-in: (1) ingest, extract and Label enrollment of 1600×1200 JPEG captures
// against the raw image work on the same images; (2) identify lookups and whole identify requests through the multi-index with 10,000 and 100,000
// enrolled fingerprints against a linear scan over the same set (src-sandbox/optical/README.md).
import { randomUUID } from 'node:crypto';
import { buildSandboxApp } from '../../src-sandbox/app';
import {
  analyzeCapture,
  bandKeys,
  ensureOpticalSchema,
  findOpticalTagsMatching,
  hammingDistance,
  ingestOpticalCapture,
  MATCH_MAX_DISTANCE,
} from '../../src-sandbox/optical';
import { seedDemo } from '../../src-sandbox/seed';
import { openSandboxDb, type SandboxDb } from '../../src-sandbox/store/db';
import { createSandboxStore } from '../../src-sandbox/store';
import { loadOrCreateSecrets } from '../../src-sandbox/store/secrets';
import { seededRandom } from '../../src-shared/domain/random';
import { freshCapture, speckleTag } from '../fixtures';
import { tempDir } from '../helpers/tmp';
import { median, percentile, type Bench, type BenchRow } from './harness';

const CAPTURES = 12;
const REAL_TAGS = 8;
const QUERIES = 200;
/** Whole identify requests per size: enough for a p99 that is not just the slowest one. */
const HTTP_IDENTIFIES = 100;

async function captures(count: number, seedBase: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i += 1) out.push(await freshCapture(await speckleTag(seedBase + i), seedBase + i));
  return out;
}

/** Inserts `count` synthetic enrolled SVC identifiers (random 256-bit fingerprints) straight into the store. */
function enrollSynthetic(db: SandboxDb, count: number, orgId: string, teamId: string, seed: number): void {
  const prng = seededRandom(seed);
  const at = new Date().toISOString();
  const fp = db.prepare(
    'INSERT INTO optical_fingerprints (fingerprint_id, bits, keypoints, org_id, team_id, scan_id, created_at) VALUES (?, ?, 2800, ?, ?, NULL, ?)',
  );
  const key = db.prepare('INSERT OR IGNORE INTO optical_index (band_key, fp_row) VALUES (?, ?)');
  const tag = db.prepare(
    "INSERT INTO tags (tag_id, tag_type, fingerprint_id, org_id, owner_team_id, identifiable, created_at, updated_at) VALUES (?, 'SVC', ?, ?, ?, 1, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const bits = Uint8Array.from({ length: 32 }, () => prng.int(0, 255));
      const fingerprintId = randomUUID();
      const row = fp.run(fingerprintId, Buffer.from(bits), orgId, teamId, at).lastInsertRowid;
      for (const k of bandKeys(bits)) key.run(k, row);
      tag.run(randomUUID(), fingerprintId, orgId, teamId, at, at);
    }
  })();
}

/** The baseline: read every stored fingerprint and compare it (what identify would do without the index). */
function linearScan(db: SandboxDb, bits: Uint8Array): number {
  let found = 0;
  for (const row of db.prepare('SELECT bits FROM optical_fingerprints').iterate() as Iterable<{ bits: Buffer }>) {
    if (hammingDistance(bits, row.bits) <= MATCH_MAX_DISTANCE) found += 1;
  }
  return found;
}

async function listen(db: SandboxDb, apiKey: string): Promise<{ base: string; token: string; close(): Promise<void> }> {
  const app = await buildSandboxApp({ db, secrets: loadOrCreateSecrets(db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = ((await (await fetch(`${base}/api/auth/token`, { headers: { 'x-api-key': apiKey } })).json()) as { token: string }).token;
  return { base, token, close: () => app.close() };
}

async function postImage(
  server: { base: string; token: string },
  path: string,
  image: Buffer,
  orgId: string,
  teamId: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('data', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'capture.jpg');
  const url = path.startsWith('/') ? `${server.base}${path}` : `${server.base}/api/v1/tags/${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'svc-ctx-org-id': orgId, 'svc-ctx-team-id': teamId },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

async function createReel(server: { base: string; token: string }, orgId: string, teamId: string): Promise<string> {
  const res = await fetch(`${server.base}/api/v1/composite-tags/reels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'svc-ctx-org-id': orgId, 'svc-ctx-team-id': teamId, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench reel' }),
  });
  const body = (await res.json()) as { reel: { collectionId: string } };
  if (res.status !== 201) throw new Error(`reel create answered ${res.status}`);
  return body.reel.collectionId;
}

async function ingestRows(): Promise<BenchRow[]> {
  const images = await captures(CAPTURES * 3, 100);
  const dir = tempDir('optical-bench-');
  const db = openSandboxDb(dir.path);
  try {
    const seed = seedDemo(db, new Date().toISOString());
    // Interleaved, so load from other processes on the machine hits both series alike.
    const raw: number[] = [];
    const ingest: number[] = [];
    for (const image of images.slice(0, CAPTURES)) {
      let start = performance.now();
      await analyzeCapture(image);
      raw.push(performance.now() - start);
      start = performance.now();
      await ingestOpticalCapture(createSandboxStore(db), image, { orgId: seed.orgId, teamId: seed.teamId });
      ingest.push(performance.now() - start);
    }
    // Over HTTP: multipart POST /api/v1/tags/extract on a listening sandbox (the same ingest plus the transport).
    const server = await listen(db, seed.apiKey);
    const http: number[] = [];
    const rawBeside: number[] = [];
    for (const image of images.slice(CAPTURES, CAPTURES * 2)) {
      let start = performance.now();
      await analyzeCapture(image);
      rawBeside.push(performance.now() - start);
      start = performance.now();
      const status = await postImage(server, 'extract', image, seed.orgId, seed.teamId);
      http.push(performance.now() - start);
      if (status !== 200) throw new Error(`extract answered ${status}`);
    }
    // Label enrollment with its optical capture: multipart POST /reels/{id}/labels (next free position,
    // image work, fingerprint, Label and members stored in one transaction).
    const reelId = await createReel(server, seed.orgId, seed.teamId);
    const enroll: number[] = [];
    const rawEnroll: number[] = [];
    for (const image of images.slice(CAPTURES * 2)) {
      let start = performance.now();
      await analyzeCapture(image);
      rawEnroll.push(performance.now() - start);
      start = performance.now();
      const status = await postImage(server, `/api/v1/composite-tags/reels/${reelId}/labels`, image, seed.orgId, seed.teamId);
      enroll.push(performance.now() - start);
      if (status !== 201) throw new Error(`Label enrollment answered ${status}`);
    }
    await server.close();
    const perSecond = (ms: number[]) => 1000 / median(ms);
    const baselineName = 'raw decode + keypoints + fingerprint';
    return [
      {
        name: 'optical ingest (1600×1200 JPEG, stored, WAL+FULL), median',
        value: perSecond(ingest),
        unit: 'captures/s',
        better: 'higher',
        baseline: { name: baselineName, value: perSecond(raw) },
      },
      {
        name: 'POST /api/v1/tags/extract multipart (1600×1200 JPEG), median',
        value: perSecond(http),
        unit: 'req/s',
        better: 'higher',
        baseline: { name: baselineName, value: perSecond(rawBeside) },
      },
      {
        name: 'POST …/reels/{id}/labels with a 1600×1200 JPEG capture, median',
        value: perSecond(enroll),
        unit: 'req/s',
        better: 'higher',
        baseline: { name: baselineName, value: perSecond(rawEnroll) },
      },
    ];
  } finally {
    db.close();
    dir.remove();
  }
}

async function identifyRows(): Promise<BenchRow[]> {
  const tags = await Promise.all(Array.from({ length: REAL_TAGS }, (_, i) => speckleTag(500 + i, { format: 'jpeg' })));
  const queries: Uint8Array[] = [];
  for (let i = 0; i < REAL_TAGS; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      const fp = (await analyzeCapture(await freshCapture(tags[i] as Buffer, 900 + i * 10 + c))).fingerprint;
      if (fp) queries.push(fp);
    }
  }
  const rows: BenchRow[] = [];
  const dir = tempDir('optical-bench-');
  const db = openSandboxDb(dir.path);
  try {
    const seed = seedDemo(db, new Date().toISOString());
    ensureOpticalSchema(db);
    // The real tags are enrolled through the ordinary ingest and bound to one Thread, so every query has
    // exactly one true match and identify answers `identified`.
    const at = new Date().toISOString();
    const threadId = randomUUID();
    db.prepare('INSERT INTO threads (thread_id, org_id, owner_team_id, name, created_by_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      threadId,
      seed.orgId,
      seed.teamId,
      'Bench item',
      randomUUID(),
      at,
      at,
    );
    for (const tag of tags) {
      const capture = await ingestOpticalCapture(createSandboxStore(db), tag, { orgId: seed.orgId, teamId: seed.teamId });
      db.prepare(
        "INSERT INTO tags (tag_id, tag_type, fingerprint_id, thread_id, org_id, owner_team_id, identifiable, bound_at, created_at, updated_at) VALUES (?, 'SVC', ?, ?, ?, ?, 1, ?, ?, ?)",
      ).run(randomUUID(), capture.fingerprintId, threadId, seed.orgId, seed.teamId, at, at, at);
    }
    let enrolled = REAL_TAGS;
    for (const target of [10_000, 100_000]) {
      const started = performance.now();
      enrollSynthetic(db, target - enrolled, seed.orgId, seed.teamId, target);
      enrolled = target;
      process.stderr.write(`  enrolled ${target} fingerprints in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      const indexed: number[] = [];
      let misses = 0;
      for (let i = 0; i < QUERIES; i += 1) {
        const query = queries[i % queries.length] as Uint8Array;
        const start = performance.now();
        const found = findOpticalTagsMatching(db, query);
        indexed.push(performance.now() - start);
        if (found.length !== 1) misses += 1;
      }
      if (misses > 0) throw new Error(`${misses} identify lookups did not find exactly their one tag`);
      const linear: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const start = performance.now();
        linearScan(db, queries[i % queries.length] as Uint8Array);
        linear.push(performance.now() - start);
      }
      const k = `${target / 1000}k`;
      rows.push(
        {
          name: `identify lookup, ${k} enrolled, p50`,
          value: median(indexed),
          unit: 'ms',
          better: 'lower',
          baseline: { name: `linear scan of ${k}, p50`, value: median(linear) },
        },
        {
          name: `identify lookup, ${k} enrolled, p99`,
          value: percentile(indexed, 99),
          unit: 'ms',
          better: 'lower',
          baseline: { name: `linear scan of ${k}, p95`, value: percentile(linear, 95) },
          ...(target === 100_000 ? { target: '< 50 ms' } : {}),
        },
      );
      rows.push(...(await httpIdentifyRows(db, seed, tags, k)));
    }
  } finally {
    db.close();
    dir.remove();
  }
  return rows;
}

/** Whole identify requests (multipart upload, image work, lookup, stored scan) against the raw image work. */
async function httpIdentifyRows(db: SandboxDb, seed: { orgId: string; teamId: string; apiKey: string }, tags: Buffer[], k: string): Promise<BenchRow[]> {
  const images: Buffer[] = [];
  for (let i = 0; i < HTTP_IDENTIFIES; i += 1) images.push(await freshCapture(tags[i % tags.length] as Buffer, 7000 + (k === '10k' ? 0 : HTTP_IDENTIFIES) + i));
  const server = await listen(db, seed.apiKey);
  const raw: number[] = [];
  const http: number[] = [];
  for (const image of images) {
    let start = performance.now();
    await analyzeCapture(image);
    raw.push(performance.now() - start);
    start = performance.now();
    const status = await postImage(server, 'identify', image, seed.orgId, seed.teamId, { tagType: 'SVC' });
    http.push(performance.now() - start);
    if (status !== 200) throw new Error(`identify answered ${status}`);
  }
  await server.close();
  return [
    {
      name: `POST /api/v1/tags/identify, ${k} enrolled, p50`,
      value: median(http),
      unit: 'ms',
      better: 'lower',
      baseline: { name: 'raw decode + keypoints + fingerprint, p50', value: median(raw) },
    },
    {
      name: `POST /api/v1/tags/identify, ${k} enrolled, p99`,
      value: percentile(http, 99),
      unit: 'ms',
      better: 'lower',
      baseline: { name: 'raw decode + keypoints + fingerprint, p99', value: percentile(raw, 99) },
    },
  ];
}

export const opticalBench: Bench = {
  name: 'optical (sandbox stand-in)',
  async run() {
    return [...(await ingestRows()), ...(await identifyRows())];
  },
};
