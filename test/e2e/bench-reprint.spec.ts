import { expect, test, type Page } from '@playwright/test';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { answerConfirm } from '../helpers/e2e/confirm';

// Reprint at the Bench (docs/printing.md, "Reprints at the bench"): a Reel with print data, printed on a ZPL printer
// on TCP (the peer of test/helpers/zpl-printer.ts, started here) chosen as the bench's printer in the Bench's settings.
// A misprint caught at position 7 offers "Reprint position 7" (reason misprint preselected); the peer receives
// position 7's format once more; the Bench waits at 7 and takes the new Label's (correct) scans; the Reel map marks 7
// as reprinted and the Reel report counts one reprint for "misprint". At 1366×768 (F4) and 1920×1080 (the button).

let station: ServedStation;
let printer: FakeZplPrinter;
test.beforeAll(async () => {
  printer = await startFakeZplPrinter({ labelMs: 4 });
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('printers.add', { name: 'Bench Zebra', zpl: printer.address });
});
test.afterAll(async () => {
  await station.stop();
  await printer.close();
});

const open = (page: Page, route: string) => page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/${route}`);

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`a misprint caught at position 7 is reprinted on the bench's printer and the new Label taken at 7 (${width}×${height})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const text = (p: number) => `RP${width}-${String(p).padStart(4, '0')}`;
    const url = (p: number) => `https://example.test/${text(p)}`;
    const { reelId } = await station.call('reels.create', {
      name: `Reprint reel ${width}`,
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    await station.call('printRun.generate', {
      reelId,
      spec: { count: 10, prefix: `RP${width}-`, digits: 4, qr: 'https://example.test/{serial}' },
      expected: true,
    });
    await station.call('print.benchPrinter', { name: null });
    expect(await station.call('print.start', { reelId, printer: 'Bench Zebra', positions: { first: 1, last: 10 } })).toMatchObject({ state: 'done' });

    await open(page, `bench?reel=${encodeURIComponent(reelId)}&position=7`);
    await expect(page.getByTestId('bench-position')).toHaveText('7');

    // The bench's printer, chosen in the Bench's settings among the station's printers with their state.
    const setting = page.getByTestId('bench-printer');
    await expect(setting.getByRole('option', { name: 'Bench Zebra: ready' })).toBeAttached();
    await setting.getByLabel('The bench’s printer').selectOption('Bench Zebra');
    await expect.poll(async () => (await station.call('print.benchPrinter', {})).name).toBe('Bench Zebra');
    await expect(setting.getByTestId('bench-printer-state')).toHaveText('ready');

    // The Label in hand at 7 carries a value printed nowhere: a misprint, and the offer to reprint 7.
    await page.getByTestId('bench').focus();
    await wedgeScan(page, `RP${width}-9999`);
    await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
    const offer = page.getByTestId('reprint-offer');
    await expect(offer).toHaveAttribute('data-situation', 'misprint');
    await expect(offer).toContainText('The Label at position 7 is not what was printed for it');
    await expect(offer.getByLabel('Why')).toHaveValue('misprint');
    const button = offer.getByRole('button', { name: 'Reprint position 7' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: `test-results/e2e/screens/bench-reprint-offer-${width}.png`, fullPage: true });

    const before = printer.printed.length;
    if (width === 1366) {
      await page.getByTestId('bench').focus();
      await page.keyboard.press('F4');
    } else await button.click();
    const outcome = page.getByTestId('reprint-outcome');
    await expect(outcome).toHaveAttribute('data-state', 'done');
    await expect(outcome).toHaveText('Position 7 reprinted on Bench Zebra. Scan the new Label: the bench waits at position 7.');
    // The peer received position 7's format once more, and nothing else.
    expect(printer.printed.length).toBe(before + 1);
    expect(printer.printed.at(-1)).toContain(text(7));
    expect(printer.printed.filter((f) => f.includes(`^FD${text(7)}^FS`) || f.includes(text(7))).length).toBe(2);

    // The Bench waits at 7, the misprint acknowledged, and takes the new Label's scans there.
    await expect(page.getByTestId('bench-position')).toHaveText('7');
    await expect(page.getByTestId('bench-feedback')).toHaveText('Waiting for the first read.');
    await expect(offer).toHaveCount(0);
    await page.screenshot({ path: `test-results/e2e/screens/bench-reprint-done-${width}.png`, fullPage: true });
    await page.getByTestId('bench').focus();
    await wedgeScan(page, text(7));
    await wedgeScan(page, url(7));
    await expect(page.getByTestId('bench-position')).toHaveText('8');
    const at7 = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 7);
    expect(at7?.state).not.toBe('expected');
    expect(at7?.identifiers.map((i) => i.value).sort()).toEqual([text(7), url(7)].sort());

    // One reprint, for "misprint": the station's report, and the report page.
    const report = await station.call('report.reel', { reelId });
    expect(report.prints).toMatchObject({ prints: 11, reprints: 1, byReason: { misprint: 1, damaged: 0, lost: 0, other: 0 }, reprintedPositions: [7] });
    await open(page, `report?reel=${encodeURIComponent(reelId)}`);
    const counts = page.getByTestId('print-counts');
    await expect(counts.getByTestId('print-counts-reprints')).toHaveText('1');
    await expect(counts.getByTestId('print-counts-misprint')).toHaveText('1');
    await expect(counts.getByTestId('print-counts-positions')).toHaveText('Reprinted positions: 7');
    await counts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/report-reprint-${width}.png` });

    // The Reel map marks position 7 as reprinted, in its name, its mark and the legend.
    await open(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
    const cell = page.getByRole('gridcell', { name: /^Position 7: .*, reprinted$/ });
    await expect(cell).toContainText('↻');
    await expect(page.getByRole('gridcell', { name: /^Position 6: / })).not.toContainText('↻');
    await expect(page.getByTestId('legend-reprinted')).toContainText('Reprinted 1');
    await page.screenshot({ path: `test-results/e2e/screens/reel-map-reprint-${width}.png`, fullPage: true });
  });
}

test('no bench printer: the offer says how to choose one; a printer out of paper: its reasons in words', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { reelId } = await station.call('reels.create', { name: 'Reprint words', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  await station.call('printRun.generate', { reelId, spec: { count: 5, prefix: 'RW-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
  await station.call('print.benchPrinter', { name: null });
  await open(page, `bench?reel=${encodeURIComponent(reelId)}&position=3`);
  await expect(page.getByTestId('bench-position')).toHaveText('3');
  await page.getByTestId('bench').focus();
  await wedgeScan(page, 'RW-9999');
  await expect(page.getByTestId('reprint-offer')).toBeVisible();
  await page.getByRole('button', { name: 'Reprint position 3' }).click();
  await expect(page.getByTestId('reprint-outcome')).toHaveText('This bench has no printer chosen: choose one under “The bench’s printer” below, then reprint.');

  await station.call('print.benchPrinter', { name: 'Bench Zebra' });
  printer.paperOutAfter(0);
  try {
    await page.reload();
    await expect(page.getByTestId('bench-position')).toHaveText('3');
    await page.getByTestId('bench').focus();
    await wedgeScan(page, 'RW-9999');
    await page.getByRole('button', { name: 'Reprint position 3' }).click();
    await expect(page.getByTestId('reprint-outcome')).toHaveAttribute('data-state', 'notReady');
    await expect(page.getByTestId('reprint-outcome')).toContainText(
      'The printer “Bench Zebra” cannot print now: paper out. Fix that at the printer, then reprint.',
    );
    await page.screenshot({ path: 'test-results/e2e/screens/bench-reprint-not-ready.png', fullPage: true });
  } finally {
    printer.loadPaper();
  }
});

test('a damaged blank voided at position 4 (F9): reprinted for "damaged", the Bench goes back to 4 and takes the new Label', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const text = (p: number) => `RV-${String(p).padStart(4, '0')}`;
  const { reelId } = await station.call('reels.create', { name: 'Reprint void', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  await station.call('printRun.generate', { reelId, spec: { count: 6, prefix: 'RV-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
  await station.call('print.benchPrinter', { name: 'Bench Zebra' });
  expect(await station.call('print.start', { reelId, printer: 'Bench Zebra', positions: { first: 1, last: 6 } })).toMatchObject({ state: 'done' });
  await open(page, `bench?reel=${encodeURIComponent(reelId)}&position=4`);
  await expect(page.getByTestId('bench-position')).toHaveText('4');
  await page.getByTestId('bench').focus();
  await page.keyboard.press('F9');
  await answerConfirm(page, 'confirm');
  await expect(page.getByTestId('bench-position')).toHaveText('5');
  const offer = page.getByTestId('reprint-offer');
  await expect(offer).toHaveAttribute('data-situation', 'voided');
  await expect(offer.getByLabel('Why')).toHaveValue('damaged');
  const before = printer.printed.length;
  await offer.getByRole('button', { name: 'Reprint position 4' }).click();
  await expect(page.getByTestId('reprint-outcome')).toHaveAttribute('data-state', 'done');
  expect(printer.printed.length).toBe(before + 1);
  expect(printer.printed.at(-1)).toContain(text(4));
  await expect(page.getByTestId('bench-position')).toHaveText('4');
  await page.getByTestId('bench').focus();
  await wedgeScan(page, text(4));
  await expect(page.getByTestId('bench-position')).toHaveText('5');
  const at4 = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 4);
  expect(at4?.identifiers.map((i) => i.value)).toEqual([text(4)]);
  expect((await station.call('report.reel', { reelId })).prints).toMatchObject({ reprints: 1, byReason: { damaged: 1, misprint: 0 } });

  // In German: the Reel map's mark in the legend and the cell's name, the report's counts by reason.
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await open(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('legend-reprinted')).toContainText('Nachgedruckt 1');
  await expect(page.getByRole('gridcell', { name: /^Position 4: .*, nachgedruckt$/ })).toContainText('↻');
  await page.screenshot({ path: 'test-results/e2e/screens/reel-map-reprint-de.png', fullPage: true });
  await open(page, `report?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('print-counts').getByRole('heading', { level: 3 })).toHaveText('Drucke und Nachdrucke');
  await expect(page.getByTestId('print-counts-damaged')).toHaveText('1');
  await open(page, `bench?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('bench-printer')).toContainText('Drucker des Arbeitsplatzes');
  await page.screenshot({ path: 'test-results/e2e/screens/bench-reprint-de.png', fullPage: true });
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Einstellungen', exact: true }).click();
  await page.getByLabel('Sprache').selectOption('en');
});
