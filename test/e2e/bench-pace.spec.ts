import { expect, test, type Browser, type Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';

// The Bench at the operator's pace (docs/architecture.md, "The Bench's session"): go to a position on the Bench (F2,
// the field, Enter) and on the Reel map (the cell selected and in view); a range set on the map applies to the open
// Bench at once, without a reload. A rewound Reel enrolled from its end, 40 → 1: after the first two Labels (each a
// misorder, jumped to) the Bench offers to go downward, and the 38 Labels after them are saved with no misorder and no
// extra key. At 1366×768 and 1920×1080, in English and German.

const SHOTS = 'test-results/e2e/screens/bench-pace';
/** Each test's Reel prints values of its own: the sandbox is shared, and a value on its Label there is a duplicate. */
let prefix = 'PACE';
const text = (p: number) => `${prefix}-${String(p).padStart(4, '0')}`;
const url = (p: number) => `https://pace.example/p/${text(p)}`;

let station: ServedStation;
let browser: Browser;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  browser = await chromium.launch(test.info().project.use.launchOptions ?? {});
});
test.afterAll(async () => {
  await browser?.close();
  await station?.stop();
});

/** A Reel of 40 positions with print data (TEXT `PACE-0001` and its QR URL, …). */
async function printedReel(name: string, serial: string): Promise<string> {
  prefix = serial;
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  const run = await station.call('printRun.generate', {
    reelId,
    spec: { count: 40, prefix: `${serial}-`, digits: 4, qr: 'https://pace.example/p/{serial}' },
    expected: true,
  });
  expect(run.expected).toBe(40);
  return reelId;
}

async function pageAt(lang: 'en' | 'de', width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await station.call('station.language', { language: lang });
  return context.newPage();
}

