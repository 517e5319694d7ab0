import { expect, test, type Browser, type Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { startPeer, type Peer } from '../helpers/peer';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// Long work shown, and the Bench's end (docs/sync.md, "Opening at shop scale"; docs/architecture.md, "The Bench's
// session"). The served station is connected to a remote service: a sandbox reached through the fault and
// wire-variance proxies, whose list pages are capped at 40 Labels and whose every answer takes a little while, so a Reel
// of 400 Labels opens in 10 pages, slowly enough to be seen. Opening it shows how far it has read ("page 3 of 10 (120
// of 400)"), and the operator works on another screen meanwhile: the opening goes on, and does not pull them away. A
// Reel enrolled downward, 12 → 1 with a gap left at 5: past position 1 the Bench shows no position 0 but says every
// position was passed and names the gap, with the way back to it; filled, it says all 12 are enrolled. At 1366×768
// and 1920×1080, in English and German.

const SHOTS = 'test-results/e2e/screens/long-work';
const LABELS = 400;
const PAGE_CAP = 40;
const PAGES = LABELS / PAGE_CAP;

let peer: Peer;
let station: ServedStation;
let browser: Browser;
test.beforeAll(async () => {
  peer = await startPeer({ variations: { pageCap: PAGE_CAP, latency: { oneWayMs: 120, jitterMs: 20 } } });
  station = await serveStation();
  await station.call('profiles.connect', {
    kind: 'remote',
    baseUrl: peer.proxy.url,
    apiKey: peer.sandbox.apiKey,
    orgId: peer.sandbox.orgId,
    teamId: peer.sandbox.teamId,
  });
  browser = await chromium.launch(test.info().project.use.launchOptions ?? {});
});
test.afterAll(async () => {
  await browser?.close();
  await station?.stop();
  await peer?.close();
});

async function pageAt(lang: 'en' | 'de', width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await station.call('station.language', { language: lang });
  return context.newPage();
}

const origin = () => new URL(station.served.ready.url).origin;
const words = {
  en: {
    card: 'Open a Reel from the service',
    search: 'Name on the service',
    find: 'Search the service',
    open: (name: string) => `Open ${name} from the service`,
    openAgain: 'Open (already here)',
    reading: new RegExp(`Reading the Reel’s Labels: page ([0-9]+) of ${PAGES} \\(([0-9,]+) of ${LABELS}\\)`),
    queue: 'Queue',
    reels: 'Reels',
    passed: 'End of the Reel: all 12 positions passed',
    gap: '1 gap recorded (a new Label can be enrolled there): 5.',
    goTo5: 'Go to position 5',
    map: 'Open the Reel map',
    allEnrolled: 'All 12 positions of the Reel enrolled',
    slots: 'Identifiers of this Label',
    setUp: (reel: string) => `Import print data for ${reel}`,
    panel: (reel: string) => `Import print data into ${reel}`,
    file: 'CSV file',
    choose: 'Choose a file…',
    run: 'Import',
    importing: 'Checking and writing 10,000 rows…',
  },
  de: {
    card: 'Eine Rolle vom Dienst öffnen',
    search: 'Name beim Dienst',
    find: 'Beim Dienst suchen',
    open: (name: string) => `${name} vom Dienst öffnen`,
    openAgain: 'Öffnen (schon hier)',
    reading: new RegExp(`Die Labels der Rolle werden gelesen: Seite ([0-9]+) von ${PAGES} \\(([0-9.]+) von ${LABELS}\\)`),
    queue: 'Warteschlange',
    reels: 'Rollen',
    passed: 'Ende der Rolle: alle 12 Positionen durchlaufen',
    gap: '1 Lücke erfasst (dort kann ein neues Label erfasst werden): 5.',
    goTo5: 'Zu Position 5 springen',
    map: 'Rollenkarte öffnen',
    allEnrolled: 'Alle 12 Positionen der Rolle erfasst',
    slots: 'Kennungen dieses Labels',
    setUp: (reel: string) => `Druckdaten importieren: ${reel}`,
    panel: (reel: string) => `Druckdaten in ${reel} importieren`,
    file: 'CSV-Datei',
    choose: 'Datei wählen…',
    run: 'Importieren',
    importing: '10.000 Zeilen werden geprüft und geschrieben …',
  },
} as const;

/** Another bench's Reel on the service, `LABELS` Labels long (enrolled there directly, not through this station). */
async function serviceReel(name: string): Promise<string> {
  const serviceId = (await peer.direct.reels.create({ name }))!.collectionId;
  const tag = name.replace(/[^A-Za-z0-9]/g, '');
  for (let p = 1; p <= LABELS; p += 1) await peer.direct.labels.enroll(serviceId, { position: p, identifiers: [{ tagType: 'TEXT', value: `${tag}-${p}` }] });
  return serviceId;
}

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`opening a Reel of ${LABELS} Labels shows page after page; the operator works elsewhere meanwhile (${lang}, ${width}×${height})`, async () => {
      test.setTimeout(180_000);
      const w = words[lang];
      const name = `Long reel ${lang} ${width}`;
      const serviceId = await serviceReel(name);
      const page = await pageAt(lang, width, height);
      await page.goto(`${origin()}/?token=${station.served.ready.token}#/reels`);
      const card = page.getByRole('region', { name: w.card });
      await card.getByLabel(w.search).fill(name);
      await card.getByRole('button', { name: w.find }).click();
      const openButton = card.getByRole('button', { name: w.open(name) });
      await openButton.click();

      // Page after page, with the Reel's count as the total, and a bar.
      const progress = card.getByTestId('open-progress');
      await expect(progress).toContainText(w.reading);
      // From now on the service answers slowly (seconds a page): the opening is still under way for what follows.
      peer.wire.set({ latency: { oneWayMs: 1_500, jitterMs: 0 } });
      const seenPages = Number(await progress.getAttribute('data-pages'));
      await expect(progress.getByRole('progressbar')).toHaveAttribute('max', String(LABELS));
      await page.screenshot({ path: `${SHOTS}/open-progress-${lang}-${width}x${height}.png`, fullPage: true });
      // The button of the Reel being opened waits; the rest of the screen does not.
      await expect(openButton).toBeDisabled();
      await expect(card.getByRole('button', { name: w.find })).toBeEnabled();

      // The operator goes to the Queue while it opens: the Queue shows at once, the Reel still opening.
      // Read in full: every Label known here (the Reel itself is known from the opening's start, its Labels page by page).
      const opened = async () => {
        const reel = (await station.call('reels.list', {})).reels.find((r) => r.serviceId === serviceId);
        return reel !== undefined && (await station.call('reels.show', { reelId: reel.reelId, refresh: false })).labels.length === LABELS;
      };
      await page.getByRole('navigation').getByRole('link', { name: w.queue, exact: true }).click();
      await expect(page.locator('#queue-title')).toBeVisible();
      expect(await opened()).toBe(false);
      // Back on Reels, the opening is shown where it is now.
      await page.getByRole('navigation').getByRole('link', { name: w.reels, exact: true }).click();
      await expect(card.getByTestId('open-progress')).toContainText(w.reading);
      expect(Number(await card.getByTestId('open-progress').getAttribute('data-pages'))).toBeGreaterThanOrEqual(seenPages);
      await page.getByRole('navigation').getByRole('link', { name: w.queue, exact: true }).click();
      await expect(page.locator('#queue-title')).toBeVisible();

      // The service quick again: the opening ends while the operator is on the Queue, and does not pull them away.
      peer.wire.set({ latency: { oneWayMs: 120, jitterMs: 20 } });
      await expect.poll(opened, { timeout: 90_000 }).toBe(true);
      await expect(page.locator('#queue-title')).toBeVisible();
      expect(new URL(page.url()).hash).toMatch(/^#\/queue/);

      // Back on Reels: no opening left, the Reel open here with every Label.
      await page.getByRole('navigation').getByRole('link', { name: w.reels, exact: true }).click();
      await card.getByRole('button', { name: w.find }).click();
      await expect(openButton).toHaveText(w.openAgain);
      await expect(card.getByTestId('open-progress')).toHaveCount(0);
      const reelId = (await station.call('reels.list', {})).reels.find((r) => r.serviceId === serviceId)!.reelId;
      expect((await station.call('reels.show', { reelId, refresh: false })).labels).toHaveLength(LABELS);
      await page.context().close();
    });
  }
}

