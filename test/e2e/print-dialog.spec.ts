import { expect, test, type Page } from '@playwright/test';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import { audit, formatViolations } from '../helpers/e2e/axe';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// Reels → a Reel's print run → "Print…" (docs/printing.md, "The print dialog"), on the ZPL printer of test/helpers:
// a range printed with progress by position; the printer out of paper mid-job, the stop said in words with what was
// printed and what not; paper loaded, Resume completes it and the printer received each position once; a range with
// printed positions refused naming them, then printed again as reprints with a reason. At 1366×768 and 1920×1080.

// axe is injected as a script: the page's Content-Security-Policy would refuse it (as in layout.spec.ts).
test.use({ bypassCSP: true });

let station: ServedStation;
let printer: FakeZplPrinter;
test.beforeAll(async () => {
  // Slow enough that the dialog shows the job printing, position by position.
  printer = await startFakeZplPrinter({ labelMs: 60 });
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('printers.add', { name: 'Line Zebra', zpl: printer.address });
});
test.afterAll(async () => {
  await station.stop();
  await printer.close();
});

/** The position each format the printer printed carries (the print run's "#N" field). */
const positionOf = (format: string) => Number(/\^FD#(\d+)\^FS/.exec(format)?.[1]);

async function openDialog(page: Page, reel: string) {
  await openScreen(page, 'Reels');
  await chooseReelSetUp(page, reel, `Prepare print run for ${reel}`);
  await page.getByRole('button', { name: `Print the labels of Reel “${reel}”` }).click();
  return page.getByRole('dialog', { name: `Print Reel “${reel}”` });
}

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`print dialog at ${viewport.width}×${viewport.height}: progress, paper out in words, Resume, reprints`, async ({ page }) => {
    const reel = `Dialog ${viewport.width}`;
    const { reelId } = await station.call('reels.create', {
      name: reel,
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    await station.call('printRun.generate', { reelId, spec: { count: 24, prefix: 'DLG-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
    await page.setViewportSize(viewport);
    await page.goto(station.served.ready.url);
    const dialog = await openDialog(page, reel);

    // The defaults: the printer with its state in words, the positions not printed yet, the first label's values.
    await expect(dialog.getByLabel('Printer')).toHaveValue('Line Zebra');
    await expect(dialog.getByLabel('Printer').locator('option:checked')).toHaveText('Line Zebra: ready');
    await expect(dialog.getByLabel('First position')).toHaveValue('1');
    await expect(dialog.getByLabel('Last position')).toHaveValue('24');
    await expect(dialog.getByTestId('print-dialog-not-printed')).toHaveText('Not printed yet: positions 1–24.');
    await expect(dialog.getByTestId('print-dialog-preview')).toContainText('First label: position 1');
    await expect(dialog.getByTestId('print-dialog-preview')).toContainText('DLG-0001');
    await expect(dialog.getByTestId('print-dialog-preview')).toContainText('https://example.test/DLG-0001');
    await page.screenshot({ path: `test-results/e2e/screens/print-dialog-${viewport.width}.png` });
    const violations = await audit(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Positions 1–16, with the keyboard; paper runs out after 6 labels.
    await dialog.getByLabel('Last position').fill('16');
    await expect(dialog.getByTestId('print-dialog-preview')).toContainText('DLG-0001');
    const before = printer.printed.length;
    printer.paperOutAfter(6);
    // Slow labels while the dialog is watched printing; the rest at the usual pace.
    printer.labelMs = 300;
    await dialog.getByLabel('Copies of each label').press('Enter');
    await expect(dialog.getByTestId('print-dialog-printing')).toContainText(/Printing on Line Zebra: position \d+/);
    await expect(dialog.getByRole('progressbar', { name: 'Labels printed' })).toBeVisible();
    await page.screenshot({ path: `test-results/e2e/screens/print-dialog-printing-${viewport.width}.png` });
    printer.labelMs = 60;

    const stopped = dialog.getByTestId('print-dialog-stopped');
    await expect(stopped).toContainText('Printing stopped: paper out.');
    await expect(stopped).toContainText('Printed: 1–6');
    await expect(stopped).toContainText('Not printed: 7–16');
    await expect(dialog.getByTestId('print-dialog-count')).toHaveText('6 of 16 positions printed');
    await page.screenshot({ path: `test-results/e2e/screens/print-dialog-stopped-${viewport.width}.png` });

    printer.loadPaper();
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(dialog.getByTestId('print-dialog-done')).toHaveText('✓ Done: positions 7–16 printed on Line Zebra.');
    await expect(dialog.getByTestId('print-dialog-count')).toHaveText('10 of 10 positions printed');
    // Each position reached the printer once, in order.
    expect(printer.printed.slice(before).map(positionOf)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Opened again: the default is what is left; a range over printed positions is refused naming them.
    const again = await openDialog(page, reel);
    await expect(again.getByLabel('First position')).toHaveValue('17');
    await expect(again.getByLabel('Last position')).toHaveValue('24');
    await again.getByLabel('First position').fill('15');
    await again.getByRole('button', { name: 'Start printing' }).click();
    const refused = again.getByTestId('print-dialog-already-printed');
    await expect(refused).toContainText('Positions 15–16 were printed already.');
    await refused.getByLabel('Reason for the reprint').selectOption('damaged');
    const beforeReprint = printer.printed.length;
    await refused.getByRole('button', { name: 'Print them again as reprints' }).click();
    await expect(again.getByTestId('print-dialog-done')).toHaveText('✓ Done: positions 15–24 printed on Line Zebra.');
    expect(printer.printed.slice(beforeReprint).map(positionOf)).toEqual(Array.from({ length: 10 }, (_, i) => i + 15));
    const log = await station.call('print.log', { reelId, position: 15 });
    expect(log.prints.map((p) => ({ reprint: p.reprint, reason: p.reason }))).toEqual([
      { reprint: false, reason: undefined },
      { reprint: true, reason: 'damaged' },
    ]);
  });
}

test('print dialog in German: the stop and the printer’s reason in the catalog’s words', async ({ page }) => {
  const reel = 'Rolle Druck';
  const { reelId } = await station.call('reels.create', {
    name: reel,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count: 8, prefix: 'DE-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Rollen', exact: true }).click();
  await chooseReelSetUp(page, reel, `Druckauftrag vorbereiten für ${reel}`);
  await page.getByRole('button', { name: `Die Labels der Rolle „${reel}“ drucken` }).click();
  const dialog = page.getByRole('dialog', { name: `Rolle „${reel}“ drucken` });
  await expect(dialog.getByLabel('Drucker')).toHaveValue('Line Zebra');
  printer.paperOutAfter(3);
  await dialog.getByRole('button', { name: 'Drucken starten' }).click();
  const stopped = dialog.getByTestId('print-dialog-stopped');
  await expect(stopped).toContainText('Druck angehalten: Papier leer.');
  await expect(stopped).toContainText('Gedruckt: 1–3');
  await expect(stopped).toContainText('Nicht gedruckt: 4–8');
  await page.screenshot({ path: 'test-results/e2e/screens/print-dialog-de.png' });
  printer.loadPaper();
  await dialog.getByRole('button', { name: 'Fortsetzen' }).click();
  await expect(dialog.getByTestId('print-dialog-done')).toHaveText('✓ Fertig: Positionen 4–8 auf Line Zebra gedruckt.');
});
