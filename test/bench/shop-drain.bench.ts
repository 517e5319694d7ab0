// A shop of benches draining into one Reel (docs/sync.md, "Benches sharing a Reel"): four station processes (`station serve`, each its
// own data folder) open one Reel of the service and each enrolls and sends its own quarter of SHOP_BENCH_LABELS
// (default 10,000) positions at once, through the sandbox over HTTP (its own process); beside one station process
// draining as many into a Reel of its own alone, in the same run. Each station queues its Labels with sending paused
// (a print-data import), then all are resumed together and timed until every queue is empty. What the service holds
// is then read in the sandbox's own database: every position once with its value (0 lost, 0 doubled).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Bench } from './harness';
import { paceWorld, type PaceStation } from './pace';

const STATIONS = 4;

/** Opens the service's Reel on the station and queues positions from..to (values PREFIX-position), sending paused. */
async function queueRange(s: PaceStation, serviceId: string, prefix: string, from: number, to: number): Promise<void> {
  const { reelId } = await s.call<{ reelId: string }>('reels.open', { serviceId });
  const rows = Array.from({ length: to - from + 1 }, (_, i) => `${from + i},${prefix}-${from + i}`);
  const out = await s.call<{ queued: number }>('labels.import', { reelId, csv: `position,text\n${rows.join('\n')}\n` });
  if (out.queued !== rows.length) throw new Error(`queued ${out.queued} of ${rows.length}`);
}

/** Resumes sending on every station at once; Labels/s until every queue is empty. */
async function drain(stations: PaceStation[], count: number): Promise<number> {
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
    // The sandbox in its own process and station processes connected to it, as the pace benches have them (pace.ts).
    const world = await paceWorld('bench-shop-drain-');
    try {
      /** A station process on a data folder of its own, sending paused until all are resumed together. */
      const pausedStation = async (name: string): Promise<PaceStation> => {
        const station = await world.station(name);
        await station.call('sync.pause', {});
        return station;
      };

      // One station alone.
      const soloReel = await world.serviceReel('Shop drain, one bench');
      const solo = await pausedStation('solo');
      await queueRange(solo, soloReel, 'S', 1, count);
      const soloRate = await drain([solo], count);
      const soloHeld = onService(world.sandboxDir, soloReel, 'S');

      // Four at once, each its own quarter of one Reel.
      const sharedReel = await world.serviceReel('Shop drain, four benches');
      const four: PaceStation[] = [];
      for (let k = 0; k < STATIONS; k += 1) {
        const s = await pausedStation(`bench-${k}`);
        four.push(s);
        await queueRange(s, sharedReel, 'F', k * share + 1, (k + 1) * share);
      }
      const fourRate = await drain(four, count);
      const fourHeld = onService(world.sandboxDir, sharedReel, 'F');

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
      await world.close();
    }
  },
};
