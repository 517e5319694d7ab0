import { expect, test, type Page } from '@playwright/test';
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/ipc';
import { tempDir } from '../helpers/tmp';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// The queue pauses and resumes (docs/sync.md, "Pause and resume"). Paused, what is enrolled stays pending and the
// Queue screen says so; the pause survives a reload of the page and a restart of the station
// (station.status.sync); resumed, the queue drains.

const dir = tempDir('station-ui-pause-');
let station: ServedStation | undefined;

/** `station serve` on the same data dir every time, so a restart keeps the queue, the pause and the embedded sandbox. */
async function startStation(): Promise<ServedStation> {
  station = await serveStation({ dataDir: dir.path });
  return station;
}

function call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
  if (!station) throw new Error('the station is not running');
  return station.call(name, input);
}

const openQueue = async (page: Page) => {
  if (!station) throw new Error('the station is not running');
  const { ready } = station.served;
  await page.goto(`${new URL(ready.url).origin}/?token=${ready.token}#/queue`);
  await expect(page.getByRole('heading', { name: 'Queue', level: 2 })).toBeVisible();
};

test.beforeAll(async () => {
  await startStation();
  await call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
  dir.remove();
});

test('pause holds the queue across a reload and a restart; resume drains it', async ({ page }) => {
  test.setTimeout(180_000);
  const { reelId } = await call('reels.create', { name: 'Pause reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  const doneBefore = (await call('station.status', {})).queue.done;

  await openQueue(page);
  const toolbarStatus = page.getByRole('status').filter({ hasText: /^(‖|▶)/ });
  await expect(toolbarStatus).toHaveText('▶ running');
  await expect(page.getByTestId('status-sync')).toHaveText('▶ sending when online');
  await page.getByRole('button', { name: 'Pause sync' }).click();
  await expect(toolbarStatus).toHaveText('‖ paused by the operator');
  // The status bar says it on every screen.
  await expect(page.getByTestId('status-sync')).toHaveText('‖ paused by the operator');
  await expect(page.getByRole('button', { name: 'Resume sync' })).toBeVisible();
  expect((await call('station.status', {})).sync).toMatchObject({ paused: true, pauseKind: 'operator', pauseReason: 'Paused by the operator.' });

  // Enrolled while paused: saved, and it stays pending.
  for (const p of [1, 2]) await call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `PAUSE-${p}` }] });
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 2$/);
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 2$/);
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${doneBefore}$`));
  await screenshot(page, 'queue-paused');

  // A reload shows the pause again (from station.status, before any progress event).
  await page.reload();
  await expect(toolbarStatus).toHaveText('‖ paused by the operator');
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 2$/);

  // So does a restart of the station: the pause is saved with the queue.
  await station?.stop();
  await startStation();
  const status = await call('station.status', {});
  expect(status.sync).toMatchObject({ paused: true, pauseKind: 'operator', pauseReason: 'Paused by the operator.' });
  expect(status.queue.pending).toBe(2);
  await openQueue(page);
  await expect(toolbarStatus).toHaveText('‖ paused by the operator');
  await expect(page.getByTestId('status-sync')).toHaveText('‖ paused by the operator');
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 2$/);
  expect((await call('reels.show', { reelId, refresh: false })).labels.map((l) => [l.position, l.state, l.serviceId])).toEqual([
    [1, 'queued', null],
    [2, 'queued', null],
  ]);

  // Resume: the queue drains, with the two enrollments done.
  await page.getByRole('button', { name: 'Resume sync' }).click();
  await expect(toolbarStatus).toHaveText('▶ running');
  await expect(page.getByTestId('status-sync')).toHaveText('▶ sending when online');
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${doneBefore + 2}$`));
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  expect((await call('station.status', {})).sync.paused).toBe(false);
  const labels = (await call('reels.show', { reelId, refresh: false })).labels;
  expect(labels.map((l) => l.state)).toEqual(['enrolled', 'enrolled']);
  expect(labels.every((l) => l.serviceId !== null)).toBe(true);
  await screenshot(page, 'queue-resumed');
});

test('a long queue shows 100 operations at a time, what waits before what was sent, and 100 more on asking', async ({ page }) => {
  test.setTimeout(180_000);
  // Some history first: a Reel and one Label sent.
  const { reelId } = await call('reels.create', { name: 'Long queue reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'QR', value: 'LONG-1' }] });
  await call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  // Then 150 imported Labels held by a pause.
  await call('sync.pause', {});
  const rows = Array.from({ length: 150 }, (_, i) => `${i + 2},LONG-${i + 2}`);
  expect((await call('labels.import', { reelId, csv: `position,qr\n${rows.join('\n')}\n` })).queued).toBe(150);
  const counts = (await call('station.status', {})).queue;
  const total = counts.pending + counts.sending + counts.done + counts.attention + counts.discarded;

  await openQueue(page);
  const table = page.getByRole('table', { name: 'Operations' });
  const rowsShown = table.locator('tbody tr');
  await expect(rowsShown).toHaveCount(100);
  // What waits comes first, oldest first: the import's first rows, not the Reel sent long ago.
  await expect(rowsShown.first().getByTestId('queue-what')).toHaveText('Enroll Label at position 2 of Reel “Long queue reel”');
  await expect(rowsShown.nth(99).getByTestId('queue-what')).toHaveText('Enroll Label at position 101 of Reel “Long queue reel”');
  const more = page.getByTestId('queue-more');
  await expect(more).toContainText(`Showing 100 of ${total}.`);
  await screenshot(page, 'queue-long-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'queue-long-1920');
  await page.setViewportSize({ width: 1366, height: 768 });

  await more.getByRole('button', { name: `Show ${Math.min(100, total - 100)} more` }).click();
  await expect(rowsShown).toHaveCount(Math.min(200, total));
  // The rest of the pending, then what was sent, newest first.
  await expect(rowsShown.nth(149).getByTestId('queue-what')).toHaveText('Enroll Label at position 151 of Reel “Long queue reel”');
  await expect(rowsShown.nth(150).getByTestId('queue-what')).toHaveText('Enroll Label at position 1 of Reel “Long queue reel”');
  await expect(rowsShown.nth(150)).toContainText('done');

  // A filter starts again at 100.
  await page.getByLabel('Show').selectOption('pending');
  await expect(rowsShown).toHaveCount(100);
  await expect(more).toContainText('Showing 100 of 150.');
  // The status bar's count follows the drain as it goes (queue.progress), to nothing left to send.
  await expect(page.getByTestId('status-queue-short')).toHaveText('150 to send · 0 attention');
  await page.getByRole('button', { name: 'Resume sync' }).click();
  await expect(page.getByTestId('status-queue-short')).toHaveText('0 to send · 0 attention', { timeout: 120_000 });
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${total}$`));
});
