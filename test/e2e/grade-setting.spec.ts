import { expect, test } from '@playwright/test';
import { captureGraded } from '../helpers/e2e/graded-label';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// A Reel's lowest accepted print grade end to end (docs/print-quality.md, "A grade per Label"): set on the Reel map,
// then at the Bench a capture graded below it says, under its grade chip, that the save will refuse it, and the save
// is refused in words (PRINT_GRADE_LOW) with nothing kept. The capture's QR is printed grey on grey (dark 165 on light
// 220, a fading ribbon): low contrast, D, below C.

let station: ServedStation;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
});

test('the Reel refuses Labels below its accepted grade: set on the map, said at the Bench, refused on save', async ({ browser }) => {
  test.setTimeout(180_000);
  const origin = `${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}`;
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    const { reelId } = await station.call('reels.create', { name: `Grey ribbon ${size.width}`, expectedIdentifiers: [{ tagType: 'SVC', count: 1 }] });
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${origin}#/reelMap?reel=${encodeURIComponent(reelId)}`);
    const form = page.getByTestId('grade-setting-form');
    await form.getByText('Print quality accepted').click();
    await expect(form.getByLabel('Lowest grade accepted')).toHaveValue('C');
    await expect(form.getByLabel('A Label below it is')).toHaveValue('flag');
    await form.getByLabel('A Label below it is').selectOption('refuse');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByTestId('grade-setting-saved')).toHaveText('Saved: lowest grade C; a Label below it is refused (reprint it and capture it again).');
    expect(await station.call('grades.getSetting', { reelId })).toEqual({ minGrade: 'C', below: 'refuse' });

    await page.goto(`${origin}#/bench?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByTestId('bench-position')).toHaveText('1', { timeout: 30_000 });
    const still = await captureGraded(station, 700 + size.width, 165);
    expect(still.grades?.[0]?.grade).toBe('D');
    await expect(page.getByTestId('grade-chip')).toHaveText(/^D [01]\.\d: low contrast$/, { timeout: 30_000 });
    const below = page.getByTestId('grade-below');
    await expect(below).toHaveAttribute('data-below', 'refuse');
    await expect(below).toHaveText('Below this Reel’s lowest accepted grade C: the Label will be refused. Reprint it and capture it again.');
    // The complete Label is saved at once, and refused in words.
    await expect(page.getByText('The print grade of position 1 is D, below this Reel’s lowest accepted grade C.')).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `test-results/e2e/screens/bench-grade-refused-${size.width}x${size.height}.png`, fullPage: true });
    const shown = await station.call('reels.show', { reelId });
    expect(shown.labels.find((l) => l.position === 1)).toBeUndefined();
    await page.close();
  }
});
