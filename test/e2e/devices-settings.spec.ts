import { expect, test } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from './support/station';

// Issue 6: the Devices screen lists the devices with health and slot, and with the sandbox the
// virtual devices feed reads that show in the read log; Settings switches the UI language.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

test('devices: health, slot assignment, virtual reads in the log', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Devices');
  const devices = page.getByRole('table', { name: 'Devices' });
  await expect(devices.getByRole('rowheader', { name: /virtual:scanner/ })).toBeVisible();
  const virtual = page.getByRole('region', { name: 'Virtual devices' });
  await virtual.getByLabel('Scanner data').fill(']Q1DEMO-42');
  await virtual.getByRole('button', { name: 'Send scan' }).click();
  await virtual.getByLabel('NFC UID (hex)').fill('04a1b2c3');
  await virtual.getByRole('button', { name: 'Tap NFC card' }).click();
  const log = page.getByTestId('device-log');
  await expect(log).toContainText('QR DEMO-42');
  await expect(log).toContainText('NFC 04A1B2C3');

  const role = page.getByRole('combobox', { name: /Slot fed by .*scanner/i }).first();
  await role.selectOption('TEXT');
  await expect(role).toHaveValue('TEXT');
  await screenshot(page, 'devices');
});

test('settings: the UI speaks German after choosing Deutsch, and keeps it', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Arbeitsplatz' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  // The choice reached the active profile: the service now answers in German (Svc-Ctx-Locale).
  await expect(station.call('threads.search', { cursor: 'not-a-cursor' })).rejects.toThrow(/Der Cursor passt nicht/);
  await screenshot(page, 'settings-de');
});
