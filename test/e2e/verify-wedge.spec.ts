import { expect, test, type Page } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { confirmIfAsked } from '../helpers/e2e/confirm';

// docs/devices.md, "Fitting reads to slots": Verify with a keyboard wedge (no symbology). Correct Labels read TEXT first or QR first pass: each
// read is fitted to its slot by value (src-shared/domain/slot-fit.ts), never shown as "BAR_CODE: …" nor sent under the
// wrong type. A read that fits no slot is named and sent nowhere; a misplaced Label fails naming both positions.

const LOT = 30;
const text = (p: number) => `CHX-${String(p).padStart(7, '0')}`;
const url = (p: number) => `https://wine.example/p/${text(p)}`;

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Wedge verify reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
  await station.call('printRun.generate', { reelId, spec: { count: LOT, prefix: 'CHX-', digits: 7, qr: 'https://wine.example/p/{serial}' }, expected: true });
  for (let p = 1; p <= LOT; p += 1) {
    await station.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'QR', value: url(p) },
        { tagType: 'TEXT', value: text(p) },
      ],
    });
  }
  await expect
    .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.filter((l) => l.state === 'enrolled').length, { timeout: 180_000 })
    .toBe(LOT);
});
test.afterAll(async () => {
  await station?.stop();
});

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

test('wedge reads in any order pass correct Labels; an unfitted read fails nothing; a misplaced Label names both positions', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/verify?reel=${encodeURIComponent(reelId)}`);
  await page.getByLabel('AQL').selectOption('10');
  await page.getByLabel('Seed').fill('7');
  await page.getByRole('button', { name: 'Draw sample' }).click();
  // The sample is drawn once the screen shows its seed: the click only asks for it (read before, it could be none yet).
  await expect(page.getByTestId('verify-seed')).toContainText('seed 7');
  const status = await station.call('verify.status', { reelId });
  const sample = status.verification?.plan.positions ?? [];
  expect(sample.length).toBeGreaterThanOrEqual(3);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reads = page.getByTestId('verify-reads');

  // The first sampled Label: TEXT first. A stray read of nothing known waits aside, and does not fail the sample.
  const [first, second, third] = sample as [number, number, number];
  await expect(page.getByTestId('verify-position')).toHaveText(String(first));
  await wedgeScan(page, text(first));
  await expect(reads).toContainText(`TEXT: ${text(first)}`);
  await expect(reads).toContainText('QR: waiting');
  await expect(reads).not.toContainText('BAR_CODE');
  const stray = text(first === 1 ? 2 : first - 1);
  await wedgeScan(page, stray);
  await expect(page.getByTestId('verify-unfitted')).toHaveText(
    `${stray} was not used: the slot it fits already holds a read. Press “Clear reads” to scan again.`,
  );
  await wedgeScan(page, url(first));
  await expect(page.getByTestId(`sample-${first}`)).toHaveAttribute('data-state', 'pass');
  await expect(page.getByTestId('verify-result')).toContainText(`Position ${first} passed`);

  // The second: QR first.
  await expect(page.getByTestId('verify-position')).toHaveText(String(second));
  await wedgeScan(page, url(second));
  await expect(reads).toContainText(`QR: ${url(second)}`);
  await wedgeScan(page, text(second));
  await expect(page.getByTestId(`sample-${second}`)).toHaveAttribute('data-state', 'pass');

  // The third position holds the Label of another position: it fails naming both.
  const other = third === LOT ? third - 1 : third + 1;
  await expect(page.getByTestId('verify-position')).toHaveText(String(third));
  await wedgeScan(page, url(other));
  await wedgeScan(page, text(other));
  await expect(page.getByTestId(`sample-${third}`)).toHaveAttribute('data-state', 'fail');
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'wrong_position');
  await expect(page.getByTestId('verify-result')).toContainText(`Position ${third} failed: it carries what the service holds at position ${other}.`);
  const after = await station.call('verify.status', { reelId });
  expect(after.verification?.samples.filter((s) => s.state !== 'waiting').map((s) => [s.position, s.state])).toEqual([
    [first, 'pass'],
    [second, 'pass'],
    [third, 'fail'],
  ]);
  await openScreen(page, 'Verify');
  await page.screenshot({ path: 'test-results/e2e/screens/verify-wedge.png', fullPage: true });
});

/** Opens Verify on the Reel and draws a sample (a new check: the confirmation of a new sample is accepted). */
async function drawSample(page: Page, aql: string, seed: string): Promise<number[]> {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/verify?reel=${encodeURIComponent(reelId)}`);
  await page.getByLabel('AQL').selectOption(aql);
  await page.getByLabel('Seed').fill(seed);
  await page.getByRole('button', { name: 'Draw sample' }).click();
  await confirmIfAsked(page, page.getByTestId('verify-seed').filter({ hasText: `seed ${seed}` }));
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-decision', 'pending');
  await expect(page.getByTestId('verify-seed')).toContainText(`seed ${seed}`);
  const status = await station.call('verify.status', { reelId });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return status.verification?.plan.positions ?? [];
}