const origin = () => new URL(station.served.ready.url).origin;
const words = {
  en: {
    jump: 'Jump to position 40',
    jump39: 'Jump to position 39',
    accept: 'Enroll downward from here',
    report: 'Reel report',
    direction: 'Direction',
    down: 'Downward, from the Reel’s end',
    goTo: 'Go to position',
    map: 'Reel map',
    bench: 'Bench',
    first: 'First position',
    last: 'Last position',
    keep: 'Keep to these positions',
  },
  de: {
    jump: 'Zu Position 40 springen',
    jump39: 'Zu Position 39 springen',
    accept: 'Ab hier abwärts erfassen',
    report: 'Rollenbericht',
    direction: 'Richtung',
    down: 'Abwärts, vom Ende der Rolle',
    goTo: 'Zu Position springen',
    map: 'Rollenkarte',
    bench: 'Arbeitsplatz',
    first: 'Erste Position',
    last: 'Letzte Position',
    keep: 'In diesen Positionen bleiben',
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`go to a position on the Bench and the Reel map; a range set on the map applies to the open Bench at once (${lang}, ${width}×${height})`, async () => {
      test.setTimeout(120_000);
      const w = words[lang];
      const reelId = await printedReel(`Pace reel ${lang} ${width}`, `GO${lang.toUpperCase()}${width}`);
      const page = await pageAt(lang, width, height);
      await page.goto(`${origin()}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
      const position = page.getByTestId('bench-position');
      await expect(position).toHaveText('1');

      // F2 puts the cursor in the field; a position typed (at a person's pace) and Enter go there.
      await page.getByTestId('bench').focus();
      await page.keyboard.press('F2');
      const field = page.getByTestId('bench-go-to').getByRole('textbox', { name: w.goTo });
      await expect(field).toBeFocused();
      await page.keyboard.type('24', { delay: 120 });
      await page.keyboard.press('Enter');
      await expect(position).toHaveText('24');
      await expect(page.getByTestId('bench')).toBeFocused();
      // Not a position: said, and nothing moves.
      await field.fill('2x');
      await expect(page.getByTestId('bench-go-to').getByRole('alert')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/bench-go-to-${lang}-${width}x${height}.png`, fullPage: true });
      await field.fill('');
      await page.getByTestId('bench').focus();

      // The Label of position 24 is saved there with no misorder; the Bench goes on to 25.
      await wedgeScan(page, text(24));
      await wedgeScan(page, url(24));
      await expect(position).toHaveText('25');
      const at24 = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 24);
      expect(at24?.identifiers.map((i) => i.value).sort()).toEqual([text(24), url(24)].sort());

      // The Reel map: go to 33, its cell selected and in view, its Label's panel open.
      await page.getByRole('navigation').getByRole('link', { name: w.map, exact: true }).click();
      const goMap = page.getByTestId('reel-map-go-to');
      await goMap.getByRole('textbox', { name: w.goTo }).fill('33');
      await goMap.getByRole('textbox', { name: w.goTo }).press('Enter');
      const cell = page.locator('[data-testid="reel-map-grid"] [data-position="33"]');
      await expect(cell).toHaveAttribute('aria-selected', 'true');
      await expect(cell).toBeInViewport();
      await expect(page.locator('#label-detail-title')).toContainText('33');

      // This bench's range set on the map: the open Bench (at 25, outside it) goes to the range's first free position.
      const form = page.getByTestId('bench-range-form');
      await form.locator('summary').click();
      await form.getByRole('textbox', { name: w.first }).fill('30');
      await form.getByRole('textbox', { name: w.last }).fill('40');
      await form.getByRole('button', { name: w.keep }).click();
      await expect(page.getByTestId('reel-map-range')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/map-go-to-${lang}-${width}x${height}.png`, fullPage: true });
      await page.getByRole('navigation').getByRole('link', { name: w.bench, exact: true }).click();
      await expect(position).toHaveText('30');
      await expect(page.getByTestId('bench-range')).toHaveAttribute('data-outside', 'false');
      await page.context().close();
    });
  }
}

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`a rewound Reel enrolled 40 → 1: downward after the first two Labels, no misorder after them (${lang}, ${width}×${height})`, async () => {
      test.setTimeout(180_000);
      const w = words[lang];
      const reelId = await printedReel(`Rewound reel ${lang} ${width}`, `RW${lang.toUpperCase()}${width}`);
      const page = await pageAt(lang, width, height);
      await page.goto(`${origin()}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
      const position = page.getByTestId('bench-position');
      const feedback = page.getByTestId('bench-feedback');
      await expect(position).toHaveText('1');
      await page.getByTestId('bench').focus();

      // The first two Labels off the rewound Reel: 40 and 39, each a misorder at position 1, jumped to and saved there.
      for (const [p, jump] of [
        [40, w.jump],
        [39, w.jump39],
      ] as const) {
        await wedgeScan(page, text(p));
        await expect(feedback).toHaveAttribute('data-code', 'MISORDER');
        await page.getByRole('button', { name: jump }).click();
        await wedgeScan(page, url(p));
        await expect(feedback).toHaveAttribute('data-code', 'SAVED');
        await expect(position).toHaveText('1');
      }
      // Two Labels in a row that descend: offered, taken; the Bench goes on at 38.
      const offer = page.getByTestId('bench-descent');
      await expect(offer).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rewound-offer-${lang}-${width}x${height}.png`, fullPage: true });
      await offer.getByRole('button', { name: w.accept }).click();
      await expect(position).toHaveText('38');
      await expect(page.getByTestId('bench-direction')).toHaveValue('down');
      await page.getByTestId('bench').focus();

      // 38 → 1: each Label saved where it belongs, the Bench one position down each time, no misorder.
      // Each save counted this session (40 and 39 before): the count says this Label was saved, not the one before it
      // (a feedback line that contains p's digits may still be the last Label's), and nothing stopped the flow.
      const sessionCount = page.getByTestId('bench-session-count');
      for (let p = 38; p >= 1; p -= 1) {
        await expect(position).toHaveText(String(p));
        await wedgeScan(page, text(p));
        await wedgeScan(page, url(p));
        await expect(sessionCount).toHaveText(String(2 + 38 - p + 1));
        await expect(feedback).toHaveAttribute('data-code', 'SAVED');
      }
      await page.screenshot({ path: `${SHOTS}/rewound-done-${lang}-${width}x${height}.png`, fullPage: true });
      const labels = (await station.call('reels.show', { reelId, refresh: false })).labels;
      for (let p = 1; p <= 40; p += 1) {
        const at = labels.find((l) => l.position === p);
        expect(at?.identifiers.map((i) => i.value).sort(), `position ${p}`).toEqual([text(p), url(p)].sort());
      }
      // The Reel keeps its direction; the Reel report shows it.
      expect((await station.call('reels.show', { reelId, refresh: false })).direction).toBe('down');
      expect((await station.call('report.reel', { reelId })).reel.direction).toBe('down');
      await page.getByRole('navigation').getByRole('link', { name: w.report, exact: true }).click();
      await expect(page.getByTestId('report-direction')).toHaveText(`${w.direction}: ${w.down}`);
      await page.context().close();
    });
  }
}
