import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// A print run from the Reels screen (docs/print-run.md): generate 40 labels, export the CSV for the printer, save
// them as the Reel's print data; then at the bench positions 1–3 scan in order and a misordered label is named
// with both positions and skipped by the action the bench offers.

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'Print run reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
  await station.call('devices.assignRole', { device: 'virtual:scanner', role: 'TEXT' });
});
test.afterAll(async () => {
  await station.stop();
});

test('generate 40 labels, export the CSV, then a misorder at the bench is named and skipped', async ({ page }) => {
  const origin = `${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}`;
  await page.goto(`${origin}#/reels`);
  await chooseReelSetUp(page, 'Print run reel', 'Prepare print run for Print run reel');
  const panel = page.getByTestId('print-run');
  await panel.getByLabel('Labels', { exact: true }).fill('40');
  await panel.getByLabel('Prefix', { exact: true }).fill('SER-');
  await panel.getByLabel('Digits', { exact: true }).fill('4');
  await panel.getByLabel('QR template').fill('https://example.test/{serial}');
  const preview = page.getByTestId('print-run-preview');
  await expect(preview.locator('caption')).toHaveText('40 labels');
  await expect(preview).toContainText('SER-0001');
  await expect(preview).toContainText('SER-0040');
  await expect(preview).toContainText('https://example.test/SER-0040');

  // The CSV the printer's software reads: the station's import header, one row per label.
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('Print-run-reel-print-run.csv');
  // The line after the save names the file and what it holds.
  await expect(panel.getByTestId('download-saved')).toHaveText('✓ Saved Print-run-reel-print-run.csv: 40 Labels, positions 1–40');
  const csv = readFileSync((await file.path()) as string, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('position,text,qr,data_matrix,bar_code,nfc,svc');
  expect(csv).toHaveLength(41);
  expect(csv[1]).toBe('1,SER-0001,https://example.test/SER-0001,,,,');
  expect(csv[40]).toBe('40,SER-0040,https://example.test/SER-0040,,,,');

  await panel.getByRole('button', { name: "Save as the Reel's print data" }).click();
  await expect(page.getByTestId('print-run-saved')).toContainText('Saved: 40 labels (positions 1–40) are now the print data of Print run reel.');
  expect((await station.call('reels.show', { reelId })).labelCounts).toEqual({ expected: 40 });

  // At the bench: positions 1–3 in order.
  await page.goto(`${origin}#/bench?reel=${encodeURIComponent(reelId)}`);
  const position = page.getByTestId('bench-position');
  await expect(position).toHaveText('1');
  for (const n of [1, 2, 3]) {
    await station.call('devices.inject', { device: 'virtual:scanner', data: `SER-000${n}` });
    await expect(position).toHaveText(String(n + 1));
  }

  // Position 4's label is missing: the next one on the reel reads SER-0005.
  await station.call('devices.inject', { device: 'virtual:scanner', data: 'SER-0005' });
  const feedback = page.getByTestId('bench-feedback');
  await expect(feedback).toHaveAttribute('data-code', 'MISORDER');
  await expect(feedback).toContainText('position 4 read SER-0005, which belongs to position 5');
  await expect(position).toHaveText('4');

  // The offered action records the gap at 4 and places the read at 5, where it is saved.
  await page.getByRole('button', { name: 'Record a gap at position 4' }).click();
  await expect(position).toHaveText('6');
  const labels = (await station.call('reels.show', { reelId })).labels;
  const at = (p: number) => labels.find((l) => l.position === p);
  expect(at(4)?.state).toBe('gap');
  expect(at(5)?.identifiers).toEqual([{ tagType: 'TEXT', value: 'SER-0005' }]);
  expect(at(5)?.state).not.toBe('expected');
  expect(at(6)?.state).toBe('expected');
});