/** A Reel of 12 positions with print data (TEXT and its QR URL), enrolled downward. */
async function downwardReel(name: string, serial: string): Promise<string> {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', {
    reelId,
    spec: { count: 12, prefix: `${serial}-`, digits: 4, qr: 'https://end.example/p/{serial}' },
    expected: true,
  });
  await station.call('reels.setDirection', { reelId, direction: 'down' });
  return reelId;
}

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`a Reel enrolled downward: past position 1 the Bench says it is done and names the gap left, never position 0 (${lang}, ${width}×${height})`, async () => {
      test.setTimeout(180_000);
      const w = words[lang];
      const serial = `END${lang.toUpperCase()}${width}`;
      const text = (p: number) => `${serial}-${String(p).padStart(4, '0')}`;
      const url = (p: number) => `https://end.example/p/${text(p)}`;
      const reelId = await downwardReel(`Downward reel ${lang} ${width}`, serial);
      const page = await pageAt(lang, width, height);
      await page.goto(`${origin()}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
      const position = page.getByTestId('bench-position');
      const sessionCount = page.getByTestId('bench-session-count');
      await expect(position).toHaveText('12');
      await page.getByTestId('bench').focus();

      // 12 → 1, the Label of 5 missing: skipped (F7), a gap recorded there.
      let saved = 0;
      for (let p = 12; p >= 1; p -= 1) {
        await expect(position).toHaveText(String(p));
        if (p === 5) {
          await page.keyboard.press('F7');
          continue;
        }
        await wedgeScan(page, text(p));
        await wedgeScan(page, url(p));
        saved += 1;
        await expect(sessionCount).toHaveText(String(saved));
      }
      // Past position 1: no position 0, but the end, the gap named, and the way back to it.
      const end = page.getByTestId('bench-end');
      await expect(end).toContainText(w.passed);
      await expect(end.getByTestId('bench-end-gaps')).toHaveText(w.gap);
      await expect(position).toHaveCount(0);
      await expect(end.getByRole('link', { name: w.map })).toHaveAttribute('href', `#/reelMap?reel=${encodeURIComponent(reelId)}`);
      await page.screenshot({ path: `${SHOTS}/bench-end-gap-${lang}-${width}x${height}.png`, fullPage: true });

      // A Label scanned now is offered where it belongs (5); the button goes there too.
      await end.getByRole('button', { name: w.goTo5 }).click();
      await expect(position).toHaveText('5');
      await page.getByTestId('bench').focus();
      await wedgeScan(page, text(5));
      await wedgeScan(page, url(5));
      await expect(sessionCount).toHaveText(String(saved + 1));
      await expect(end).toContainText(w.allEnrolled);
      await expect(end.getByTestId('bench-end-gaps')).toHaveCount(0);
      await expect(position).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/bench-end-done-${lang}-${width}x${height}.png`, fullPage: true });
      // A read with nowhere to go is said, not put at position 0.
      await wedgeScan(page, 'NOT-ON-THIS-REEL');
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'REEL_DONE');
      // Nor does a skip there leave a gap at a position the Reel does not have; no Label to fill is shown.
      await page.keyboard.press('Enter');
      await page.keyboard.press('F7');
      await expect(page.getByRole('list', { name: w.slots })).toHaveCount(0);
      const labels = (await station.call('reels.show', { reelId, refresh: false })).labels;
      expect(labels.filter((l) => l.state !== 'expected' && l.state !== 'gap').map((l) => l.position)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
      expect(labels.some((l) => l.position === 0)).toBe(false);
      await page.context().close();
    });
  }
}

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`an import of 10,000 rows says it is under way, and how many rows (${lang}, ${width}×${height})`, async () => {
      test.setTimeout(180_000);
      const w = words[lang];
      const reel = `Import 10k ${lang} ${width}`;
      await station.call('reels.create', { name: reel, expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
      const csv = ['position,qr', ...Array.from({ length: 10_000 }, (_, n) => `${n + 1},https://imp.example/${lang}${width}/${n + 1}`)].join('\n');
      const page = await pageAt(lang, width, height);
      await page.goto(`${origin()}/?token=${station.served.ready.token}#/reels`);
      await chooseReelSetUp(page, reel, w.setUp(reel));
      const panel = page.getByRole('region', { name: w.panel(reel) });
      const chooser = page.waitForEvent('filechooser');
      await panel.getByRole('group', { name: w.file }).getByRole('button', { name: w.choose }).click();
      await (await chooser).setFiles({ name: 'run.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const run = panel.getByRole('button', { name: w.run, exact: true });
      await expect(run).toBeEnabled({ timeout: 60_000 });
      await run.click();
      const progress = panel.getByTestId('import-progress');
      await expect(progress).toHaveText(w.importing);
      await expect(progress.getByRole('progressbar')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/import-progress-${lang}-${width}x${height}.png`, fullPage: true });
      await expect(progress).toHaveCount(0, { timeout: 90_000 });
      await page.context().close();
    });
  }
}
