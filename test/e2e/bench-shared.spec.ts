import { expect, test, type Locator } from '@playwright/test';
import { twoBenches } from '../helpers/e2e/other-bench';
import { wedgeScan } from '../helpers/e2e/wedge';
import { answerConfirm } from '../helpers/e2e/confirm';
import { readResponses } from '../helpers/e2e/responses';

// Benches sharing a Reel (docs/sync.md, "Benches sharing a Reel"): this station serves the UI
// on the embedded sandbox and opens a Reel another station (its own data folder, the CLI) created on that sandbox,
// with this bench's range of positions 3–6. The Bench shows the range and when it last read the Reel; while it shows
// the Reel it reads it again on its own schedule, so a position the other station enrolls is passed by without a
// reload; saving past the range asks first. The Reel map shows the range and the other station's Labels.

const SHOTS = 'test-results/e2e/screens';
const shop = twoBenches('bench-shared-e2e-');
const { open } = shop;
const otherStation = shop.other;

/** The other bench enrolls at `position` and syncs; answers when the service holds it. */
async function otherEnrolls(reelId: string, position: number, text: string): Promise<string> {
  await otherStation('enroll', '--reel', reelId, '--position', String(position), '--text', text);
  await otherStation('sync', '--until-idle', '--timeout', '60');
  return new Date().toISOString();
}

