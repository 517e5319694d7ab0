import { expect, test } from '@playwright/test';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import { audit, formatViolations } from '../helpers/e2e/axe';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';

// Devices → Printers (docs/printing.md): a ZPL printer added by its address, its state in words (ready, then paper
// out from its ~HS), a test label that reaches it, removal; in English and German, at 1366×768 and 1920×1080.

// axe is injected as a script: the page's Content-Security-Policy would refuse it (as in layout.spec.ts).
test.use({ bypassCSP: true });

let station: ServedStation;
let printer: FakeZplPrinter;
test.beforeAll(async () => {
  printer = await startFakeZplPrinter();
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
  await printer.close();
});

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`printers at ${viewport.width}×${viewport.height}: added by address, state in words, test label, removed`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(station.served.ready.url);
    await openScreen(page, 'Devices');
    const panel = page.getByRole('region', { name: 'Printers' });
    const form = panel.getByRole('form', { name: 'Add a printer' });
    await form.getByLabel('Printer name').fill('Bench Zebra');
    await form.getByLabel('Address (host:port)').fill(printer.address);
    await form.getByRole('button', { name: 'Add printer' }).click();
    await expect(panel.getByTestId('printers-message')).toHaveText('Printer Bench Zebra added.');
    const table = panel.getByRole('table', { name: 'Printers' });
    const row = table.getByRole('row', { name: /Bench Zebra/ });
    await expect(row).toContainText('ready');
    await expect(row).toContainText('ZPL label printer, 50x30 mm at 203 dpi');

    // The bench's printer: the one a reprint at the bench uses.
    await panel.getByLabel('The bench’s printer (reprints)').selectOption('Bench Zebra');
    await expect.poll(async () => (await station.call('print.benchPrinter', {})).name).toBe('Bench Zebra');

    const before = printer.printed.length;
    await row.getByRole('button', { name: 'Print a test label on Bench Zebra' }).click();
    await expect(panel.getByTestId('printers-message')).toHaveText('Test label printed on Bench Zebra.');
    expect(printer.printed.length).toBe(before + 1);

    printer.paperOutAfter(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Printers' }).getByRole('row', { name: /Bench Zebra/ })).toContainText('stoppedpaper out');
    await page.getByRole('region', { name: 'Printers' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/printers-${viewport.width}.png`, fullPage: true });
    // The panel with a printer in it (the layout spec sees it empty): axe clean.
    const violations = await audit(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    printer.loadPaper();
    await page.getByRole('table', { name: 'Printers' }).getByRole('button', { name: 'Remove printer Bench Zebra' }).click();
    await expect(page.getByTestId('printers-message')).toHaveText('Printer Bench Zebra removed; its prints stay on record.');
    expect((await station.call('print.benchPrinter', {})).name).toBeNull();
  });
}

test('the Label panel lists the position’s prints: the print, then a reprint with its reason', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await station.call('printers.add', { name: 'Line Zebra', zpl: printer.address });
  const { reelId } = await station.call('reels.create', {
    name: 'Printed reel',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count: 10, prefix: 'E2E-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
  expect(await station.call('print.start', { reelId, printer: 'Line Zebra', positions: { first: 1, last: 10 } })).toMatchObject({ state: 'done' });
  expect(await station.call('print.reprint', { reelId, position: 7, printer: 'Line Zebra', reason: 'misprint' })).toMatchObject({ state: 'done' });

  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reelMap?reel=${encodeURIComponent(reelId)}`);
  await page.getByRole('gridcell', { name: /^Position 7: / }).click();
  const prints = page.getByTestId('label-prints');
  await expect(prints.getByRole('listitem')).toHaveCount(2);
  await expect(prints.getByRole('listitem').nth(0)).toContainText('printed on Line Zebra');
  await expect(prints.getByRole('listitem').nth(1)).toContainText('reprinted on Line Zebra');
  await expect(prints.getByRole('listitem').nth(1)).toContainText('misprint');
  await page.screenshot({ path: 'test-results/e2e/screens/label-prints-1366.png' });
});

test('printers in German: the state and its reasons in the catalog’s words', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await station.call('printers.add', { name: 'Rollendrucker', zpl: printer.address });
  printer.paperOutAfter(0);
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Geräte', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Drucker' });
  await expect(panel.getByRole('table', { name: 'Drucker' }).getByRole('row', { name: /^Rollendrucker/ })).toContainText('angehaltenPapier leer');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/e2e/screens/printers-de.png', fullPage: true });
  printer.loadPaper();
  await station.call('printers.remove', { name: 'Rollendrucker' });
});
