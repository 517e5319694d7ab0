import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lowDetailImage, speckleTag } from '../fixtures';
import { screenshot, serveStation, type ServedStation } from './support/station';

// Issue 6: an attention item (the service refused a low-detail capture) is shown with its
// reason, code and request id, on the queue and on the Label; discarding it asks first and
// leaves the row visible as discarded.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
});
test.afterAll(async () => {
  await station.stop();
});

test('an attention item shows its reason and code; discard is confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await station.call('profiles.connect', { kind: 'sandbox' });
  const { reelId } = await station.call('reels.create', { name: 'Attention reel', expectedIdentifiers: [{ tagType: 'SVC', count: 1 }, { tagType: 'QR', count: 1 }] });
  const good = join(station.dataDir, 'good.png');
  const poor = join(station.dataDir, 'poor.jpg');
  writeFileSync(good, await speckleTag(11));
  writeFileSync(poor, await lowDetailImage(12));
  await station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'QR', value: 'ATT-1' }], svcImagePath: good });
  await station.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'QR', value: 'ATT-2' }], svcImagePath: poor });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  const { items } = await station.call('queue.list', { state: 'attention' });
  expect(items).toHaveLength(1);
  const attention = items[0]?.attention;
  expect(attention?.code).toBeTruthy();

  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/queue`);
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 1$/);
  await expect(page.getByRole('link', { name: /Queue/ })).toContainText('1');
  const row = page.getByRole('row').filter({ has: page.getByTestId('attention-code') });
  await expect(row.getByTestId('attention-code')).toHaveText(attention?.code ?? '');
  await expect(row).toContainText(attention?.reason ?? '');
  if (attention?.requestId) await expect(row).toContainText(attention.requestId);
  await screenshot(page, 'queue-attention');

  // The Label carries the same attention on the reel map.
  await page.getByRole('link', { name: 'Reel map', exact: true }).click();
  await page.getByLabel('Reel', { exact: true }).selectOption({ label: 'Attention reel' });
  await page.getByRole('gridcell', { name: 'Position 2: attention' }).click();
  await expect(page.getByRole('complementary', { name: /Position 2/ }).getByRole('alert')).toContainText(attention?.code ?? '');
  await screenshot(page, 'reel-map-attention');

  // Discard asks first; the row stays, as discarded.
  await page.getByRole('link', { name: /Queue/ }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /Discard operation/ }).click();
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await expect(page.getByTestId('queue-count-discarded')).toHaveText(/discarded 1$/);
});
