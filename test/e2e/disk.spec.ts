import { expect, test } from '@playwright/test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk';

// The data folder's disk in the UI (docs/storage.md): the status bar's Disk term, a banner while the disk is below the
// floor or full that goes once room is back, and Settings → Storage. The data folder is on a tmpfs of the test's own.

let disk: SmallDisk;
let s: ServedStation;
let reelId: string;

test.beforeAll(async () => {
  disk = mountSmallDisk(48);
  s = await serveStation({ dataDir: join(disk.path, 'station') });
  await s.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await s.call('reels.create', { name: 'Disk reel' }));
});
test.afterAll(async () => {
  await s?.stop();
  disk?.unmount();
});

async function enrollRefusal(position: number): Promise<string> {
  try {
    await s.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `D-${position}` }] });
    return 'saved';
  } catch (error) {
    return (error as Error).message;
  }
}

test('a disk below the floor, then full: the banner says so and what to do, and goes once room is back', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(s.served.ready.url);
  // 48 MB is below the default floor of 500 MB: new enrollments wait, the banner says why.
  const banner = page.getByTestId('disk-banner');
  await expect(banner).toContainText('The disk is nearly full.');
  await expect(banner).toContainText(s.dataDir);
  await expect(banner).toContainText('have the data folder moved to a larger disk');
  await expect(banner).not.toContainText('--data');
  await expect(page.getByTestId('status-disk')).toHaveAttribute('data-state', 'low');
  expect(await enrollRefusal(1)).toContain('STATION_DISK_LOW');

  // Settings → Storage: the floor lowered to 0 MB; the banner goes, enrollments go on.
  await openScreen(page, 'Settings');
  const storage = page.getByTestId('storage-settings');
  await expect(storage.getByTestId('storage-now')).toContainText('0 capture images kept');
  await storage.getByLabel('Floor (MB free)').fill('0');
  await storage.getByRole('button', { name: 'Save storage settings' }).click();
  await expect(storage.getByText('Storage settings saved.')).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('status-disk')).toHaveAttribute('data-state', 'ok');
  expect(await enrollRefusal(1)).toBe('saved');

  // Another program fills the disk: the next enrollment is refused as full, the banner stays (an alert).
  const filler = disk.fillUp('filler');
  expect(await enrollRefusal(2)).toContain('STATION_DISK_FULL');
  await expect(page.getByRole('alert').filter({ hasText: 'The disk is full.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('status-disk')).toHaveAttribute('data-state', 'full');
  await expect(storage.getByTestId('storage-now')).toContainText('about 0 Labels left');
  await screenshot(page, 'disk-full-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'disk-full-1920');
  // Reads and the queue go on: the Label saved before is sent, also when its sending met the disk as it filled (an
  // end that could not be written is given back and sent again, never left claimed while the queue says idle).
  const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
  expect(summary).toMatchObject({ pending: 0, attention: 0, timedOut: false });
  expect((await s.call('station.status', {})).queue.pending).toBe(0);

  // Room again: the banner goes by itself.
  rmSync(filler);
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('status-disk')).toHaveAttribute('data-state', 'ok');
  expect(await enrollRefusal(2)).toBe('saved');
});
