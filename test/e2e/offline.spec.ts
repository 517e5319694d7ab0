import { expect, test } from '@playwright/test';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// The service stops; the bench keeps enrolling (the Labels queue locally); the
// service comes back on the same address; the queue drains to zero with progress.

type SandboxReady = { ready: true; baseUrl: string; orgId: string; teamId: string; apiKey: string };

const COUNT = 10;
const sandboxDir = tempDir('station-ui-offline-');
let sandbox: Started<SandboxReady>;
let station: ServedStation;

const startSandbox = (port: string) =>
  startWithReadyLine<SandboxReady>(process.execPath, ['bin/sandbox.mjs', '--port', port, '--data', sandboxDir.path], { timeoutMs: 60_000 });

test.beforeAll(async () => {
  sandbox = await startSandbox('0');
  station = await serveStation();
});
test.afterAll(async () => {
  await station?.stop();
  await sandbox?.stop();
  sandboxDir.remove();
});

test('enroll while the service is down; the queue drains when it is back', async ({ page }) => {
  test.setTimeout(180_000);
  const { baseUrl, apiKey, orgId, teamId } = sandbox.ready;
  await station.call('profiles.connect', { kind: 'remote', name: 'Shop', baseUrl, apiKey, orgId, teamId });
  const { reelId } = await station.call('reels.create', { name: 'Offline reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

  await sandbox.stop();
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  for (let p = 1; p <= COUNT; p += 1) {
    await expect(page.getByTestId('bench-position')).toHaveText(String(p));
    await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1OFF-${p}` });
  }
  await expect(page.getByTestId('bench-session-count')).toHaveText(String(COUNT));

  await openScreen(page, 'Queue');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('status-online')).toContainText('offline', { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-pending')).toHaveText(new RegExp(`pending ${COUNT}$`));
  await screenshot(page, 'queue-offline');

  sandbox = await startSandbox(new URL(baseUrl).port);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 90_000 });
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${COUNT + 1}$`));
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('value', String(COUNT + 1));
  await expect(page.getByTestId('status-online')).toContainText('online');
  await screenshot(page, 'queue-drained');
});
