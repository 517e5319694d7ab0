import { expect, test, type Page } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { answerConfirm } from '../helpers/e2e/confirm';

// Numbers that stay live (docs/architecture.md, "Events"): the Shift summary and the Reel report follow the station's
// events while shown and are current when opened again, with no reload and no Refresh; a void at the Bench counts as
// a void, not a gap; the Bench's "On this Reel N of M" counts the Labels enrolled, not one taken back.

// Each test has its Reel, with print data of its own prefix (the service refuses a value twice).
let prefix = 'LIVE-';
const text = (p: number) => `${prefix}${String(p).padStart(6, '0')}`;
const url = (p: number) => `https://ex.test/${text(p)}`;

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

async function printedReel(name: string, serial: string): Promise<void> {
  prefix = serial;
  ({ reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  }));
  await station.call('printRun.generate', { reelId, spec: { count: 40, prefix: serial, digits: 6, qr: 'https://ex.test/{serial}' }, expected: true });
}

/** A Label saved through the station's contract (as another door would), while the page shows something else. */
async function enrollElsewhere(position: number): Promise<void> {
  await station.call('labels.enroll', {
    reelId,
    position,
    identifiers: [
      { tagType: 'TEXT', value: text(position) },
      { tagType: 'QR', value: url(position) },
    ],
  });
}

async function saveAtBench(page: Page, position: number): Promise<void> {
  await expect(page.getByTestId('bench-position')).toHaveText(String(position));
  await wedgeScan(page, text(position));
  await wedgeScan(page, url(position));
  await expect(page.getByTestId('bench-position')).toHaveText(String(position + 1));
}

test('the shift summary and the Reel report follow saves and a void without a reload; a void counts as a void', async ({ page }) => {
  await printedReel('Live numbers', 'LIVE-');
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  await saveAtBench(page, 1);
  await saveAtBench(page, 2);

  // Opened: current. Shown: follows a save made elsewhere.
  await openScreen(page, 'Shift summary');
  await expect(page.getByTestId('shift-labels')).toHaveText('2');
  await enrollElsewhere(30);
  await expect(page.getByTestId('shift-labels')).toHaveText('3');

  // The Reel report, opened once, then left: a save while it is not shown is there when it is opened again.
  await openScreen(page, 'Reel report');
  await expect(page.getByTestId('count-expected')).toHaveText('37');
  await openScreen(page, 'Queue');
  await enrollElsewhere(31);
  await openScreen(page, 'Reel report');
  await expect(page.getByTestId('count-expected')).toHaveText('36');
  // And while shown.
  await enrollElsewhere(32);
  await expect(page.getByTestId('count-expected')).toHaveText('35');

  // At the Bench, which knows of the Labels saved elsewhere when shown again, a damaged label is voided before it is
  // saved.
  await openScreen(page, 'Bench');
  await expect(page.getByTestId('bench-position')).toHaveText('3');
  await expect(page.getByTestId('bench-reel-progress')).toHaveText('5 of 40');
  await page.keyboard.press('F9');
  await answerConfirm(page, 'confirm');
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'VOIDED');
  await expect(page.getByTestId('bench-position')).toHaveText('4');

  await openScreen(page, 'Shift summary');
  await expect(page.getByTestId('shift-voids')).toHaveText('1');
  await expect(page.getByTestId('shift-gaps')).toHaveText('0');
  await openScreen(page, 'Reel report');
  await expect(page.getByTestId('report-gaps')).toContainText('voided');
  await expect(page.getByTestId('report-gaps')).not.toContainText('gap (skipped)');
  await expect(page.getByTestId('count-gap')).toHaveText('1');

  // Screenshots of both, at both sizes, in English and German (the station's language: the page follows it).
  for (const lang of ['en', 'de'] as const) {
    await station.call('station.language', { language: lang });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    for (const [screen, name] of [
      ['report', 'report'],
      ['shift', 'shift'],
    ] as const) {
      await page.evaluate((hash) => (window.location.hash = hash), `#/${screen}?reel=${encodeURIComponent(reelId)}`);
      await expect(page.getByTestId(screen === 'report' ? 'count-gap' : 'shift-voids')).toHaveText('1');
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `reports-live-${name}-${viewport.width}x${viewport.height}-${lang}`);
      }
    }
  }
  await station.call('station.language', { language: 'en' });
});

test('"On this Reel N of M" counts the Labels enrolled: a Label voided at the Bench is no longer counted', async ({ page }) => {
  await printedReel('Taken back', 'BACK-');
  for (const p of [1, 2, 3, 4, 5]) await enrollElsewhere(p);
  // Position 10 holds a Label saved at the Bench; the operator comes back to it and voids it (the label was damaged).
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}&position=10`);
  await saveAtBench(page, 10);
  const progress = page.getByTestId('bench-reel-progress');
  await expect(progress).toHaveText('6 of 40');
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}&position=10`);
  await expect(page.getByTestId('bench-position')).toHaveText('10');
  await expect(progress).toHaveText('6 of 40');
  await page.keyboard.press('F9');
  await answerConfirm(page, 'confirm');
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'VOIDED');
  await expect(progress).toHaveText('5 of 40');
  // Undo of the last save takes it back from the count too. Sending waits meanwhile: an undo while the Label is being
  // sent is refused ("being sent right now. Try again in a moment."), which on a loaded machine it could be.
  await station.call('sync.pause', {});
  await saveAtBench(page, 11);
  await expect(progress).toHaveText('6 of 40');
  await page.keyboard.press('F6');
  await answerConfirm(page, 'confirm');
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'TAKEN_BACK');
  await expect(progress).toHaveText('5 of 40');
  await station.call('sync.resume', {});
});
