import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serviceReelLabels } from '../helpers/e2e/service';
import { runStationAsync } from '../helpers/peer';
import { screenshot } from '../helpers/e2e/station';
import { twoBenches } from '../helpers/e2e/other-bench';
import { wedgeScan } from '../helpers/e2e/wedge';

// A settled collision leaves the Reel whole, and every bench knows (docs/sync.md, "Settling a collision", "Every bench
// knows"). This station serves the UI on the embedded sandbox; the other bench (its own data folder, the CLI) holds the
// same print data of a 40-Label Reel. The other bench's Label at 16 carries what was printed for 17: this bench's
// Queue says so, and the settle dialog names where it goes (17); after it, the Bench takes the next Label. Then the
// other bench settles a collision against this bench's Label at 20 (it carries 21's values): this bench's Queue tells it
// in words at its next read of the Reel, and its map keeps 20's print data.

const shop = twoBenches('settle-e2e-');
const { open } = shop;
const otherStation = shop.other;

const serial = (tag: string, p: number) => `S${tag}-${String(p).padStart(6, '0')}`;

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`the settle names where theirs goes, the Bench goes on, and the other bench's settle is told here (${width}×${height}, ${lang})`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height });
      await shop.station.call('station.language', { language: lang });
      const tag = `${width}${lang}`;
      const name = `Wine 7 ${tag}`;
      const { reelId } = await shop.station.call('reels.create', { name, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
      const csv = ['position,text', ...Array.from({ length: 40 }, (_, n) => `${n + 1},${serial(tag, n + 1)}`)].join('\n');
      await shop.station.call('labels.import', { reelId, csv, expectedOnly: true });
      await shop.station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
      const { serviceId } = await shop.station.call('reels.show', { reelId });
      if (!serviceId) throw new Error('the Reel is not on the service');
      const file = join(shop.otherDir, `print-${tag}.csv`);
      writeFileSync(file, csv);
      const { reelId: otherReel } = (await otherStation('reel', 'open', serviceId, '--print-data', file)) as { reelId: string };

      // This bench's sending waits while it saves the printed Label 16; the other bench's Label 16 carries 17's values.
      await shop.station.call('sync.pause', {});
      await open(page, `bench?reel=${reelId}&position=16`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('bench-position')).toHaveText('16');
      await wedgeScan(page, serial(tag, 16));
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'SAVED');
      await otherStation('enroll', '--reel', otherReel, '--position', '16', '--text', serial(tag, 17), '--accept-mismatch');
      await otherStation('sync', '--until-idle', '--timeout', '60');
      await shop.station.call('sync.resume', {});
      await expect(page.getByTestId('bench-attention')).toBeVisible({ timeout: 30_000 });

      // The Queue: what waits is said as it is (one needs you), theirs was printed for 17, and it goes there.
      await open(page, 'queue');
      const collision = page.getByTestId('collision');
      await expect(collision).toHaveAttribute('data-verdict', 'ours', { timeout: 30_000 });
      await expect(page.getByTestId('queue-needs-you')).toContainText('1');
      await expect(collision.getByTestId('collision-printed-for')).toHaveAttribute('data-printed-for', '17');
      await expect(collision.getByTestId('collision-goes-to')).toContainText('17');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `settle-queue-${width}-${lang}`);
      await page.getByTestId('collision-offer').click();
      const dialog = page.getByTestId('confirm-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/16/);
      await expect(dialog).toContainText(/17/);
      await expect(dialog).toContainText(`${name} (set aside)`);
      await expect(dialog.getByTestId('confirm-dialog-confirm')).toContainText('17');
      await screenshot(page, `settle-dialog-${width}-${lang}`);
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('queue-settled')).toContainText('17');
      await expect(page.getByTestId('queue-needs-you')).toHaveCount(0, { timeout: 60_000 });
      await expect
        .poll(
          async () => {
            const labels = await serviceReelLabels(shop.station, serviceId);
            return [16, 17].map((p) => labels.find((l) => l.position === p)?.members?.map((m) => m.value));
          },
          { timeout: 60_000 },
        )
        .toEqual([[serial(tag, 16)], [serial(tag, 17)]]);
      await screenshot(page, `settle-settled-${width}-${lang}`);

      // The Bench goes on: 17 holds the other bench's Label, 18 takes its printed Label.
      await open(page, `bench?reel=${reelId}&position=18`);
      await expect(page.getByTestId('bench-position')).toHaveText('18');
      await wedgeScan(page, serial(tag, 18));
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'SAVED');
      await shop.station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

      // The other way: this bench's Label at 20 carries 21's values; the other bench settles it to 21.
      await shop.station.call('labels.enroll', { reelId, position: 20, identifiers: [{ tagType: 'TEXT', value: serial(tag, 21) }], acceptMismatch: true });
      await shop.station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
      await otherStation('enroll', '--reel', otherReel, '--position', '20', '--text', serial(tag, 20));
      // Both exit 3 (an item needs attention), so the CLI is run as is.
      await runStationAsync(['--data', shop.otherDir, '--json', 'sync', '--until-idle', '--timeout', '60']);
      const { items } = (await runStationAsync(['--data', shop.otherDir, '--json', 'queue', '--state', 'attention'])).json() as { items: { opId: string }[] };
      await otherStation('queue', 'settle', items[0]!.opId, '--archive-theirs', '--confirm');
      await otherStation('sync', '--until-idle', '--timeout', '60');

      // This bench reads the Reel again (its map does every 15 s): the map keeps 20's print data, and the Queue tells it.
      await open(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
      await shop.station.call('reels.show', { reelId, refresh: true });
      await screenshot(page, `settle-map-${width}-${lang}`);
      // Said beyond the Queue too: its nav entry counts it, and the Bench on this Reel says it in a line that leads there.
      await expect(page.getByTestId('nav-queue-notices')).toHaveText('↪ 1', { timeout: 30_000 });
      await open(page, `bench?reel=${reelId}&position=22`);
      await expect(page.getByTestId('bench-position')).toHaveText('22');
      await expect(page.getByTestId('bench-taken-elsewhere')).toHaveText(
        lang === 'en'
          ? '↪ Another bench took 1 of your Labels on this Reel off its position. See them in the Queue'
          : '↪ Ein anderer Arbeitsplatz hat 1 Ihrer Labels auf dieser Rolle von seiner Position genommen. In der Warteschlange ansehen',
      );
      await expect(page.getByTestId('nav-queue-notices')).toHaveAttribute(
        'aria-label',
        lang === 'en' ? '1 of your Labels taken by another bench' : '1 Ihrer Labels von einem anderen Arbeitsplatz genommen',
      );
      await screenshot(page, `settle-bench-notice-${width}-${lang}`);
      await page.getByTestId('bench-taken-elsewhere').getByRole('link').click();
      await expect(page.getByTestId('queue-notices')).toBeVisible();
      await open(page, 'queue');
      const notice = page.getByTestId('queue-notice').filter({ hasText: name });
      await expect(notice).toHaveAttribute('data-position', '20', { timeout: 30_000 });
      await expect(notice).toContainText('21');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `settle-notice-${width}-${lang}`);
      await page.getByTestId('queue-notices-seen').click();
      await expect(page.getByTestId('queue-notices')).toHaveCount(0);
      await expect(page.getByTestId('nav-queue-notices')).toHaveCount(0);
      // The report says it too, beside the saves.
      await open(page, `report?reel=${encodeURIComponent(reelId)}`);
      await expect(page.getByTestId('report-taken-elsewhere')).toContainText('1');
      await screenshot(page, `settle-report-${width}-${lang}`);
      const shown = await shop.station.call('reels.show', { reelId });
      const at20 = shown.labels.find((l) => l.position === 20);
      expect([at20?.origin, at20?.expected]).toEqual(['elsewhere', { TEXT: serial(tag, 20) }]);
      expect(shown.labels.filter((l) => l.expected !== null)).toHaveLength(40);
    });
  }
}
