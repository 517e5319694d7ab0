import { closeSync, openSync, writeSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { LAYOUT_TEST_TEXT, typedAs } from '../../src-shared/domain/wedge';
import { openPtyPair, type PtyPair } from '../helpers/pty-pair';
import { tempDir } from '../helpers/tmp';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';

// Devices setup (docs/devices.md): keyboard-wedge scans go through the device supervisor like
// every device's reads (read log, test read), the keyboard layout test barcode catches a
// scanner typing in another layout, a serial scanner is added from the form (over a real socat
// pty), and the quality gate's thresholds are set on the Devices screen and kept.

let station: ServedStation;
const dir = tempDir('station-e2e-devices-');
let pty: PtyPair | undefined;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await pty?.close();
  await station.stop();
  dir.remove();
});

async function openDevices(page: Page): Promise<void> {
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Devices');
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('rowheader', { name: /Keyboard scanner/ })).toBeVisible();
}

/** A keyboard-wedge scanner: fast keys ended by Enter, with no text box focused. */
async function scanWithNothingFocused(page: Page, text: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await wedgeScan(page, text);
}

test('wedge scans on the Devices screen reach the read log as keyboard:wedge, and a test read on the wedge succeeds', async ({ page }) => {
  await openDevices(page);
  const log = page.getByTestId('device-log');

  // A person typing slowly is not a scan: nothing is read.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type('SLOW1', { delay: 150 });
  await page.keyboard.press('Enter');

  await scanWithNothingFocused(page, ']Q1WEDGE-DEV-1');
  await expect(log.getByRole('listitem').filter({ hasText: 'Keyboard scanner' }).first()).toContainText('QR code: WEDGE-DEV-1');
  await expect(log).not.toContainText('SLOW1');

  // Test read: waits for the wedge's next read, answered by a scan.
  await page.getByRole('button', { name: 'Test read on Keyboard scanner (keyboard wedge)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for a read' })).toBeVisible();
  await scanWithNothingFocused(page, 'TEST-READ-7');
  await expect(page.getByRole('status').filter({ hasText: /✓ [\w ]+: TEST-READ-7/ })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Keyboard scanner' }).first()).toContainText('TEST-READ-7');

  // A scan the supervisor refuses (a control character a scanner sent as a key) shows in the
  // log with its reason, and the wedge keeps working.
  await page.evaluate(() => {
    for (const key of ['B', 'A', 'D', '\u0007', 'S', 'C', 'A', 'N', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
  const refused = log.getByRole('listitem').filter({ hasText: 'Keyboard scanner' }).first();
  // Words first, from the catalogs; the code small after them (not the main process's English reason).
  await expect(refused).toContainText("control characters in the read: check the scanner's mode and keyboard layout");
  await expect(refused.locator('code')).toHaveText('CONTROL_CHARACTERS');
  await screenshot(page, 'devices-wedge');
});

test('the keyboard layout test names a German-typing scanner, passes the right layout, and keeps the verdict', async ({ page }) => {
  await openDevices(page);
  const layout = page.getByRole('region', { name: 'Keyboard layout test' });
  const barcode = layout.getByRole('img', { name: `Layout test barcode: ${LAYOUT_TEST_TEXT}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const result = layout.getByTestId('layout-result');

  // The scanner is set to German, this computer to US English: y and z swap, symbols move.
  const german = typedAs(LAYOUT_TEST_TEXT, 'DE', 'US') ?? '';
  expect(german.startsWith('Zy')).toBe(true);
  await layout.getByRole('button', { name: 'Start layout test' }).click();
  await expect(result).toContainText('Waiting for the test barcode');
  await scanWithNothingFocused(page, german);
  await expect(result).toContainText('Wrong keyboard layout: the scanner types as German (DE), but this computer’s keyboard layout is English (US)');
  await expect(result).toContainText('Set the scanner’s keyboard country to English (US)');
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: /Keyboard scanner/ })).toContainText('keyboard layout wrong');
  // The test barcode is a setup check, not a read.
  await expect(page.getByTestId('device-log')).not.toContainText('Zy');
  await screenshot(page, 'devices-layout-wrong');

  // Fixed: the scanner now types the test code unchanged.
  await layout.getByRole('button', { name: 'Start layout test' }).click();
  await scanWithNothingFocused(page, LAYOUT_TEST_TEXT);
  await expect(result).toContainText('The keyboard layout is right');
  // Kept by the station: shown again after a reload, and on the wedge device.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Keyboard layout test' }).getByTestId('layout-result')).toContainText('The keyboard layout is right');
  const wedge = (await station.call('devices.status', { device: 'keyboard:wedge' })).wedgeLayout;
  expect(wedge).toMatchObject({ ok: true, received: LAYOUT_TEST_TEXT });

  // After the test, wedge scans are reads again.
  await scanWithNothingFocused(page, ']Q1AFTER-LAYOUT');
  await expect(page.getByTestId('device-log')).toContainText('QR code: AFTER-LAYOUT');
});

test('a serial scanner added through the form connects over a pty, reads into its slot, and can be removed', async ({ page }) => {
  pty = await openPtyPair(dir.path, 'scanner');
  const id = `serial:${pty.station}`;
  await openDevices(page);
  const form = page.getByRole('form', { name: 'Add a serial scanner' });
  await form.getByLabel('Port path').fill(pty.station);
  await form.getByLabel('Baud rate').fill('115200');
  await form.getByLabel('Data bits').selectOption('8');
  await form.getByLabel('Parity').selectOption('none');
  await form.getByLabel('Stop bits').selectOption('1');
  await form.getByLabel('Line terminator').selectOption('custom');
  await form.getByLabel('Custom terminator (hex bytes)').fill('0x03');
  await form.getByLabel(/^Slot/).selectOption('TEXT');
  await form.getByRole('button', { name: 'Save serial scanner' }).click();
  await expect(page.getByTestId('serial-message')).toContainText(`Serial scanner ${pty.station} saved`);

  const row = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: new RegExp(pty.station.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
  await expect(row).toContainText('connected');
  await expect(row.getByRole('combobox')).toHaveValue('TEXT');
  expect(await station.call('devices.status', { device: id })).toMatchObject({
    role: 'TEXT',
    serial: { path: pty.station, baudRate: 115200, terminator: 'custom', customTerminator: '03' },
  });

  // The scanner sends a line ended by ETX: a TEXT read from this port.
  const fd = openSync(pty.scanner, 'w');
  writeSync(fd, 'PRINTED-0042\u0003');
  closeSync(fd);
  await expect(
    page
      .getByTestId('device-log')
      .getByRole('listitem')
      .filter({ hasText: `Serial scanner at ${pty.station}` })
      .first(),
  ).toContainText('Printed text: PRINTED-0042');
  await screenshot(page, 'devices-serial');

  await row.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByTestId('serial-message')).toContainText('removed');
  await expect(row).toHaveCount(0);
  expect((await station.call('devices.list', {})).devices.some((d) => d.id === id)).toBe(false);
});

test('quality gate thresholds saved on the Devices screen survive a reload and reach the gate', async ({ page }) => {
  await openDevices(page);
  const camera = page.getByRole('region', { name: 'Camera' });
  const gate = camera.getByRole('group', { name: 'Quality gate thresholds' });
  await expect(gate.getByLabel('Minimum focus')).toHaveValue('60');
  await gate.getByLabel('Minimum focus').fill('90');
  await gate.getByLabel('Most white (clipped) pixels, %').fill('25');
  // An upside-down brightness range is refused before anything is saved.
  await gate.getByLabel('Minimum brightness (0–255)').fill('240');
  await camera.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(camera.getByRole('alert')).toContainText('The minimum brightness must not be above the maximum');
  await gate.getByLabel('Minimum brightness (0–255)').fill('40');
  await camera.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(camera.getByRole('status').filter({ hasText: 'Thresholds saved.' })).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Camera' }).getByRole('group', { name: 'Quality gate thresholds' });
  await expect(again.getByLabel('Minimum focus')).toHaveValue('90');
  await expect(again.getByLabel('Most white (clipped) pixels, %')).toHaveValue('25');
  await expect(again.getByLabel('Minimum brightness (0–255)')).toHaveValue('40');
  expect((await station.call('camera.settings.get', {})).thresholds).toMatchObject({
    minFocus: 90,
    maxClippedHighlights: 0.25,
    minMeanLuminance: 40,
    maxMeanLuminance: 225,
  });
  await screenshot(page, 'devices-camera');
});

// With no camera open (this browser has none), the camera controls show no empty preview: one short line says no
// camera is open and what to do, beside the camera's problem in words (docs/devices.md, "Cameras").
for (const language of ['en', 'de'] as const) {
  test(`camera controls with no camera (${language}): a short line in place of an empty preview, at 1366×768 and 1920×1080`, async ({ page }) => {
    const words = {
      en: { nav: 'Devices', region: 'Camera', open: 'Open camera controls', none: /^No camera is open, so there is no preview: / },
      de: { nav: 'Geräte', region: 'Kamera', open: 'Kameraeinstellungen öffnen', none: /^Keine Kamera ist geöffnet, daher keine Vorschau: / },
    }[language];
    await station.call('station.language', { language });
    try {
      await page.goto(station.served.ready.url);
      await page.getByRole('link', { name: words.nav, exact: true }).click();
      const camera = page.getByRole('region', { name: words.region, exact: true });
      await camera.getByRole('button', { name: words.open }).click();
      const controls = camera.getByTestId('camera-controls');
      await expect(controls.getByRole('alert').locator('code')).toHaveText('NotFoundError');
      for (const [width, height] of [
        [1366, 768],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        await controls.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/e2e/screens/devices-camera-none-${language}-${width}.png` });
      }
      await expect(controls.getByTestId('camera-none')).toHaveText(words.none);
      await expect(controls.locator('video')).toBeHidden();
      // What is left of the area is a few lines: the state, the problem and what to do, then the buttons.
      expect((await controls.boundingBox())?.height).toBeLessThan(260);
    } finally {
      await station.call('station.language', { language: 'en' });
    }
  });
}

test('camera controls: only what the camera reports is offered, saved controls persist, and the bench meters use the saved thresholds', async () => {
  await station.call('camera.settings.set', { thresholds: { minFocus: 90 } });
  const { reelId } = await station.call('reels.create', { name: 'Camera reel', expectedIdentifiers: [{ tagType: 'SVC', count: 1 }] });
  // Chromium's built-in fake camera reports focus and exposure controls, but no zoom.
  const base = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({ ...base, args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
  try {
    const page = await browser.newPage();
    await openDevices(page);
    const camera = page.getByRole('region', { name: 'Camera' });
    await camera.getByRole('button', { name: 'Open camera controls' }).click();
    const controls = camera.getByTestId('camera-controls');
    await expect(controls.getByTestId('camera-state')).toContainText('Focus');
    await expect(controls.getByLabel('Camera preview')).toBeVisible();
    await expect(controls.getByTestId('camera-none')).toHaveCount(0);
    await expect(controls.getByLabel('Focus mode')).toBeVisible();
    await expect(controls.getByLabel('Exposure mode')).toBeVisible();
    await expect(controls.getByLabel(/^Zoom/)).toHaveCount(0);
    await expect(controls.getByLabel(/^Focus distance/)).toHaveCount(0);
    await controls.getByLabel('Focus mode').selectOption('manual');
    await controls.getByLabel(/^Focus distance/).fill('70');
    await expect(controls.getByLabel(/^Focus distance/)).toHaveAccessibleName('Focus distance 70');
    await controls.getByLabel('Exposure mode').selectOption('continuous');
    await controls.getByRole('button', { name: 'Save controls' }).click();
    await expect(controls.getByRole('status').filter({ hasText: 'Camera controls saved.' })).toBeVisible();
    expect((await station.call('camera.settings.get', {})).controls).toEqual({ focusMode: 'manual', focusDistance: 70, exposureMode: 'continuous' });
    await screenshot(page, 'devices-camera-controls');

    await page.reload();
    await page.getByRole('region', { name: 'Camera' }).getByRole('button', { name: 'Open camera controls' }).click();
    await expect(page.getByTestId('camera-controls').getByLabel('Focus mode')).toHaveValue('manual');

    // The bench's preview meters judge against the configured gate, not the defaults.
    await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
    const focusMeter = page
      .getByRole('region', { name: /^Camera/ })
      .locator('meter')
      .first();
    await expect(focusMeter).toHaveAttribute('low', '90');
    await expect(page.getByTestId('camera-state')).toHaveText(/live/i);
  } finally {
    await browser.close();
  }
});
