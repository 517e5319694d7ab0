import { expect, test } from '@playwright/test';
import { serviceLabel } from '../helpers/e2e/service';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { answerConfirm } from '../helpers/e2e/confirm';

// Keyboard-wedge scans (docs/devices.md, "Scanners") are taken without a focused text box (told from a
// person typing by keystroke timing), and the bench is fully keyboard-operable.

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Keyboard reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
});
test.afterAll(async () => {
  await station.stop();
});

test('wedge scans fill slots, typing does not; F6 undoes, F7 skips', async ({ page }) => {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('bench-position')).toHaveText('1');

  // A person typing slowly is not a scan.
  await page.keyboard.type('HELLO', { delay: 150 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: waiting');

  // A scanner types fast and ends with Enter; the AIM prefix says QR.
  await wedgeScan(page, ']Q1WEDGE-1');
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: WEDGE-1');

  // F6 undoes the last read; scan again, then the printed TEXT code arrives from a scanner whose slot is TEXT.
  await page.keyboard.press('F6');
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: waiting');
  // The page is busy while the scanner types (its keys reach the page 300 ms late, with the scanner's
  // own 5 ms gaps): still one whole scan, not a cut-off tail.
  await wedgeScan(page, ']Q1WEDGE-1', { lateDelivery: { afterKeys: 5, ms: 300 } });
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: WEDGE-1');
  await station.call('devices.assignRole', { device: 'virtual:scanner', role: 'TEXT' });
  await station.call('devices.inject', { device: 'virtual:scanner', data: 'ABC-001' });
  await expect(page.getByTestId('bench-position')).toHaveText('2');
  await expect(page.getByTestId('bench-session-count')).toHaveText('1');

  // F7 skips a position: it is recorded as a gap.
  await page.keyboard.press('F7');
  await expect(page.getByTestId('bench-position')).toHaveText('3');
  const stateAt = async (position: number) => (await station.call('reels.show', { reelId })).labels.find((l) => l.position === position)?.state;
  expect(await stateAt(2)).toBe('gap');

  // F6 with nothing read at this position takes back the last saved Label (after a confirmation):
  // discarded when still unsent (a gap), archived through the queue when already on the service.
  // Here the station is online and syncing on its own: wait until the Label is on the service, so
  // the take-back is an archive (not a race between the two), and check that on the service too.
  const serviceIdAt1 = async () => (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 1)?.serviceId ?? null;
  await expect.poll(serviceIdAt1, { timeout: 20_000 }).not.toBeNull();
  await page.keyboard.press('F6');
  expect(await answerConfirm(page, 'confirm')).toBe('Take back the Label saved at position 1?');
  await expect.poll(() => stateAt(1), { timeout: 20_000 }).toBe('archived');
  expect((await serviceLabel(station, (await serviceIdAt1()) as string)).archivedAt).not.toBeNull();
  // An archived Label stays at its position: the bench does not go back to fill it.
  await expect(page.getByTestId('bench-position')).toHaveText('3');

  // The other case: with sync paused the next Label stays unsent, and taking it back discards it:
  // a gap, and the bench goes back to fill that position again.
  await station.call('sync.pause', {});
  try {
    await wedgeScan(page, ']Q1WEDGE-3');
    await station.call('devices.inject', { device: 'virtual:scanner', data: 'ABC-003' });
    await expect(page.getByTestId('bench-position')).toHaveText('4');
    await page.keyboard.press('F6');
    await answerConfirm(page, 'confirm');
    await expect(page.getByTestId('bench-position')).toHaveText('3');
    expect(await stateAt(3)).toBe('gap');
  } finally {
    await station.call('sync.resume', {});
  }
  await screenshot(page, 'bench-keyboard');
});
