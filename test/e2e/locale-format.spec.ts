import { expect, test, type Page } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';

// docs/architecture.md, "Renderer": numbers, sizes and dates follow the station's UI language, not the browser's (Chromium here speaks
// en-US). German Settings said "20,194,186 Labels übrig"; the Label's history showed US dates. Each is read here in
// English and in German (src-renderer/src/components/format.ts, the catalogs' {{n, number}}).

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'Locale reel' }));
  await station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'LOC-0001' }] });
});
test.afterAll(async () => {
  await station?.stop();
});

async function language(page: Page, code: 'en' | 'de'): Promise<void> {
  await station.call('station.language', { language: code });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test('Settings, the status bar and a Label’s history write numbers, sizes and dates in the UI language', async ({ page }) => {
  // Thousands of Labels fit on the disk, so the count has a group separator to show.
  const status = await station.call('station.status', {});
  expect(status.disk?.labelsLeft ?? 0).toBeGreaterThanOrEqual(1000);
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  const storage = page.getByTestId('storage-now');

  await language(page, 'en');
  await expect(storage).toHaveText(/ · about \d{1,3}(,\d{3})+ Labels left$/);
  await expect(storage).toHaveText(/disk: \d+(\.\d)?\s[kMGT]?B free of \d+(\.\d)?\s[kMGT]?B/);
  await expect(page.getByTestId('settings-aql').locator('option[value="1.5"]')).toHaveText('1.5');

  await language(page, 'de');
  await expect(storage).toHaveText(/ · etwa \d{1,3}(\.\d{3})+ Labels übrig$/);
  await expect(storage).toHaveText(/Festplatte: \d+(,\d)?\s[kMGT]?B(yte)? frei von \d+(,\d)?\s[kMGT]?B(yte)?/);
  await expect(page.getByTestId('status-disk')).toHaveText(/^\d+(,\d)?\s[kMGT]?B(yte)? frei$/);
  await expect(page.getByTestId('settings-aql').locator('option[value="1.5"]')).toHaveText('1,5');
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/e2e/screens/settings-numbers-de-${size.width}.png`, fullPage: true });
  }

  // A Label's history: its dates as German writes them (26.11.2026, 14:05), not the browser's (11/26/2026, 2:05:00 PM).
  await expect.poll(async () => (await station.call('station.status', {})).queue.pending, { timeout: 30_000 }).toBe(0);
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reelMap?reel=${encodeURIComponent(reelId)}`);
  await page.getByRole('gridcell', { name: /^Position 1: / }).click();
  const history = page.getByTestId('label-history');
  await expect(history.locator('time').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect(history.getByTestId('label-attempt').first().locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await language(page, 'en');
  await page.getByRole('gridcell', { name: /^Position 1: / }).click();
  await expect(history.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
});
