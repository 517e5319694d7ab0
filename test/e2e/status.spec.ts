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
  await expect(page.getByTestId('status-service')).toHaveText(status.profile ? status.profile.name : 'Not connected');
  await expect(page.getByTestId('status-queue-short')).toHaveText(
    `${status.queue.pending + status.queue.sending} to send · ${status.queue.attention} attention`,
  );
  // The data folder, the token and every count are in the Details popover.
  const details = page.getByRole('dialog', { name: 'Station details' });
  await expect(details).toBeHidden();
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(details).toBeVisible();
  await expect(details.getByTestId('status-data-dir')).toBeVisible();
  await expect(page.getByTestId('status-version')).toHaveText(status.version);
  await expect(page.getByTestId('status-data-dir')).toHaveText(status.dataDir);
  await expect(page.getByTestId('status-queue')).toHaveText(
    `pending ${status.queue.pending} · sending ${status.queue.sending} · done ${status.queue.done} · attention ${status.queue.attention}`,
  );
  await expect(page.getByTestId('status-token')).toHaveText(status.tokenExpiresAt ? /^expires / : 'none yet');
  await expect(page.getByTestId('status-online')).toHaveText(new RegExp(`${status.online.replace('_', ' ')}$`));
  await expect(page.getByTestId('status-profile')).toHaveText(status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : 'Not connected');
  await page.screenshot({ path: 'test-results/e2e/screens/status.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the status bar is one line at ${viewport.width}×${viewport.height}, and its Details open and close from the keyboard`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(served.ready.url);
    const bar = page.getByRole('banner');
    await expect(bar.getByTestId('status-online')).toBeVisible();
    // Every term and the Details button sit on one line (their centres within 4 px).
    const tops = await bar.evaluate((header) =>
      [...header.querySelectorAll('.status-list > div, .status-details-button')].map((e) =>
        Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2),
      ),
    );
    expect(tops.length).toBeGreaterThan(4);
    expect(Math.max(...tops) - Math.min(...tops), `centres ${tops.join(', ')}`).toBeLessThanOrEqual(4);
    expect(await bar.evaluate((header) => header.scrollWidth <= header.clientWidth)).toBe(true);
    // The data path is not on the bar; Tab reaches Details, Enter opens it, Escape closes it.
    await expect(page.getByTestId('status-data-dir')).toBeHidden();
    const button = page.getByRole('button', { name: 'Details' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('status-data-dir')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('status-data-dir')).toBeHidden();
  });
}

test('without the token the page is refused', async ({ page }) => {
  const origin = new URL(served.ready.url).origin;
  const response = await page.goto(`${origin}/`);
  expect(response?.status()).toBe(401);
  await expect(page.getByText('STATION_UNAUTHORIZED')).toBeVisible();
});
