import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startLockHolder, type LockHolder } from '../helpers/sync-lock';
import { tempDir } from '../helpers/tmp';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// One sender per data folder (src-main/sync/README.md): while another process holds the sync lock,
// the status bar and the Queue screen say who sends (its pid, or "another station process" when
// its pid file cannot be read); once it lets go, `station serve` takes over and says it sends.

const dir = tempDir('station-ui-other-sender-');
let holder: LockHolder | undefined;
let station: ServedStation | undefined;

test.afterAll(async () => {
  await station?.stop();
  await holder?.kill();
  dir.remove();
});

test('the UI names the other sender, without a pid when it is unknown, and shows the handover', async ({ page }) => {
  test.setTimeout(120_000);
  holder = await startLockHolder(dir.path);
  expect(holder.ready.held).toBe(true);
  station = await serveStation({ dataDir: dir.path });
  const { ready } = station.served;
  const queueUrl = `${new URL(ready.url).origin}/?token=${ready.token}#/queue`;

  await page.goto(queueUrl);
  await expect(page.getByRole('heading', { name: 'Queue', level: 2 })).toBeVisible();
  await expect(page.getByTestId('status-sync')).toHaveText(`sent by station process ${holder.ready.pid}`);
  await expect(page.getByTestId('queue-other-sender')).toHaveText(
    `Another station process (pid ${holder.ready.pid}) is sending this queue; this window sends again when it stops.`,
  );

  // The holder's pid file unreadable: still another sender, named without a pid.
  writeFileSync(join(dir.path, 'sync.lock.pid'), 'garbled');
  await page.reload();
  await expect(page.getByTestId('status-sync')).toHaveText('sent by another station process');
  await expect(page.getByTestId('queue-other-sender')).toHaveText('Another station process is sending this queue; this window sends again when it stops.');

  // It lets go: the served station takes over in the background, and the page says so by itself.
  holder.send('release');
  expect(await holder.next()).toEqual({ released: true });
  await expect(page.getByTestId('status-sync')).toHaveText('▶ sending when online', { timeout: 30_000 });
  await expect(page.getByTestId('queue-other-sender')).toHaveCount(0);
  expect((await station.call('station.status', {})).sync).toMatchObject({ otherSender: false, otherSenderPid: null });
});
