import { expect, test } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from './support/station';

// Issue 6, first UI test: connect to the embedded sandbox, create a Reel, import its print
// data, enroll 20 Labels through bench mode with reads from the virtual scanner and NFC
// reader; one misprint is caught by the print-data check, one duplicate by the Reel check.
// Then the queue drains and the reel map shows the enrolled positions.

const COUNT = 20;
const MISPRINT_AT = 7;
const qr = (p: number) => `QR-${String(p).padStart(4, '0')}`;
const uid = (p: number) => `04A1B2C3D4${p.toString(16).toUpperCase().padStart(4, '0')}`;

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
});
test.afterAll(async () => {
  await station.stop();
});

test.describe.configure({ mode: 'serial' });

test('connect, create a Reel, import print data, enroll 20 Labels at the bench, watch the queue drain, see the reel map', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(station.served.ready.url);

  // First run opens Connect; the sandbox is one click.
  await expect(page.getByRole('heading', { name: 'Connect to a service' })).toBeVisible();
  await screenshot(page, 'connect');
  await page.getByRole('button', { name: 'Use the local sandbox' }).click();
  await expect(page.getByTestId('status-profile')).not.toHaveText('Not connected', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Reels', exact: true })).toBeVisible();

  // Create a Reel expecting one QR and one NFC per Label.
  const create = page.getByRole('region', { name: 'Create a Reel' });
  await create.getByLabel('Name').fill('Reel E2E');
  await create.getByLabel('TEXT per Label').fill('0');
  await create.getByLabel('SVC per Label').fill('0');
  await create.getByLabel('QR per Label').fill('1');
  await create.getByLabel('NFC per Label').fill('1');
  await create.getByRole('button', { name: 'Create Reel' }).click();
  await expect(page.getByRole('rowheader', { name: /Reel E2E/ })).toBeVisible();

  // Print data: positions 1..20 with their QR and NFC.
  const csv = ['position,qr,nfc', ...Array.from({ length: COUNT }, (_, n) => `${n + 1},${qr(n + 1)},${uid(n + 1)}`)].join('\n');
  const importer = page.getByRole('region', { name: /Import print data into Reel E2E/ });
  await importer.getByLabel('Or paste the CSV').fill(csv);
  await expect(importer.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(COUNT + 1);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText(`Imported ${COUNT} rows`)).toBeVisible();
  await screenshot(page, 'reels');

  // A bad file names its bad rows and imports nothing.
  await importer.getByLabel('Or paste the CSV').fill('position,qr\n1,A\nx,B\n');
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByRole('table', { name: 'Rows with errors' })).toContainText('"x" is not a whole number');
  await screenshot(page, 'import-errors');

  await page.getByRole('button', { name: 'Enroll in Reel E2E' }).click();
  await expect(page.getByRole('heading', { name: /Bench: Reel E2E/ })).toBeVisible();
  await expect(page.getByTestId('bench-position')).toHaveText('1');

  for (let p = 1; p <= COUNT; p += 1) {
    await expect(page.getByTestId('bench-position')).toHaveText(String(p));
    if (p === MISPRINT_AT) {
      // A misprint: the scanned QR is not what the print data says here. An error, heard and
      // shown; nothing else is taken until Enter.
      await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(999)}` });
      const feedback = page.getByTestId('bench-feedback');
      await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
      await expect(page.getByRole('alert')).toContainText(`Misprint: QR is ${qr(999)} but the print data says ${qr(p)}`);
      await screenshot(page, 'bench-misprint');
      await station.call('devices.inject', { device: 'virtual:nfc', data: uid(p) });
      await page.waitForTimeout(200);
      await expect(page.getByTestId('slot-NFC')).toHaveAttribute('aria-label', 'NFC: waiting');
      await page.keyboard.press('Enter');
      await expect(feedback).toHaveAttribute('data-blocked', 'false');
      await expect(page.getByText('Press Enter to go on')).toBeHidden();
    }
    if (p === MISPRINT_AT + 1) {
      // The value of another Label on this Reel: caught on this (the second) scan.
      await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(1)}` });
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'DUPLICATE_IN_REEL');
      await expect(page.getByRole('alert')).toContainText(`Duplicate: QR ${qr(1)} is already on the Label at position 1`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-blocked', 'false');
    }
    await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(p)}` });
    await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', `QR: ${qr(p)}`);
    if (p === 3) await screenshot(page, 'bench');
    await station.call('devices.inject', { device: 'virtual:nfc', data: uid(p) });
  }
  await expect(page.getByTestId('bench-session-count')).toHaveText(String(COUNT));
  await expect(page.getByTestId('bench-position')).toHaveText(String(COUNT + 1));
  await screenshot(page, 'bench-done');

  // The queue drains to zero by itself (the web host syncs in the background, like the
  // Electron host) with every Label sent once: the Reel and COUNT Labels.
  await openScreen(page, 'Queue');
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-sending')).toHaveText(/sending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${COUNT + 1}$`));
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('value', String(COUNT + 1));
  await expect(page.getByTestId('status-queue')).toHaveText(`pending 0 · sending 0 · done ${COUNT + 1} · attention 0`);
  await screenshot(page, 'queue');

  // The reel map shows every enrolled position with its state, by mark as well as colour.
  await openScreen(page, 'Reel map');
  const grid = page.getByRole('grid', { name: 'Positions of the Reel' });
  await expect(grid.getByRole('gridcell', { name: 'Position 1: enrolled' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: `Position ${MISPRINT_AT}: enrolled` })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: /: enrolled$/ })).toHaveCount(COUNT);
  await grid.getByRole('gridcell', { name: `Position ${MISPRINT_AT}: enrolled` }).click();
  const detail = page.getByRole('complementary', { name: /Position 7/ });
  await expect(detail.getByRole('table', { name: 'Identifiers' })).toContainText(qr(MISPRINT_AT));
  await screenshot(page, 'reel-map');
});