/** The cells at `outside` are shaded as outside this bench's range and named so; those at `inside` are not. */
async function expectOutside(grid: Locator, outside: number[], inside: number[]): Promise<void> {
  for (const p of outside) {
    const cell = grid.getByRole('gridcell', { name: new RegExp(`^Position ${p}: .*, outside this bench’s range$`) });
    await expect(cell).toHaveClass(/\boutside\b/);
    expect(await cell.evaluate((element) => getComputedStyle(element, '::before').backgroundImage)).toContain('repeating-linear-gradient');
  }
  for (const p of inside) {
    const cell = grid.getByRole('gridcell', { name: new RegExp(`^Position ${p}: `) });
    await expect(cell).not.toHaveAccessibleName(/outside/);
    await expect(cell).not.toHaveClass(/\boutside\b/);
  }
}

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`the Bench keeps to its range and passes positions another station enrolls, without a reload (${width}×${height})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const name = `Split reel ${width}`;
    const { reelId: otherReel } = (await otherStation('reel', 'create', '--name', name, '--expect', 'TEXT=1')) as { reelId: string };
    for (const p of [1, 2]) await otherEnrolls(otherReel, p, `OTHER-${width}-${p}`);
    const { serviceId } = (await otherStation('reel', 'show', otherReel)) as { serviceId: string };
    const { reelId } = await shop.station.call('reels.open', { serviceId, positions: { first: 3, last: 6 } });

    // What each read of the Reel carried to the page (docs/sync.md, "Only what changed reaches a screen").
    const watched = readResponses(
      page,
      (response) => response.url().endsWith('/api/station/reels.showChanged'),
      (response) =>
        response.json().then((body: { value: { read: string; labels: unknown[] } }) => ({ read: body.value.read, labels: body.value.labels.length })),
    );
    await open(page, `bench?reel=${reelId}`);
    const position = page.getByTestId('bench-position');
    const feedback = page.getByTestId('bench-feedback');
    const refreshed = page.getByTestId('bench-refreshed-at');
    await expect(page.getByTestId('bench-range')).toHaveText('This bench: positions 3–6');
    await expect(position).toHaveText('3');
    await expect(refreshed).toContainText('Read from the service at');

    // The other bench enrolls the Bench's current position: the Bench moves on at its next read, saying why.
    await otherEnrolls(otherReel, 3, `OTHER-${width}-3`);
    await expect(position).toHaveText('4', { timeout: 40_000 });
    await expect(feedback).toHaveAttribute('data-code', 'TAKEN_ELSEWHERE');
    await expect(feedback).toHaveText('✓Position 3 was just enrolled by another bench or app: on to position 4.');
    // The first read carried the Reel whole, the one that brought position 3 that Label alone.
    const reads = await watched.all();
    await watched.stop();
    expect(reads[0]).toEqual({ read: 'all', labels: 2 });
    expect(reads).toContainEqual({ read: 'since', labels: 1 });
    await page.screenshot({ path: `${SHOTS}/bench-shared-range-${width}.png` });
    // Its lines are spaced by the Bench's gap alone: no blank band above the notices (a paragraph's own margins, which
    // do not collapse in its flex column, left one).
    const bands = await page.getByTestId('bench').evaluate((bench) => {
      const gap = parseFloat(getComputedStyle(bench).rowGap);
      const lines = [...bench.children].filter((e) => e.getBoundingClientRect().height > 0);
      const from = lines.findIndex((e) => e.classList.contains('bench-top'));
      return lines.slice(from + 1).map((e, i) => ({
        line: `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`,
        band: Math.round(e.getBoundingClientRect().top - (lines[from + i] as Element).getBoundingClientRect().bottom - gap),
      }));
    });
    expect(bands.filter((b) => b.band > 1)).toEqual([]);

    // It enrolls the Bench's next position: once the Bench has read the Reel again, saving 4 goes on to 6, not 5.
    const heldAt = await otherEnrolls(otherReel, 5, `OTHER-${width}-5`);
    await expect.poll(async () => ((await refreshed.getAttribute('data-at')) ?? '') > heldAt, { timeout: 40_000 }).toBe(true);
    await wedgeScan(page, `MINE-${width}-4`);
    await expect(feedback).toHaveText('✓Position 4 saved.');
    await expect(position).toHaveText('6');
    await wedgeScan(page, `MINE-${width}-6`);
    await expect(feedback).toHaveText('✓Position 6 saved.');

    // Every position of the range holds a Label: the Bench says so in place of a position past it; a scan there has
    // no position. Going to one past it (F2) and saving there asks first.
    await expect(page.getByTestId('bench-end')).toContainText('All positions 3–6 of this bench’s range enrolled');
    await expect(position).toHaveCount(0);
    await wedgeScan(page, `MINE-${width}-7`);
    await expect(feedback).toHaveAttribute('data-code', 'REEL_DONE');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F2');
    // At a person's pace: keys as fast as a scanner's are a scan.
    await page.keyboard.type('7', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(position).toHaveText('7');
    await wedgeScan(page, `MINE-${width}-7`);
    const asked = [await answerConfirm(page, 'cancel')];
    await expect(feedback).toHaveAttribute('data-code', 'OUTSIDE_RANGE');
    await expect(feedback).toContainText('Not saved: position 7 is outside this bench’s range (positions 3–6)');
    expect(asked).toEqual(['Position 7 is outside this bench’s range (positions 3–6): another bench may enroll there. Save this Label at position 7 anyway?']);
    await page.keyboard.press('Enter');
    await answerConfirm(page, 'confirm');
    await expect(feedback).toHaveText('✓Position 7 saved.');
    // On from 7 is further past the range: the end again, not position 8.
    await expect(page.getByTestId('bench-end')).toContainText('All positions 3–6 of this bench’s range enrolled');
    await expect(position).toHaveCount(0);

    // The Reel map: the range, and the other station's Labels marked as enrolled elsewhere.
    await open(page, `reelMap?reel=${reelId}`);
    await expect(page.getByTestId('reel-map-range')).toHaveText('This bench: positions 3–6');
    const grid = page.getByTestId('reel-map-grid');
    for (const p of [1, 2, 3, 5]) await expect(grid.getByRole('gridcell', { name: `Position ${p}: enrolled, enrolled by another bench or app` })).toBeVisible();
    for (const p of [4, 6, 7]) await expect(grid.getByRole('gridcell', { name: new RegExp(`^Position ${p}: (?!.*another bench)`) })).toBeVisible();
    // The positions outside the range are shaded (a hatching, not only a colour) and say so in their names; the
    // legend names the shading and counts them.
    await expectOutside(grid, [1, 2, 7], [3, 4, 5, 6]);
    await expect(page.getByTestId('legend-outside')).toHaveText('Outside this bench’s range (positions 3–6) 3');
    await page.screenshot({ path: `${SHOTS}/bench-shared-map-range-${width}.png` });

    // The range is set here too: widened, then the whole Reel again.
    const form = page.getByTestId('bench-range-form');
    await form.getByText('This bench’s range').click();
    await expect(form.getByLabel('First position')).toHaveValue('3');
    await form.getByLabel('Last position').fill('10');
    await form.getByRole('button', { name: 'Keep to these positions' }).click();
    await expect(page.getByTestId('reel-map-range')).toHaveText('This bench: positions 3–10');
    await expectOutside(grid, [1, 2], [3, 4, 5, 6, 7]);
    await expect(page.getByTestId('legend-outside')).toHaveText('Outside this bench’s range (positions 3–10) 2');
    await page.screenshot({ path: `${SHOTS}/bench-shared-map-range-form-${width}.png`, fullPage: true });
    await form.getByRole('button', { name: 'The whole Reel' }).click();
    await expect(page.getByTestId('reel-map-range')).toHaveCount(0);
    await expectOutside(grid, [], [1, 2, 3, 4, 5, 6, 7]);
    await expect(page.getByTestId('legend-outside')).toHaveCount(0);
    expect((await shop.station.call('reels.show', { reelId, refresh: false })).benchRange).toBeNull();
  });
}
