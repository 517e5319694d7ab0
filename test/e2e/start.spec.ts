import { expect, test } from '@playwright/test';
import { StationStatus } from '../../src-shared/ipc';
import { runStation } from '../helpers/cli';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

// `npm start` (README, "Two commands"): on a machine where the Electron binary cannot be downloaded, `npm start`
// says so in one line and serves the same station in the web host; Chromium at that URL shows
// the live status. The download is made to fail for certain (an unreachable mirror), so this
// holds on a machine with internet too.

type Ready = { ready: true; url: string; token: string };

const dir = tempDir('station-start-');
let started: Started<Ready>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  started = await startWithReadyLine<Ready>(process.execPath, ['scripts/start.mjs', '--data', dir.path], {
    env: { ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: dir.path },
    timeoutMs: 170_000,
  });
});
test.afterAll(async () => {
  await started?.stop();
  dir.remove();
});

test('npm start without the Electron binary says why in one line and serves the station with its live status', async ({ page }) => {
  const said = started
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('[start] The Electron binary is unavailable'));
  expect(said).toHaveLength(1);
  expect(said[0]).toMatch(/its download failed \(.+\); starting the station in the web host instead/);
  expect(started.stderr()).not.toMatch(/^\s+at /m);

  await page.goto(started.ready.url);
  await expect(page.getByRole('heading', { name: 'Enrollment station' })).toBeVisible();
  const status = StationStatus.parse(runStation(['--data', dir.path, '--json', 'status']).json());
  await expect(page.getByTestId('status-data-dir')).toHaveText(status.dataDir);
  await expect(page.getByTestId('status-version')).toHaveText(status.version);
  await page.screenshot({ path: 'test-results/e2e/screens/npm-start.png', fullPage: true });
});
