import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENS } from '../../src-renderer/src/shell/screens';
import { repoRoot } from '../helpers/processes';
import { serveStation } from '../helpers/e2e/serve';
import { median, type Bench, type BenchRow } from './harness';

// Each screen is its own chunk (docs/architecture.md, "Renderer"). Measured in Debian's Chromium against
// `station serve`, at 1366×768, with a Reel of 60 Labels:
// - the first page load → the first screen drawn (the App's `screen:rendered:<id>` mark), against a static page of
//   the same document (the rendered HTML and its CSS, no script) loaded the same way;
// - for every screen, a click on its nav entry → its first frame, the first time it is opened after a page load
//   (its chunk fetched then), against the same screen's DOM put in the page as static HTML.

const RUNS = 3;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

/** Waits for the `screen:rendered:<id>` mark; its time since navigation start. */
async function renderedMark(page: Page, id: string): Promise<number> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, `screen:rendered:${id}`, { timeout: 30_000 });
  return page.evaluate((name) => performance.getEntriesByName(name).at(-1)?.startTime ?? 0, `screen:rendered:${id}`);
}

export const screensBench: Bench = {
  name: 'station UI screens (code-split)',
  async run() {
    if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npx electron-vite build` first.');
    const station = await serveStation();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      await station.call('profiles.connect', { kind: 'sandbox' });
      const { reelId } = await station.call('reels.create', { name: 'Bench screens', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
      const csv = ['position,qr', ...Array.from({ length: 60 }, (_, n) => `${n + 1},S-${n + 1}`)].join('\n');
      await station.call('labels.import', { reelId, csv, expectedOnly: true });
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      await page.addInitScript('window.__name = (f) => f');
      await page.goto(station.served.ready.url);
      const base =
        page
          .url()
          .split('#')[0]
          ?.replace(/\?token=.*$/, '') ?? '';
      const reel = `?reel=${encodeURIComponent(reelId)}`;

      // First page load → the first screen (the Reels) drawn; then a static page of the same document.
      const firstLoad: number[] = [];
      const staticLoad: number[] = [];
      let documentHtml = '';
      for (let run = 0; run < RUNS; run += 1) {
        await page.goto(`${base}#/reels`);
        await page.reload();
        firstLoad.push(await renderedMark(page, 'reels'));
        documentHtml = await page.evaluate(() => document.documentElement.outerHTML);
      }
      // The same document without scripts or CSP meta (its stylesheet link stays: fetched like the app's).
      const staticHtml = `<!doctype html>${documentHtml
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/<meta[^>]+Content-Security-Policy[^>]*>/i, '')
        .replace(/<link[^>]+modulepreload[^>]*>/g, '')}`;
      const staticUrl = `${base}static-baseline.html`;
      await page.route(staticUrl, (route) => route.fulfill({ contentType: 'text/html', body: staticHtml }));
      for (let run = 0; run < RUNS; run += 1) {
        await page.goto(staticUrl);
        staticLoad.push(await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())))));
      }

      // Each screen: nav click → its first frame, its chunk fetched then (each run starts from a fresh page load).
      const navigation = new Map<string, number[]>();
      const plain = new Map<string, number[]>();
      for (let run = 0; run < RUNS; run += 1) {
        await page.goto(`${base}#/connect${reel}`);
        await page.reload();
        await renderedMark(page, 'connect');
        for (const id of SCREENS.filter((s) => s !== 'connect')) {
          const took = await page.evaluate(async (screen) => {
            performance.clearMarks();
            const link = document.querySelector(`nav a[href="#/${screen}"]`) as HTMLAnchorElement;
            const start = performance.now();
            link.click();
            while (performance.getEntriesByName(`screen:rendered:${screen}`).length === 0) await new Promise((r) => setTimeout(r, 2));
            return (performance.getEntriesByName(`screen:rendered:${screen}`)[0]?.startTime ?? 0) - start;
          }, id);
          navigation.set(id, [...(navigation.get(id) ?? []), took]);
          // Baseline: the same screen's DOM as static HTML, put in the page, next frame.
          const bare = await page.evaluate(async () => {
            const html = document.querySelector('main')?.innerHTML ?? '';
            const holder = document.createElement('div');
            holder.style.cssText = 'position:fixed;inset:0;overflow:auto;background:#fff;z-index:99';
            const start = performance.now();
            holder.innerHTML = html;
            document.body.append(holder);
            await new Promise((r) => requestAnimationFrame(() => r(undefined)));
            const took = performance.now() - start;
            holder.remove();
            return took;
          });
          plain.set(id, [...(plain.get(id) ?? []), bare]);
        }
      }

      const rows: BenchRow[] = [
        {
          name: 'page load → first screen (Reels) drawn, median',
          value: median(firstLoad),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'static page of the same document', value: median(staticLoad) },
          target: '< 300 ms',
        },
        ...[...navigation].map(([id, times]): BenchRow => ({
          name: `${id}: nav click → first render (chunk fetched), median`,
          value: median(times),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'same DOM as static HTML', value: median(plain.get(id) ?? []) },
          target: '< 300 ms',
        })),
      ];
      return rows;
    } finally {
      await browser.close();
      await station.stop();
    }
  },
};
