import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { CONTEXT_HEADERS } from '../../src-shared/api/common';
import { PATHS } from '../../src-shared/api/paths';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { wedgeScan } from '../helpers/e2e/wedge';
import { serveStation } from '../helpers/e2e/serve';
import type { CommandName } from '../../src-shared/ipc';

// What the benches of the bench's pace share (pace-*.bench.ts; docs/sync.md, "Sending beside the bench"): the sandbox
// in a process of its own (as a shop's service is on its own machine), a `station serve` on a data folder of its own
// connected to it, and a print-data import of N Labels queued with sending paused, whose drain is then timed.

type Ready = { ready: true; url: string; token: string };
type SandboxReady = { ready: true; baseUrl: string; apiKey: string; orgId: string; teamId: string };

/** How many imported Labels drain (`PACE_DRAIN_LABELS`, default 10,000 as in the goal). */
export const DRAIN_LABELS = Number(process.env.PACE_DRAIN_LABELS ?? 10_000);

export interface PaceStation {
  served: Started<Ready>;
  origin: string;
  /** The page URL with its token. */
  pageUrl: string;
  call<T = Record<string, unknown>>(name: string, input: unknown): Promise<T>;
}

export interface PaceWorld {
  sandbox: SandboxReady;
  sandboxDir: string;
  station(name: string): Promise<PaceStation>;
  /** Creates a Reel on the service (TEXT only, for the imports), its service id. */
  serviceReel(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function paceWorld(prefix: string): Promise<PaceWorld> {
  const dir = tempDir(prefix);
  const sandboxDir = join(dir.path, 'sandbox');
  const sandboxProcess = await startWithReadyLine<SandboxReady>(process.execPath, ['bin/sandbox.mjs', '--port', '0', '--data', sandboxDir], {
    timeoutMs: 60_000,
  });
  const sandbox = sandboxProcess.ready;
  const stations: PaceStation[] = [];
  const token = ((await (await fetch(`${sandbox.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': sandbox.apiKey } })).json()) as { token: string }).token;
  return {
    sandbox,
    sandboxDir,
    async station(name) {
      // The e2e's served station (test/helpers/e2e/serve.ts: its CPU profile under STATION_CPU_PROF), on a folder of its own.
      const served = await serveStation({ dataDir: join(dir.path, name) });
      const origin = new URL(served.served.ready.url).origin;
      const call = async <T>(command: string, input: unknown): Promise<T> => (await served.call(command as CommandName, input as never)) as T;
      await call('profiles.connect', { kind: 'remote', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
      const station = { served: served.served, origin, pageUrl: `${origin}/?token=${served.served.ready.token}`, call };
      stations.push(station);
      return station;
    },
    async serviceReel(name) {
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
    },
    async close() {
      for (const s of stations) await s.served.stop();
      if (process.env.PACE_DEBUG) (await import('node:fs')).writeFileSync(process.env.PACE_DEBUG, stations.map((s) => s.served.stderr()).join('\n'));
      await sandboxProcess.stop();
      dir.remove();
    },
  };
}

/**
 * Opens a new Reel of the service on the station and queues `count` imported Labels on it (TEXT `PREFIX-n`), with
 * sending paused; its local id.
 */
export async function queueImport(world: PaceWorld, station: PaceStation, prefix: string, count: number): Promise<string> {
  const serviceId = await world.serviceReel(`Import ${prefix}`);
  await station.call('sync.pause', {});
  const { reelId } = await station.call<{ reelId: string }>('reels.open', { serviceId });
  const rows = Array.from({ length: count }, (_, i) => `${i + 1},${prefix}-${i + 1}`);
  const out = await station.call<{ queued: number }>('labels.import', { reelId, csv: `position,text\n${rows.join('\n')}\n` });
  if (out.queued !== count) throw new Error(`queued ${out.queued} of ${count}`);
  return reelId;
}

/** Resumes sending and waits until the queue is empty; the drain's seconds. */
export async function drainAll(station: PaceStation): Promise<number> {
  const started = performance.now();
  await station.call('sync.resume', {});
  // In calls of at most 4 minutes (an HTTP answer is awaited 5 at most), up to half an hour.
  for (let call = 0; ; call += 1) {
    const summary = await station.call<{ pending: number; attention: number }>('sync.run', { untilIdle: true, timeoutSeconds: 240 });
    if (summary.pending === 0 && summary.attention === 0) break;
    if (call >= 7) throw new Error(`the queue did not drain: ${JSON.stringify(summary)}`);
  }
  return (performance.now() - started) / 1000;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Reel created on the station with print data for `count` positions: TEXT `SERIAL-0001` and its QR URL. */
export async function printedReel(station: PaceStation, name: string, serial: string, count: number): Promise<string> {
  const { reelId } = await station.call<{ reelId: string }>('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  const run = await station.call<{ expected: number }>('printRun.generate', {
    reelId,
    spec: { count, prefix: `${serial}-`, digits: 4, qr: 'https://pace.example/p/{serial}' },
    expected: true,
  });
  if (run.expected !== count) throw new Error(`print data for ${run.expected} of ${count}`);
  return reelId;
}

/** What a printed Label of `printedReel` carries. */
export const printedText = (serial: string, p: number) => `${serial}-${String(p).padStart(4, '0')}`;
export const printedQr = (serial: string, p: number) => `https://pace.example/p/${printedText(serial, p)}`;

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

/**
 * Records in the page, for each save of the session, when the Bench showed it (the session's count went up) and when
 * the page took the Enter that ended the last scan before it (a capture listener added before the app's own: the
 * scan is whole then; a real scanner types its keys over its own time, a few ms each, which is not the station's).
 */
const SAVE_RECORDER = `(() => {
  const pace = (window.__pace = { enter: 0, saved: {} });
  window.addEventListener('keydown', (e) => { if (e.key === 'Enter') pace.enter = performance.now(); }, true);
  const look = () => {
    const n = Number(document.querySelector('[data-testid="bench-session-count"]')?.textContent?.replace(/\\D/g, '') || 0);
    if (n && pace.saved[n] === undefined) pace.saved[n] = performance.now() - pace.enter;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/**
 * Scans a printed Label's TEXT and QR into the open Bench by keyboard wedge, `gapMs` apart, and waits until the Bench
 * shows the session's `n`th save; scan → saved: from its last scan's Enter in the page to the save shown, in ms.
 */
export async function scanLabel(page: Page, serial: string, p: number, n: number, gapMs = 200): Promise<number> {
  await wedgeScan(page, printedText(serial, p));
  await sleep(gapMs);
  await wedgeScan(page, printedQr(serial, p));
  return savedAfter(page, n);
}

/** Waits until the Bench shows its `n`th save of the session; ms from the last scan's Enter to it. */
export async function savedAfter(page: Page, n: number): Promise<number> {
  await page.waitForFunction((k) => (window as unknown as { __pace: { saved: Record<number, unknown> } }).__pace.saved[k] !== undefined, n, {
    timeout: 120_000,
    polling: 50,
  });
  return page.evaluate((k) => (window as unknown as { __pace: { saved: Record<number, number> } }).__pace.saved[k] ?? NaN, n);
}

/** Opens the Bench on `reelId` in a new page at 1366×768 with the save recorder. */
export async function benchPage(browser: Browser, station: PaceStation, reelId: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.addInitScript('window.__name = (f) => f');
  await page.addInitScript(SAVE_RECORDER);
  await page.goto(`${station.pageUrl}#/bench?reel=${encodeURIComponent(reelId)}`);
  await page.getByTestId('bench-position').waitFor({ timeout: 60_000 });
  await page.getByTestId('bench').focus();
  return page;
}
