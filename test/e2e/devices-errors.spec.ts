import { expect, test } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// Device and protocol errors in words (docs/devices.md, "Health"): a sentence saying what is wrong and what to do,
// the code beside it, and the station's raw text (errno, driver or PC/SC message) under "Details".

let station: ServedStation;
const ABSENT = '/dev/ttyNOPE-e2e';

test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('devices.configureSerial', { path: ABSENT });
});
test.afterAll(async () => {
  await station.stop();
});

test('a serial port that is not there says so in words, with the code beside them and the raw text under Details', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Devices');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Serial scanner at ${ABSENT}` }) });
  const problem = row.getByTestId('device-problem');
  await expect(problem).toContainText('The device is not there. Plug it in, or check its port in the device settings.', { timeout: 30_000 });
  await expect(problem.locator('code')).toHaveText('PORT_ABSENT');
  // The station's own text is there, but behind the toggle.
  const raw = problem.locator('pre');
  await expect(raw).toBeHidden();
  await problem.getByText('Details', { exact: true }).click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText(ABSENT);
  await screenshot(page, 'devices-error-details');
});

test('a refused request says what is wrong, with its code and request id beside, and the HTTP status under Details', async ({ page }) => {
  const { profile } = await station.call('station.status', {});
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Connect');
  const remote = page.getByRole('region', { name: 'Remote service' });
  await remote.getByLabel('Base URL').fill(profile?.baseUrl ?? '');
  await remote.getByLabel('API key').fill('svc_not-a-key');
  await remote.getByRole('button', { name: 'Find organizations and Teams' }).click();
  const note = page.locator('.error-note');
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note.locator('code.code')).not.toBeEmpty();
  await expect(note.locator('.request-id')).toContainText('request id ');
  const raw = note.locator('pre');
  await expect(raw).toBeHidden();
  await note.getByText('Details', { exact: true }).click();
  await expect(raw).toContainText(/HTTP 4\d\d/);
  await screenshot(page, 'connect-error-note');
});