test('after a rejected lot the screen says what was decided and what to do; a scan then is named and goes nowhere', async ({ page }) => {
  test.setTimeout(120_000);
  // AQL 1.5 on a lot of 30: 8 samples, accept 0, reject 1 (one failure rejects the lot).
  const sample = await drawSample(page, '1.5', '11');
  expect(sample).toHaveLength(8);
  const [first, second, third] = sample as [number, number, number];
  await expect(page.getByTestId('verify-position')).toHaveText(String(first));
  await wedgeScan(page, url(first));
  await wedgeScan(page, text(first));
  await expect(page.getByTestId(`sample-${first}`)).toHaveAttribute('data-state', 'pass');
  // The second sampled position holds another position's Label: the lot is rejected.
  const other = second === LOT ? second - 1 : second + 1;
  await expect(page.getByTestId('verify-position')).toHaveText(String(second));
  await wedgeScan(page, url(other));
  await wedgeScan(page, text(other));
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-decision', 'reject');

  const decided = page.getByTestId('verify-decided');
  await expect(decided).toContainText(`Lot rejected: position ${second} failed.`);
  await expect(decided).toContainText('Set this lot aside: it does not go out as it is. To sample it again, start a new check with “Draw sample”.');
  await expect(page.getByTestId('verify-position')).toHaveCount(0);
  await expect(page.getByText('Scan position')).toHaveCount(0);
  await expect(page.getByTestId(`sample-${third}`)).toBeDisabled();

  // The next sampled Label scanned anyway: named, and not checked.
  await wedgeScan(page, url(third));
  await expect(page.getByTestId('verify-after-verdict')).toHaveText(
    `The check is finished: ${url(third)} was not used. To sample this lot again, start a new check with “Draw sample”.`,
  );
  await wedgeScan(page, text(third));
  await expect(page.getByTestId('verify-after-verdict')).toContainText(text(third));
  const after = await station.call('verify.status', { reelId });
  expect(after.verification?.samples.filter((s) => s.state !== 'waiting').map((s) => [s.position, s.state])).toEqual([
    [first, 'pass'],
    [second, 'fail'],
  ]);
  expect(after.verification?.verdict).toMatchObject({ decision: 'reject', inspected: 2, failed: 1 });

  for (const lang of ['en', 'de'] as const) {
    if (lang === 'de') {
      await station.call('station.language', { language: 'de' });
      await page.reload();
      await expect(decided).toContainText(`Los zurückgewiesen: Position ${second} nicht bestanden.`);
    }
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/e2e/screens/verify-rejected-${lang}-${size.width}.png`, fullPage: true });
    }
  }
});

test('after an accepted lot the screen says so and asks for no scan', async ({ page }) => {
  test.setTimeout(120_000);
  // AQL 1000 on a lot of 30: 3 samples.
  const sample = await drawSample(page, '1000', '5');
  expect(sample).toHaveLength(3);
  for (const p of sample) {
    await expect(page.getByTestId('verify-position')).toHaveText(String(p));
    await wedgeScan(page, text(p));
    await wedgeScan(page, url(p));
    await expect(page.getByTestId(`sample-${p}`)).toHaveAttribute('data-state', 'pass');
  }
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-decision', 'accept');
  await expect(page.getByTestId('verify-decided')).toContainText('Lot accepted: all 3 sampled positions passed.');
  await expect(page.getByTestId('verify-decided')).toContainText('The lot can go on; nothing more to scan.');
  await expect(page.getByTestId('verify-position')).toHaveCount(0);
  await wedgeScan(page, url(sample[0] as number));
  await expect(page.getByTestId('verify-after-verdict')).toContainText('The check is finished');
});
