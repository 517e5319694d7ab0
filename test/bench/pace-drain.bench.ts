import { chromium, type Page } from '@playwright/test';
import type { Bench, BenchRow } from './harness';
import { CHROMIUM_ARGS, DRAIN_LABELS, drainAll, paceWorld, queueImport } from './pace';

// The UI never slows sending (docs/architecture.md, "Events"): DRAIN_LABELS imported Labels drained by `station serve`
// to the sandbox (its own process) with one screen open in Chromium, the Queue, the Reel map of the Reel being sent, or
// the Bench on it, against the same drain with no page open, measured first and last and averaged (the data folder
// grows with every drain). Each drain is a new Reel's import, queued with sending paused.

const SCREENS = [
  { id: 'queue', name: 'the Queue screen' },
  { id: 'reelMap', name: 'the Reel map of the Reel being sent' },
  { id: 'bench', name: 'the Bench on the Reel being sent' },
] as const;

export const paceDrainBench: Bench = {
  name: 'pace: drain with screens',
  async run() {
    const world = await paceWorld('bench-pace-drain-');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const station = await world.station('station');
      let round = 0;
      const drainWith = async (screen: string | null): Promise<number> => {
        round += 1;
        const reelId = await queueImport(world, station, `D${round}`, DRAIN_LABELS);
        let page: Page | undefined;
        if (screen) {
          page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
          await page.addInitScript('window.__name = (f) => f');
          await page.goto(`${station.pageUrl}#/${screen}?reel=${encodeURIComponent(reelId)}`);
          await page.waitForFunction((id) => performance.getEntriesByName(`screen:rendered:${id}`).length > 0, screen, { timeout: 60_000 });
          // Drawn with its data: the screen's first read is in.
          await page.waitForLoadState('networkidle');
        }
        try {
          return await drainAll(station);
        } finally {
          await page?.close();
        }
      };
      const first = await drainWith(null);
      const seconds = new Map<string, number>();
      for (const screen of SCREENS) seconds.set(screen.id, await drainWith(screen.id));
      const last = await drainWith(null);
      const none = (first + last) / 2;
      const rate = (s: number) => DRAIN_LABELS / s;
      return SCREENS.map((screen): BenchRow => ({
        name: `drain of ${DRAIN_LABELS.toLocaleString('en')} imported Labels with ${screen.name} open in Chromium`,
        value: rate(seconds.get(screen.id) ?? NaN),
        unit: 'labels/s',
        baseline: { name: `no page open (${first.toFixed(1)} s first, ${last.toFixed(1)} s last)`, value: rate(none) },
        better: 'higher',
        target: '≥ 0.9',
      }));
    } finally {
      await browser.close();
      await world.close();
    }
  },
};
