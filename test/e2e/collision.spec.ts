import { expect, test } from '@playwright/test';
import { serviceReelLabels } from '../helpers/e2e/service';
import { screenshot } from '../helpers/e2e/station';
import { twoBenches } from '../helpers/e2e/other-bench';
import { wedgeScan } from '../helpers/e2e/wedge';

// A collision told at the Bench at once and settled on the Queue screen by what was printed (docs/sync.md, "Settling a
// collision"). This station serves the UI on the embedded sandbox and holds the print data of a 40-Label Reel; another
// station (its own data folder, the CLI) connected to the same sandbox enrolls a wrong Label at position 16 while this
// bench's sending is paused. The Bench saves the printed Label 16 with the keyboard wedge; when sending resumes the
// service refuses it (the position is held), and the Bench says so at once. The Queue compares both Labels with the
// print data, offers to archive the other one behind a confirmation naming it and its values, and sends ours to 16.

const shop = twoBenches('collision-e2e-');
const { open } = shop;
const otherStation = shop.other;

const serial = (tag: string, p: number) => `W${tag}-${String(p).padStart(6, '0')}`;

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`a collision is told at the Bench at once and settled on the Queue by what was printed (${width}×${height}, ${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height });
      await shop.station.call('station.language', { language: lang });
      const tag = `${width}${lang}`;
      const name = `Job 4711 wine labels ${tag}`;
      const { reelId } = await shop.station.call('reels.create', { name, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
      const csv = ['position,text', ...Array.from({ length: 40 }, (_, n) => `${n + 1},${serial(tag, n + 1)}`)].join('\n');
      await shop.station.call('labels.import', { reelId, csv, expectedOnly: true });
      await shop.station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
      const { serviceId } = await shop.station.call('reels.show', { reelId });
      if (!serviceId) throw new Error('the Reel is not on the service');

      // This bench's sending waits; the other bench opens the Reel and enrolls its own (wrong) Label at 16.
      await shop.station.call('sync.pause', {});
      const { reelId: otherReel } = (await otherStation('reel', 'open', serviceId)) as { reelId: string };
      await open(page, `bench?reel=${reelId}&position=16`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const position = page.getByTestId('bench-position');
      await expect(position).toHaveText('16');
      await wedgeScan(page, serial(tag, 16));
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'SAVED');
      await otherStation('enroll', '--reel', otherReel, '--position', '16', '--text', `B-OWN-${tag}`);
      await otherStation('sync', '--until-idle', '--timeout', '60');

      // Sending resumes: the service refuses position 16, and the Bench says so at once, with the warning tone.
      const sounds = Number(await page.getByTestId('bench').getAttribute('data-sound-count'));
      await shop.station.call('sync.resume', {});
      const notice = page.getByTestId('bench-attention');
      await expect(notice).toBeVisible({ timeout: 30_000 });
      await expect(notice.getByTestId('bench-attention-item')).toHaveAttribute('data-position', '16');
      await expect(notice).toContainText('16');
      await expect(notice).toContainText('STATION_POSITION_TAKEN');
      await expect(page.getByTestId('bench')).toHaveAttribute('data-last-sound', 'warning');
      // "Position 16 saved." does not stand beside it.
      await expect(page.getByTestId('bench-feedback')).not.toHaveAttribute('data-code', 'SAVED');
      expect(Number(await page.getByTestId('bench').getAttribute('data-sound-count'))).toBeGreaterThan(sounds);
      await screenshot(page, `collision-bench-notice-${width}-${lang}`);

      // The notice leads to the Queue: both Labels against the print data of 16; ours belongs there.
      await notice.getByRole('link').click();
      const collision = page.getByTestId('collision');
      await expect(collision).toHaveAttribute('data-verdict', 'ours', { timeout: 30_000 });
      await expect(collision).toContainText(serial(tag, 16));
      await expect(collision).toContainText(`B-OWN-${tag}`);
      await expect(collision.getByTestId('collision-side')).toHaveCount(2);
      await expect(collision.getByTestId('collision-side').nth(0)).toHaveAttribute('data-check', 'match');
      await expect(collision.getByTestId('collision-side').nth(1)).toHaveAttribute('data-check', 'mismatch');
      // The comparison and its offer fit the window, German words included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `collision-queue-${width}-${lang}`);

      // The offer asks first, naming the other Label and its values; cancelling changes nothing.
      const theirs = (await serviceReelLabels(shop.station, serviceId)).find((l) => l.position === 16)!;
      const offer = page.getByTestId('collision-offer');
      await expect(offer).toHaveAttribute('data-offer', 'archiveTheirs');
      await offer.click();
      const dialog = page.getByTestId('confirm-dialog');
      await expect(dialog).toBeVisible();
      // Their Label by where it is and what it carries, never by its id (docs/glossary.md).
      await expect(dialog).not.toContainText(theirs.compositeTagId);
      await expect(dialog).toContainText(/position 16/i);
      await expect(dialog).toContainText(`B-OWN-${tag}`);
      await expect(dialog).toContainText(`${name} (set aside)`);
      await screenshot(page, `collision-dialog-${width}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect((await serviceReelLabels(shop.station, serviceId)).find((l) => l.position === 16)?.compositeTagId).toBe(theirs.compositeTagId);

      await offer.click();
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('queue-settled')).toBeVisible();
      await expect(page.getByTestId('queue-settled')).toContainText('16');
      // The service holds this bench's Label at 16; nothing went past the Reel's 40 positions.
      await expect
        .poll(
          async () => {
            const labels = await serviceReelLabels(shop.station, serviceId);
            return [labels.find((l) => l.position === 16)?.members?.map((m) => m.value), Math.max(...labels.map((l) => l.position))];
          },
          { timeout: 60_000 },
        )
        .toEqual([[serial(tag, 16)], 16]);
      await expect(page.getByTestId('collision')).toHaveCount(0);
      await screenshot(page, `collision-settled-${width}-${lang}`);
      // Back at the Bench, the notice ended with its cause: the collision is settled.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: lang === 'de' ? 'Arbeitsplatz' : 'Bench', exact: true })
        .click();
      await expect(page.getByTestId('bench-position')).toBeVisible();
      await expect(page.getByTestId('bench-attention')).toHaveCount(0, { timeout: 30_000 });
    });
  }
}
