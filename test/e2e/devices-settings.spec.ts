import { expect, test } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// The Devices screen lists the devices with health and slot, and with the sandbox the
// virtual devices feed reads that show in the read log; Settings switches the UI language.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

test('devices: health, slot assignment, virtual reads in the log', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Devices');
  const devices = page.getByRole('table', { name: 'Devices' });
  await expect(devices.getByRole('rowheader', { name: /Virtual scanner/ })).toBeVisible();
  // An empty read log says so and how to fill it; the first read replaces the words.
  const logCard = page.getByRole('region', { name: 'Read log' });
  await expect(logCard).toContainText('No read since this screen opened');
  const virtual = page.getByRole('region', { name: 'Virtual devices' });
  await virtual.getByLabel('Scanner data').fill(']Q1DEMO-42');
  await virtual.getByRole('button', { name: 'Send scan' }).click();
  await virtual.getByLabel('NFC UID (hex)').fill('04a1b2c3');
  await virtual.getByRole('button', { name: 'Tap NFC card' }).click();
  const log = page.getByTestId('device-log');
  await expect(log).toContainText('QR code: DEMO-42');
  await expect(log).toContainText('NFC chip: 04A1B2C3');
  await expect(logCard).not.toContainText('No read since this screen opened');

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
  // (The update is sent after the UI switched language: wait for it to land, not for a fixed time.)
  await expect
    .poll(() =>
      station.call('threads.search', { cursor: 'not-a-cursor' }).then(
        () => 'answered',
        (e: unknown) => String(e),
      ),
    )
    .toMatch(/Der Cursor passt nicht/);
  await screenshot(page, 'settings-de');
});

test("the language is the station's: a second window opens in it, and an open window follows when another changes it", async ({ page, browser }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // A second window in a browser profile of its own (nothing of the first window's kept) opens in German.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto(station.served.ready.url);
    await expect(second.locator('html')).toHaveAttribute('lang', 'de');
    await expect(second.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
    // English chosen in the second window: the first one follows without a reload.
    await second.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Einstellungen' }).click();
    await second.getByLabel('Sprache').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await station.call('station.status', {})).language).toBe('en');
  } finally {
    await other.close();
  }
});

test('settings: the bounds of how many requests are sent at once are saved, shown, and kept after a reload', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  const sending = page.getByRole('form', { name: 'Sending' });
  await expect(sending.getByTestId('sending-now')).toHaveText(/Sending up to \d+ requests at once now\./);
  await sending.getByLabel('Lowest number of requests at once').fill('2');
  await sending.getByLabel('Highest number of requests at once').fill('6');
  await sending.getByRole('button', { name: 'Save bounds' }).click();
  await expect(sending.getByText('Saved; the queue uses them now.')).toBeVisible();
  expect(await station.call('sync.concurrency.get', {})).toMatchObject({ min: 2, max: 6 });
  // A lowest bound above the highest is refused with the reason, and nothing changes.
  await sending.getByLabel('Lowest number of requests at once').fill('9');
  await sending.getByRole('button', { name: 'Save bounds' }).click();
  await expect(sending.getByRole('alert')).toContainText('must not be above the highest');
  expect(await station.call('sync.concurrency.get', {})).toMatchObject({ min: 2, max: 6 });
  await page.reload();
  await expect(page.getByLabel('Highest number of requests at once')).toHaveValue('6');
  await expect(page.getByLabel('Lowest number of requests at once')).toHaveValue('2');
});
