import { expect, test } from '@playwright/test';
import { StationStatus } from '../../src-shared/ipc';
import { runStation } from '../helpers/cli';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

type Ready = { ready: true; url: string; token: string };

const dir = tempDir('station-e2e-');
let served: Started<Ready>;

test.beforeAll(async () => {
  served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', '--data', dir.path, 'serve', '--port', '0']);
});
test.afterAll(async () => {
  await served.stop();
  dir.remove();
});

test('the UI shows the live station status, the same as `station --json status`', async ({ page }) => {
  expect(served.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  await page.goto(served.ready.url);
  await expect(page.getByRole('heading', { name: 'Enrollment station' })).toBeVisible();
  const statusList = page.getByRole('definition');
  await expect(statusList.first()).toBeVisible();

  const cli = runStation(['--data', dir.path, '--json', 'status']);
  expect(cli.code).toBe(0);
  const status = StationStatus.parse(cli.json());
  await expect(page.getByTestId('status-version')).toHaveText(status.version);
  await expect(page.getByTestId('status-data-dir')).toHaveText(status.dataDir);
  await expect(page.getByTestId('status-queue')).toHaveText(
    `pending ${status.queue.pending} · sending ${status.queue.sending} · done ${status.queue.done} · attention ${status.queue.attention}`,
  );
  await expect(page.getByTestId('status-token')).toHaveText(status.tokenExpiresAt ? /^expires / : 'none yet');
  await expect(page.getByTestId('status-online')).toHaveText(new RegExp(`${status.online.replace('_', ' ')}$`));
  await expect(page.getByTestId('status-profile')).toHaveText(status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : 'Not connected');
  await page.screenshot({ path: 'test-results/e2e/screens/status.png', fullPage: true });
});

test('without the token the page is refused', async ({ page }) => {
  const origin = new URL(served.ready.url).origin;
  const response = await page.goto(`${origin}/`);
  expect(response?.status()).toBe(401);
  await expect(page.getByText('STATION_UNAUTHORIZED')).toBeVisible();
});
