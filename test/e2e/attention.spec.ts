import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
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
  // The web host takes captures only by the sha256 of a still the camera kept (no file paths).
  const good = await station.call('camera.submitStill', { image: (await speckleTag(11)).toString('base64'), mimeType: 'image/png', camera: 'e2e' });
  // The camera gate would refuse this low-detail still; kept as if a laxer gate let it through, so the service refuses it.
  const poorBytes = await lowDetailImage(12);
  const poorSha = createHash('sha256').update(poorBytes).digest('hex');
  const incoming = join(station.dataDir, 'captures', 'incoming');
  writeFileSync(join(incoming, `${poorSha}.jpg`), poorBytes);
  writeFileSync(join(incoming, `${poorSha}.json`), JSON.stringify({ ...good, sha256: poorSha, mimeType: 'image/jpeg' }));
  await station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'QR', value: 'ATT-1' }], captureSha256: good.sha256 });
  await station.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'QR', value: 'ATT-2' }], captureSha256: poorSha });
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
  const panel = page.getByRole('complementary', { name: /Position 2/ });
  await expect(panel.getByRole('alert')).toContainText(attention?.code ?? '');
  // Its history: the capture thumbnail, the audit, and the refused attempt with code and request id.
  const history = panel.getByTestId('label-history');
  await expect(history.getByRole('img', { name: /^Capture / })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(history.getByRole('listitem').filter({ hasText: 'label.enroll' })).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: attention?.code ?? '' })).toContainText(attention?.requestId ?? '');
  await screenshot(page, 'reel-map-attention');

  // Discard asks first; the row stays, as discarded.
  await page.getByRole('link', { name: /Queue/ }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /Discard operation/ }).click();
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await expect(page.getByTestId('queue-count-discarded')).toHaveText(/discarded 1$/);
});
