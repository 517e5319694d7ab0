import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startWithReadyLine } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { serveStation } from '../helpers/e2e/serve';
import { median, percentile, type Bench, type BenchRow } from './harness';

// The station UI in Debian's Chromium against `station serve`:
// - reel map with 10,000 Labels: first render and frames dropped while scrolling, against a
//   plain static list of the same 10,000 positions in the same page;
// - bench mode: read injected → slot shows it, p95, against the same injected read ending in a
//   bare DOM update (own EventSource, textContent, next frame).

const POSITIONS = 10_000;
const RENDER_RUNS = 5;
const READS = 120; // a p95 of 40 reads is its second-worst sample: too noisy to hold a target
const SCROLL_FRAMES = 120;

/** An NFC UID for a position: 4 bytes of hex. */
const uidOf = (position: number) => (0x04000000 + position).toString(16).toUpperCase().padStart(8, '0');

/** What the read → slot trace records: the main thread's tasks, scripts, style, layout and paint, and the marks. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

/** Scrolls `selector` a step per frame; counts frames missed against a 60 Hz budget. */
async function droppedFrames(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    async ({ selector, frames }) => {
      const element = document.querySelector(selector) as HTMLElement;
      element.scrollTop = 0;
      const times: number[] = [];
      await new Promise<void>((done) => {
        const step = (t: number) => {
          times.push(t);
          element.scrollTop += 240;
          if (times.length > frames) done();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      let dropped = 0;
      for (let i = 1; i < times.length; i += 1) dropped += Math.max(0, Math.round(((times[i] as number) - (times[i - 1] as number)) / (1000 / 60)) - 1);
      return dropped;
    },
    { selector, frames: SCROLL_FRAMES },
  );
}

export const uiBench: Bench = {
  name: 'station UI',
  async run() {
    if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npx electron-vite build` first.');
    // The service in its own process, as a shop's is on its own machine: the sandbox's work on each Label the station
    // sends does not share the station's event loop with the reads timed here.
    const sandboxDir = tempDir('bench-ui-sandbox-');
    const sandbox = await startWithReadyLine<{ ready: true; baseUrl: string; apiKey: string; orgId: string; teamId: string }>(
      process.execPath,
      ['bin/sandbox.mjs', '--port', '0', '--data', sandboxDir.path],
      { timeoutMs: 60_000 },
    );
    const station = await serveStation();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const { baseUrl, apiKey, orgId, teamId } = sandbox.ready;
      await station.call('profiles.connect', { kind: 'remote', baseUrl, apiKey, orgId, teamId });
      const { reelId } = await station.call('reels.create', {
        name: 'Bench 10k',
        expectedIdentifiers: [
          { tagType: 'QR', count: 1 },
          { tagType: 'NFC', count: 1 },
        ],
      });
      const csv = ['position,qr,nfc', ...Array.from({ length: POSITIONS }, (_, n) => `${n + 1},B-${n + 1},${uidOf(n + 1)}`)].join('\n');
      await station.call('labels.import', { reelId, csv, expectedOnly: true });

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      // tsx keeps function names with a `__name` helper that page.evaluate bodies would miss.
      await page.addInitScript('window.__name = (f) => f');
      await page.goto(station.served.ready.url);
      const base =
        page
          .url()
          .split('#')[0]
          ?.replace(/\?token=.*$/, '') ?? '';

      // Reel map: data arrived → first frame with cells; the page is reloaded for every run.
      const render: number[] = [];
      const fromNavigation: number[] = [];
      for (let run = 0; run < RENDER_RUNS; run += 1) {
        await page.goto(`${base}#/reelMap?reel=${encodeURIComponent(reelId)}`);
        await page.reload();
        await page.waitForFunction(() => performance.getEntriesByName('reel-map:painted').length > 0, undefined, { timeout: 60_000 });
        const marks = await page.evaluate(() => ({
          data: performance.getEntriesByName('reel-map:data')[0]?.startTime ?? 0,
          painted: performance.getEntriesByName('reel-map:painted')[0]?.startTime ?? 0,
        }));
        render.push(marks.painted - marks.data);
        fromNavigation.push(marks.painted);
      }
      const mapDropped = await droppedFrames(page, '[data-testid="reel-map-grid"]');

      // Raw baseline: the same 10,000 positions as a plain list, innerHTML, next frame.
      const plain = await page.evaluate(async (count) => {
        const times: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          document.getElementById('plain-list')?.remove();
          const start = performance.now();
          const list = document.createElement('ul');
          list.id = 'plain-list';
          list.style.cssText = 'position:fixed;inset:0;overflow:auto;background:#fff;z-index:99;margin:0';
          list.innerHTML = Array.from({ length: count }, (_, n) => `<li>Position ${n + 1}: expected</li>`).join('');
          document.body.append(list);
          await new Promise((r) => requestAnimationFrame(() => r(undefined)));
          times.push(performance.now() - start);
        }
        return times;
      }, POSITIONS);
      const plainDropped = await droppedFrames(page, '#plain-list');

      // Bench mode: inject a read, wait until its slot shows it (next frame). The NFC read then
      // completes the Label so the next position starts empty.
      await page.goto(`${base}#/bench?reel=${encodeURIComponent(reelId)}`);
      await page.reload();
      await page.getByTestId('bench-position').waitFor();
      const benchLatency: number[] = [];
      // STATION_UI_TRACE=<file>: a Chromium trace (CDP) of the bench reads, for `scripts/trace-summary.ts` to split the
      // read → slot time by the renderer's work (docs/testing.md, "Benchmarks").
      const tracePath = process.env.STATION_UI_TRACE;
      if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
      for (let i = 0; i < READS; i += 1) {
        const position = Number(await page.getByTestId('bench-position').textContent());
        benchLatency.push(
          await page.evaluate(async (value) => {
            const slot = document.querySelector('[data-testid="slot-QR"]') as HTMLElement;
            const start = performance.now();
            const seen = new Promise<void>((resolve) => {
              const observer = new MutationObserver(() => {
                if (slot.textContent?.includes(value)) {
                  observer.disconnect();
                  resolve();
                }
              });
              observer.observe(slot, { subtree: true, childList: true, characterData: true });
            });
            await fetch('/api/station/devices.inject', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ device: 'virtual:scanner', data: `]Q1${value}` }),
            });
            await seen;
            performance.measure('bench-read:shown', { start });
            await new Promise((r) => requestAnimationFrame(() => r(undefined)));
            performance.measure('bench-read', { start });
            return performance.now() - start;
          }, `B-${position}`),
        );
        await station.call('devices.inject', { device: 'virtual:nfc', data: uidOf(position) });
        await page
          .getByTestId('bench-position')
          .filter({ hasNotText: new RegExp(`^${position}$`) })
          .waitFor({ timeout: 10_000 })
          .catch(async (error: unknown) => {
            throw new Error(`position ${position} did not advance; the bench says: ${await page.getByTestId('bench-feedback').textContent()}`, {
              cause: error,
            });
          });
      }

      if (tracePath) await browser.stopTracing();

      // Raw baseline: the same injected read through the host, a bare EventSource and textContent.
      const bareLatency = await page.evaluate(async (reads) => {
        const out = document.createElement('div');
        document.body.append(out);
        const source = new EventSource('/api/station/events');
        await new Promise((r) => source.addEventListener('open', r, { once: true }));
        const times: number[] = [];
        for (let i = 0; i < reads; i += 1) {
          const value = `bare-${i}`;
          const start = performance.now();
          const shown = new Promise<void>((resolve) => {
            source.onmessage = (event: MessageEvent<string>) => {
              const message = JSON.parse(event.data) as { name: string; payload: { value?: string } };
              if (message.name === 'devices.read' && message.payload.value === value) {
                out.textContent = value;
                resolve();
              }
            };
          });
          await fetch('/api/station/devices.inject', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ device: 'virtual:scanner', data: value }),
          });
          await shown;
          await new Promise((r) => requestAnimationFrame(() => r(undefined)));
          times.push(performance.now() - start);
        }
        source.close();
        return times;
      }, READS);

      const rows: BenchRow[] = [
        {
          name: `reel map ${POSITIONS} Labels: data → first render, median`,
          value: median(render),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'plain static list innerHTML', value: median(plain) },
          target: '< 200 ms',
        },
        { name: `reel map ${POSITIONS} Labels: page load → first render, median`, value: median(fromNavigation), unit: 'ms', better: 'lower' },
        {
          name: `reel map scrolling ${SCROLL_FRAMES} frames: frames dropped`,
          value: mapDropped,
          unit: 'frames',
          better: 'lower',
          baseline: { name: 'plain static list', value: plainDropped },
        },
        {
          name: 'bench read → visible slot, p95',
          value: percentile(benchLatency, 95),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'same read → bare DOM update', value: percentile(bareLatency, 95) },
          target: '< 30 ms',
        },
        {
          name: 'bench read → visible slot, median',
          value: median(benchLatency),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'same read → bare DOM update', value: median(bareLatency) },
        },
      ];
      return rows;
    } finally {
      await browser.close();
      await station.stop();
      await sandbox.stop();
      sandboxDir.remove();
    }
  },
};
