import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// The Print dialog with a label template (docs/print-run.md, "Preflight"; docs/printing.md, "The print dialog"): before
// the job starts every label is drawn and its codes read back, and the dialog shows that phase as it goes ("Checking
// labels before printing: 40 of 200"), with Cancel: canceled, nothing is recorded or printed. A label that fails is
// named by its position and why, and nothing prints; once every label passed the job prints. At 1366×768 and
// 1920×1080, in English and German.

const TEMPLATE = readFileSync(join(import.meta.dirname, '../fixtures/templates/zebradesigner.zpl'), 'utf8');

let station: ServedStation;
let printer: FakeZplPrinter;
test.beforeAll(async () => {
  printer = await startFakeZplPrinter({ labelMs: 20 });
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('printers.add', { name: 'Line Zebra', zpl: printer.address });
  await station.call('printRun.templateAdd', { name: 'designer', body: TEMPLATE });
  await station.call('printRun.templateAdd', { name: 'tiny-qr', body: TEMPLATE.replace('^BQN,2,4', '^BQN,2,2') });
});
test.afterAll(async () => {
  await station.stop();
  await printer.close();
});
// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

async function reelWithTemplate(name: string, count: number, template: string) {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
      { tagType: 'DATA_MATRIX', count: 1 },
    ],
  });
  await station.call('printRun.generate', {
    reelId,
    spec: { count, prefix: 'PF-', digits: 4, qr: 'https://example.test/{serial}', dataMatrix: 'DM{serial}' },
    expected: true,
  });
  await station.call('printRun.reelTemplate', { reelId, template });
  return reelId;
}

const WORDS = {
  en: {
    reels: 'Reels',
    nav: 'Main',
    setUp: (reel: string) => `Prepare print run for ${reel}`,
    open: (reel: string) => `Print the labels of Reel “${reel}”`,
    dialog: (reel: string) => `Print Reel “${reel}”`,
    start: 'Start printing',
    checking: /Checking labels before printing: \d+ of 200/,
    checked: 'Labels checked',
    cancel: 'Cancel the check',
    canceled: 'The check was canceled: nothing was printed.',
    close: 'Close',
    closed: 'The Print dialog was closed during the check before printing: the check was stopped and nothing was printed. Print… checks and prints them again.',
  },
  de: {
    reels: 'Rollen',
    nav: 'Hauptmenü',
    setUp: (reel: string) => `Druckauftrag vorbereiten für ${reel}`,
    open: (reel: string) => `Die Labels der Rolle „${reel}“ drucken`,
    dialog: (reel: string) => `Rolle „${reel}“ drucken`,
    start: 'Drucken starten',
    checking: /Labels werden vor dem Druck geprüft: \d+ von 200/,
    checked: 'Geprüfte Labels',
    cancel: 'Prüfung abbrechen',
    canceled: 'Die Prüfung wurde abgebrochen: Nichts wurde gedruckt.',
    close: 'Schließen',
    closed:
      'Der Druckdialog wurde während der Prüfung vor dem Druck geschlossen: Die Prüfung wurde abgebrochen, nichts wurde gedruckt. Drucken… prüft und druckt sie erneut.',
  },
} as const;

async function openDialog(page: Page, reel: string, language: 'en' | 'de') {
  const w = WORDS[language];
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.reels, exact: true }).click();
  await chooseReelSetUp(page, reel, w.setUp(reel));
  await page.getByRole('button', { name: w.open(reel) }).click();
  return page.getByRole('dialog', { name: w.dialog(reel) });
}

/**
 * A Reel of 200 positions printed with the designer template, its Print dialog opened in `language` at `viewport` and
 * the job started, so its check runs; what the printer had printed before it.
 */
async function startCheck(page: Page, reel: string, language: 'en' | 'de', viewport: { width: number; height: number }) {
  const reelId = await reelWithTemplate(reel, 200, 'designer');
  await station.call('station.language', { language });
  await page.setViewportSize(viewport);
  await page.goto(station.served.ready.url);
  const dialog = await openDialog(page, reel, language);
  const before = printer.printed.length;
  await dialog.getByRole('button', { name: WORDS[language].start }).click();
  return { reelId, dialog, before };
}

