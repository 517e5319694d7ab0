import { expect, test } from '@playwright/test';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// The bench checks that a value is not already on another Label of this Reel, or on the
// service. A value enrolled on another Reel (and synced) is caught at the bench when online.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
});
test.afterAll(async () => {
  await station.stop();
});

test('a value already on the service is caught, taken out of its slot, and needs Enter', async ({ page }) => {
  test.setTimeout(120_000);
  await station.call('profiles.connect', { kind: 'sandbox' });
  const first = await station.call('reels.create', { name: 'First reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await station.call('labels.enroll', { reelId: first.reelId, position: 4, identifiers: [{ tagType: 'QR', value: 'SHARED-1' }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  const second = await station.call('reels.create', {
    name: 'Second reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'NFC', count: 1 },
    ],
  });

  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(second.reelId)}`);
  await expect(page.getByTestId('status-online')).toContainText('online');
  await expect(page.getByTestId('bench-position')).toHaveText('1');
  await station.call('devices.inject', { device: 'virtual:scanner', data: ']Q1SHARED-1' });
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'DUPLICATE_ON_SERVICE');
  await expect(page.getByRole('alert')).toContainText('SHARED-1 is already on the Label at position 4 of Reel “First reel” on the service');
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: waiting');
  await screenshot(page, 'bench-duplicate-service');
  await page.keyboard.press('Enter');

  await station.call('devices.inject', { device: 'virtual:scanner', data: ']Q1FRESH-1' });
  await station.call('devices.inject', { device: 'virtual:nfc', data: '04AA5566' });
  await expect(page.getByTestId('bench-position')).toHaveText('2');
});
