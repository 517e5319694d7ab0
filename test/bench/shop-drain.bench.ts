// A shop of benches draining into one Reel (docs/sync.md, "Benches sharing a Reel"): four station processes (`station serve`, each its
// own data folder) open one Reel of the service and each enrolls and sends its own quarter of SHOP_BENCH_LABELS
// (default 10,000) positions at once, through the sandbox over HTTP (its own process); beside one station process
// draining as many into a Reel of its own alone, in the same run. Each station queues its Labels with sending paused
// (a print-data import), then all are resumed together and timed until every queue is empty. What the service holds
// is then read in the sandbox's own database: every position once with its value (0 lost, 0 doubled).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CONTEXT_HEADERS } from '../../src-shared/api/common';
import { PATHS } from '../../src-shared/api/paths';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import type { Bench } from './harness';

const STATIONS = 4;

type Ready = { ready: true; url: string; token: string };
type SandboxReady = { ready: true; baseUrl: string; apiKey: string; orgId: string; teamId: string };

interface ServedStation {
  served: Started<Ready>;
  call<T = Record<string, unknown>>(name: string, input: unknown): Promise<T>;
}

async function serveStation(dataDir: string, sandbox: SandboxReady): Promise<ServedStation> {
  const served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', '--data', dataDir, 'serve', '--port', '0'], { timeoutMs: 120_000 });
  const origin = new URL(served.ready.url).origin;
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const response = await fetch(`${origin}/api/station/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${served.ready.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const envelope = (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error?.code} ${envelope.error?.message}`);
    return envelope.value as T;
  };
  await call('profiles.connect', { kind: 'remote', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
  await call('sync.pause', {});
  return { served, call };
}

/** Opens the service's Reel on the station and queues positions from..to (values PREFIX-position), sending paused. */
async function queueRange(s: ServedStation, serviceId: string, prefix: string, from: number, to: number): Promise<void> {
  const { reelId } = await s.call<{ reelId: string }>('reels.open', { serviceId });
  const rows = Array.from({ length: to - from + 1 }, (_, i) => `${from + i},${prefix}-${from + i}`);
  const out = await s.call<{ queued: number }>('labels.import', { reelId, csv: `position,text\n${rows.join('\n')}\n` });
  if (out.queued !== rows.length) throw new Error(`queued ${out.queued} of ${rows.length}`);
}

/** Resumes sending on every station at once; Labels/s until every queue is empty. */
async function drain(stations: ServedStation[], count: number): Promise<number> {
  const started = performance.now();
  await Promise.all(stations.map((s) => s.call('sync.resume', {})));
  const summaries = await Promise.all(
    stations.map((s) => s.call<{ pending: number; attention: number }>('sync.run', { untilIdle: true, timeoutSeconds: 1_800 })),
  );
  const seconds = (performance.now() - started) / 1000;
  const left = summaries.filter((s) => s.pending !== 0 || s.attention !== 0);
  if (left.length) throw new Error(`a station did not drain: ${JSON.stringify(summaries)}`);
  return count / seconds;
}

/** What the sandbox holds on the Reel: Labels whose TEXT value names their position, and positions held twice. */
function onService(sandboxDir: string, reelId: string, prefix: string): { right: number; doubled: number } {
  const db = new Database(join(sandboxDir, 'sandbox.sqlite'), { readonly: true });
  try {
    const { n, places } = db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT position) AS places FROM composite_tags WHERE reel_id = ?').get(reelId) as {
      n: number;
      places: number;
    };
    const { matched } = db
      .prepare(
        `SELECT COUNT(DISTINCT ct.position) AS matched FROM composite_tags ct JOIN tags t ON t.composite_tag_id = ct.composite_tag_id
         WHERE ct.reel_id = ? AND t.tag_type = 'TEXT' AND t.archived_at IS NULL AND t.value = ? || '-' || ct.position`,
      )
      .get(reelId, prefix) as { matched: number };
    return { right: matched, doubled: n - places };
  } finally {
    db.close();
  }
}

export const shopDrainBench: Bench = {
  name: 'shop drain',
  async run() {
    const total = Number(process.env.SHOP_BENCH_LABELS ?? 10_000);
    const share = Math.floor(total / STATIONS);
    const count = share * STATIONS;
    const dir = tempDir('bench-shop-drain-');
    const sandboxDir = join(dir.path, 'sandbox');
    const sandboxProcess = await startWithReadyLine<SandboxReady>(process.execPath, ['bin/sandbox.mjs', '--port', '0', '--data', sandboxDir], {
      timeoutMs: 60_000,
    });
    const sandbox = sandboxProcess.ready;
    const stations: ServedStation[] = [];
    try {
      const token = ((await (await fetch(`${sandbox.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': sandbox.apiKey } })).json()) as { token: string }).token;
      const createReel = async (name: string): Promise<string> => {
        const res = await fetch(`${sandbox.baseUrl}${PATHS.reels}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            [CONTEXT_HEADERS.orgId]: sandbox.orgId,
            [CONTEXT_HEADERS.teamId]: sandbox.teamId,
          },
          body: JSON.stringify({ name, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }),
        });
        if (res.status !== 201) throw new Error(`creating a Reel answered ${res.status}`);
        return ((await res.json()) as { reel: { collectionId: string } }).reel.collectionId;
      };

      // One station alone.
      const soloReel = await createReel('Shop drain, one bench');
      const solo = await serveStation(join(dir.path, 'solo'), sandbox);
      stations.push(solo);
      await queueRange(solo, soloReel, 'S', 1, count);
      const soloRate = await drain([solo], count);
      const soloHeld = onService(sandboxDir, soloReel, 'S');

      // Four at once, each its own quarter of one Reel.
      const sharedReel = await createReel('Shop drain, four benches');
      const four: ServedStation[] = [];
      for (let k = 0; k < STATIONS; k += 1) {
        const s = await serveStation(join(dir.path, `bench-${k}`), sandbox);
        stations.push(s);
        four.push(s);
        await queueRange(s, sharedReel, 'F', k * share + 1, (k + 1) * share);
      }
      const fourRate = await drain(four, count);
      const fourHeld = onService(sandboxDir, sharedReel, 'F');

      for (const [what, held] of [
        ['one station', soloHeld],
        ['four stations', fourHeld],
      ] as const) {
        if (held.right !== count || held.doubled !== 0) throw new Error(`${what}: ${count - held.right} lost, ${held.doubled} doubled on the service`);
      }
      return [
        {
          name: `${STATIONS} station processes enroll and send ${share.toLocaleString('en')} Labels each into one Reel at once (0 lost, 0 doubled, read on the sandbox)`,
          value: fourRate,
          unit: 'labels/s',
          baseline: { name: `one station sending ${count.toLocaleString('en')} alone`, value: soloRate },
          better: 'higher',
        },
      ];
    } finally {
      for (const s of stations) await s.served.stop();
      await sandboxProcess.stop();
      dir.remove();
    }
  },
};