for (const language of ['en', 'de'] as const) {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    test(`print dialog (${language}, ${viewport.width}×${viewport.height}): the check before printing as it goes, canceled`, async ({ page }) => {
      const w = WORDS[language];
      const { dialog, before } = await startCheck(page, `Check ${language} ${viewport.width}`, language, viewport);
      const checking = dialog.getByTestId('print-dialog-checking');
      await expect(checking).toHaveText(w.checking);
      const bar = dialog.getByRole('progressbar', { name: w.checked });
      await expect(bar).toHaveAttribute('max', '200');
      // It moves on: the count grows while the dialog shows it.
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: `test-results/e2e/screens/print-preflight-${language}-${viewport.width}.png` });
      await dialog.getByRole('button', { name: w.cancel }).click();
      await expect(dialog.getByTestId('print-dialog-check-canceled')).toHaveText(w.canceled);
      await expect(dialog.getByRole('button', { name: w.start })).toBeEnabled();
      await page.screenshot({ path: `test-results/e2e/screens/print-preflight-canceled-${language}-${viewport.width}.png` });
      expect(printer.printed.length).toBe(before);
    });
  }
}

// Closing the dialog (Close, or Escape) while the check runs stops the check: no job starts with no dialog open to
// follow or stop it, and the print run screen says the check was stopped and nothing printed.
for (const language of ['en', 'de'] as const) {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    const how = viewport.width === 1366 ? 'Close' : 'Escape';
    test(`print dialog (${language}, ${viewport.width}×${viewport.height}): closed by ${how} during the check, the check stops and nothing prints`, async ({
      page,
    }) => {
      const w = WORDS[language];
      const reel = `Closed ${language} ${viewport.width}`;
      const { reelId, dialog, before } = await startCheck(page, reel, language, viewport);
      await expect(dialog.getByTestId('print-dialog-checking')).toHaveText(w.checking);
      if (how === 'Close') await dialog.getByRole('button', { name: w.close }).click();
      else await page.keyboard.press('Escape');
      // The dialog closes once the station answered the job refused as canceled: from then on it can never start.
      await expect(dialog).toBeHidden({ timeout: 60_000 });
      const said = page.getByTestId('print-check-closed');
      await expect(said).toHaveText(w.closed);
      await expect(said).toBeInViewport();
      await page.screenshot({ path: `test-results/e2e/screens/print-preflight-closed-${language}-${viewport.width}.png` });
      expect((await station.call('print.log', { reelId })).prints).toEqual([]);
      expect(printer.printed.length).toBe(before);
      // Print… again opens the dialog as before a job, the note gone.
      await page.getByRole('button', { name: w.open(reel) }).click();
      await expect(page.getByRole('dialog', { name: w.dialog(reel) }).getByRole('button', { name: w.start })).toBeEnabled();
      await expect(said).toBeHidden();
    });
  }
}

test('print dialog: a label that fails the check is named with why, nothing prints; a template that passes prints', async ({ page }) => {
  const reel = 'Check refused';
  const reelId = await reelWithTemplate(reel, 3, 'tiny-qr');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(station.served.ready.url);
  let dialog = await openDialog(page, reel, 'en');
  const before = printer.printed.length;
  await dialog.getByRole('button', { name: 'Start printing' }).click();
  const findings = dialog.getByTestId('print-dialog-check-findings');
  await expect(findings.getByRole('listitem')).toHaveCount(3);
  await expect(findings.getByRole('listitem').first()).toHaveText('Position 1: its QR code’s modules are 2 printer dots, under 3: make its box larger.');
  await expect(dialog.getByRole('alert').filter({ hasText: 'STATION_PREFLIGHT_FAILED' })).toContainText('the label for position 1 did not check out');
  await page.screenshot({ path: 'test-results/e2e/screens/print-preflight-refused-1366.png' });
  expect(printer.printed.length).toBe(before);

  await station.call('printRun.reelTemplate', { reelId, template: 'designer' });
  await page.reload();
  dialog = await openDialog(page, reel, 'en');
  await dialog.getByRole('button', { name: 'Start printing' }).click();
  await expect(dialog.getByTestId('print-dialog-done')).toContainText('1–3');
  expect(printer.printed.slice(before).filter((f) => f.includes('^FDPos ')).length).toBe(3);
});
