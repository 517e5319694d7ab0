import { expect, test } from '@playwright/test';
import { screenshot } from '../helpers/e2e/station';
import { twoBenches } from '../helpers/e2e/other-bench';

// Two benches on one service (docs/sync.md, "Benches sharing a Reel"): this station serves the UI on the embedded
// sandbox; another station (its own data folder, the CLI) connects to that same sandbox as a remote service,
// creates a Reel and enrolls on it. The UI opens the Reel from the service and its map marks those Labels as
// enrolled elsewhere; a Label the other station enrolls later appears on the map while it is shown.

const shop = twoBenches('shared-reel-e2e-');
const { open } = shop;
const otherStation = shop.other;

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`open a Reel from the service; Labels another station enrolls show on its map as enrolled elsewhere (${width}×${height})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const name = `Shop floor reel ${width}`;
    // The other bench (connected to this station's sandbox with the same key before the first test) creates the Reel and enrolls two Labels.
    const { reelId: otherReel } = (await otherStation('reel', 'create', '--name', name, '--expect', 'TEXT=1')) as { reelId: string };
    for (const p of [1, 2]) await otherStation('enroll', '--reel', otherReel, '--position', String(p), '--text', `OTHER-${width}-${p}`);
    await otherStation('sync', '--until-idle', '--timeout', '60');

    await open(page, 'reels');
    const card = page.getByRole('region', { name: 'Open a Reel from the service' });
    await card.getByLabel('Name on the service').fill(name);
    await card.getByRole('button', { name: 'Search the service' }).click();
    const found = card.getByRole('table', { name: 'Reels on the service' });
    await expect(found.getByRole('row', { name: new RegExp(name) })).toContainText('2');
    await screenshot(page, `shared-reel-find-${width}`);
    await card.getByRole('button', { name: `Open ${name} from the service` }).click();

    // The Reel map of the opened Reel: both Labels, marked as enrolled elsewhere. Opening it from the service and
    // drawing its map are slow on a busy machine, not wrong (docs/testing.md, at its top).
    await expect(page.getByRole('heading', { name: `Reel map: ${name}` })).toBeVisible({ timeout: 30_000 });
    const grid = page.getByTestId('reel-map-grid');
    await expect(grid.getByRole('gridcell', { name: 'Position 1: enrolled, enrolled by another bench or app' })).toBeVisible({ timeout: 30_000 });
    await expect(grid.getByRole('gridcell', { name: 'Position 2: enrolled, enrolled by another bench or app' })).toBeVisible();
    await expect(page.getByTestId('legend-elsewhere')).toContainText('2');

    // The other bench enrolls position 3; the map shows it without a reload.
    await otherStation('enroll', '--reel', otherReel, '--position', '3', '--text', `OTHER-${width}-3`);
    await otherStation('sync', '--until-idle', '--timeout', '60');
    await expect(grid.getByRole('gridcell', { name: 'Position 3: enrolled, enrolled by another bench or app' })).toBeVisible({ timeout: 40_000 });
    await expect(page.getByTestId('reel-refreshed-at')).toBeVisible();
    await screenshot(page, `shared-reel-map-${width}`);

    // Opened on the Reels list too.
    await open(page, 'reels');
    await expect(page.getByRole('table', { name: 'Reels' }).getByRole('rowheader', { name })).toBeVisible();
  });
}
