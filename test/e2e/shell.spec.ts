import { expect, test } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';

// The shell around the screens (docs/architecture.md, "Renderer"): each screen is its own chunk, loaded when it
// is first opened, and each screen opens at its top.

let station: ServedStation;

test.beforeAll(async () => {
  station = await serveStation();
});
test.afterAll(async () => {
  await station.stop();
});

/** The renderer's scripts the page has fetched so far, by file name. */
async function scriptsLoaded(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name.split('/').pop() ?? '')
      .filter((name) => name.endsWith('.js')),
  );
}

test('a screen’s code is loaded when the screen is first opened, not with the first page', async ({ page }) => {
  await page.goto(station.served.ready.url);
  await expect(page.getByRole('heading', { name: 'Connect to a service', level: 2 })).toBeVisible();
  const first = await scriptsLoaded(page);
  expect(first.some((name) => name.startsWith('ConnectScreen-'))).toBe(true);
  for (const screen of ['DevicesScreen-', 'ReelMapScreen-', 'BenchScreen-', 'SettingsScreen-'])
    expect(
      first.some((name) => name.startsWith(screen)),
      screen,
    ).toBe(false);
  await openScreen(page, 'Devices');
  await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible();
  expect((await scriptsLoaded(page)).some((name) => name.startsWith('DevicesScreen-'))).toBe(true);
});

test('each screen opens at its top, whatever the last screen was scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(station.served.ready.url);
  // Both screens' code loaded once: no "Opening the screen…" in between to shorten the page.
  await openScreen(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await openScreen(page, 'Devices');
  await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await openScreen(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  // Settings is taller than the window too: without the reset the page would have stayed scrolled.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(100);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the Team and the organization by name, on Connect and in the status bar’s Details, never as ids', async ({ page }) => {
  const connected = await station.call('profiles.connect', { kind: 'sandbox' });
  expect([connected.teamName, connected.orgName]).toEqual(['Bench', 'Demo Print Shop']);
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Connect');
  await expect(page.getByTestId('connect-team')).toHaveText('Working as the Team Bench of Demo Print Shop.');
  const saved = page.getByRole('region', { name: 'Saved profiles' }).getByRole('table');
  await expect(saved.getByRole('cell', { name: 'Bench', exact: true })).toBeVisible();
  await expect(saved.getByRole('cell', { name: 'Demo Print Shop', exact: true })).toBeVisible();
  await expect(saved).not.toContainText(connected.teamId ?? 'no team id');
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('status-team')).toHaveText('Bench (Demo Print Shop)');
  // Kept with the profile: a restart of the page (and the list) still has the names.
  const { profiles } = await station.call('profiles.list', {});
  expect(profiles.map((p) => [p.teamName, p.orgName])).toEqual([['Bench', 'Demo Print Shop']]);
});

test('the nav marks the chosen screen at once, busy while its code loads, then shows it', async ({ page }) => {
  // The Settings screen's chunk is held back until the test lets it through: a slow machine, made slow on purpose.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/SettingsScreen-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${station.served.ready.url}#/devices`);
  await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Hover alone starts loading (held back here); the click marks the entry in the same frame.
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  const settings = nav.getByRole('link', { name: 'Settings', exact: true });
  await expect(settings).toHaveAttribute('aria-current', 'page');
  await expect(settings).toHaveAttribute('aria-busy', 'true');
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).not.toHaveAttribute('aria-current', 'page');
  // The last screen stays until the next one is there.
  await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await expect(settings).not.toHaveAttribute('aria-busy', 'true');
});
