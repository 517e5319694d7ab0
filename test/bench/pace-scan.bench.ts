import { chromium } from '@playwright/test';
import { median, percentile, type Bench, type BenchRow } from './harness';
import { benchPage, CHROMIUM_ARGS, DRAIN_LABELS, drainAll, paceWorld, printedReel, queueImport, scanLabel, sleep, type PaceStation } from './pace';

// Sending never slows the bench (docs/sync.md, "Sending beside the bench"), against `station serve` with the sandbox in
// its own process:
// - the Bench open in Chromium, a printed Label (TEXT + QR) scanned by keyboard wedge: its last scan's Enter → the Bench
//   showing it saved, while the station drains DRAIN_LABELS imported Labels, against the same scans with nothing else
//   to send (each save then sent at once, as on an idle bench);
// - the Bench's save call itself (`labels.enroll` through the station's API), request → answer, the same way.

const PAUSE_MS = 300;
const IDLE_LABELS = 25;

async function apiSave(station: PaceStation, reelId: string, position: number): Promise<number> {
  const started = performance.now();
  await station.call('labels.enroll', {
    reelId,
    position,
    identifiers: [
      { tagType: 'TEXT', value: `API-${position}` },
      { tagType: 'QR', value: `https://api.example/${position}` },
    ],
  });
  return performance.now() - started;
}

/** The Bench's check of a read (labels.resolve on every Reel here and on the service), request → answer. */
async function apiCheck(station: PaceStation, position: number): Promise<number> {
  const started = performance.now();
  await station.call('labels.resolve', { tagType: 'TEXT', value: `CHECK-${position}` });
  return performance.now() - started;
}

export const paceScanBench: Bench = {
  name: 'pace: scan under drain',
  async run() {
    const world = await paceWorld('bench-pace-scan-');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const station = await world.station('station');
      const serial = 'SC';
      const reelId = await printedReel(station, 'Bench scans', serial, 2_000);
      const { reelId: apiReel } = await station.call<{ reelId: string }>('reels.create', {
        name: 'API saves',
        expectedIdentifiers: [
          { tagType: 'TEXT', count: 1 },
          { tagType: 'QR', count: 1 },
        ],
      });
      const page = await benchPage(browser, station, reelId);
      let n = 0;
      let apiPosition = 0;
      const idleUi: number[] = [];
      const idleApi: number[] = [];
      const idleCheck: number[] = [];
      const busyCheck: number[] = [];
      for (let i = 0; i < IDLE_LABELS; i += 1) {
        n += 1;
        idleUi.push(await scanLabel(page, serial, n, n));
        idleApi.push(await apiSave(station, apiReel, (apiPosition += 1)));
        idleCheck.push(await apiCheck(station, apiPosition));
        await sleep(PAUSE_MS);
      }
      await drainAll(station);

      await queueImport(world, station, 'IMP', DRAIN_LABELS);
      let draining = true;
      const drained = drainAll(station).finally(() => (draining = false));
      const busyUi: number[] = [];
      const busyApi: number[] = [];
      await sleep(1_000);
      while (draining) {
        n += 1;
        busyUi.push(await scanLabel(page, serial, n, n));
        if (!draining) break;
        busyApi.push(await apiSave(station, apiReel, (apiPosition += 1)));
        busyCheck.push(await apiCheck(station, apiPosition));
        await sleep(PAUSE_MS);
      }
      const drainSeconds = await drained;
      if (busyUi.length < 5) throw new Error(`only ${busyUi.length} Labels were scanned during the drain`);
      const during = `while ${DRAIN_LABELS.toLocaleString('en')} imported Labels drain (${drainSeconds.toFixed(1)} s)`;
      const rows: BenchRow[] = [
        {
          name: `Bench in Chromium: last scan → saved shown, ${during}, ${busyUi.length} Labels, median`,
          value: median(busyUi),
          unit: 'ms',
          baseline: { name: 'the same, nothing else to send', value: median(idleUi) },
          better: 'lower',
          target: '≤ 1.5 × idle',
        },
        {
          name: 'the same, p95',
          value: percentile(busyUi, 95),
          unit: 'ms',
          baseline: { name: 'idle p95', value: percentile(idleUi, 95) },
          better: 'lower',
          target: '≤ 1.5 × idle',
        },
        {
          name: `Bench save (labels.enroll, TEXT + QR) through the API, ${during}, median`,
          value: median(busyApi),
          unit: 'ms',
          baseline: { name: 'the same, nothing else to send', value: median(idleApi) },
          better: 'lower',
          target: '≤ 1.5 × idle',
        },
        {
          name: 'the same, p95',
          value: percentile(busyApi, 95),
          unit: 'ms',
          baseline: { name: 'idle p95', value: percentile(idleApi, 95) },
          better: 'lower',
          target: '≤ 1.5 × idle',
        },
        {
          name: `the Bench's check of a read (labels.resolve, here and on the service) through the API, ${during}, median`,
          value: median(busyCheck),
          unit: 'ms',
          baseline: { name: 'the same, nothing else to send', value: median(idleCheck) },
          better: 'lower',
        },
      ];
      return rows;
    } finally {
      await browser.close();
      await world.close();
    }
  },
};
