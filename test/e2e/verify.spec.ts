import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, expect, test, type Page } from '@playwright/test';
import { samplePositions, samplingPlan } from '../../src-shared/domain/sampling';
import { fakeCameraArgs } from '../helpers/e2e/fake-camera';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { labelFrame } from '../helpers/frames';
import { tempDir } from '../helpers/tmp';

// The quality check end to end (docs/architecture.md, "Renderer", Verify): a Reel of 60 Labels (QR + optical marking) where the Labels at positions
// 17 and 18 were enrolled each with the other's printed QR (scanned out of order). The shift lead sets AQL 1.5 in
// Settings (lot 60 → code letter E, whose arrow leads up to D: 8 samples, accept 0, reject 1) and draws the sample
// with a seed that takes 17 (and not 18). Each sampled position is scanned like at the bench: the Label is put under
// Chromium's fake camera (its Y4M is rewritten; the preview is watched until it shows that Label) and captured with
// Space, its QR is typed by the keyboard wedge. Position 17 fails naming both 17 and 18; the lot is rejected by the
// plan's numbers. The report page then shows the verdict and exports the PDF printed from that page.

const LOT = 60;
const SWAPPED = [17, 18] as const;
const SIZE = { width: 1280, height: 960 };
const qr = (position: number) => `VR-${String(position).padStart(3, '0')}`;
/** A block in the frame's top right corner whose gray tells the test which Label the camera shows. */
const MARK = { left: SIZE.width - 200, top: 40, size: 140 };

// Made in beforeAll: the runner loads this file in more than one process.
let dir: { path: string; remove(): void };
let camera: string;
let station: ServedStation;
let reelId: string;
let seed: number;
let sample: number[];
const gray = new Map<number, number>();
const videos = new Map<number, string>();

/** Label p as printed and photographed: speckle marking, its QR, and the block with its gray. */
async function frame(position: number, level: number): Promise<Buffer> {
  const label = await labelFrame({ seed: 5000 + position, qr: qr(position), ...SIZE, format: 'png' });
  const block = await sharp({ create: { width: MARK.size, height: MARK.size, channels: 3, background: { r: level, g: level, b: level } } })
    .png()
    .toBuffer();
  return sharp(label)
    .composite([{ input: block, left: MARK.left, top: MARK.top }])
    .png()
    .toBuffer();
}

function toY4m(name: string, png: Buffer): string {
  const image = join(dir.path, `${name}.png`);
  const video = join(dir.path, `${name}.y4m`);
  writeFileSync(image, png);
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', image, '-frames:v', '1', '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return video;
}

/**
 * Puts a Label under the fake camera. Chromium keeps the Y4M open and reads the frame from it again and again, so the
 * file is overwritten in place (same size, no truncation: a read never comes up short).
 */
function showLabel(position: number): void {
  writeFileSync(camera, readFileSync(videos.get(position) as string), { flag: 'r+' });
}

/**
 * The gray of the preview's marker block, read from a frame delivered after three more frames (so from a frame the
 * camera read after the file was written), or -1 before the camera delivers frames.
 */
function previewGray(page: Page): Promise<number> {
  return page.evaluate(async ({ left, top, size }) => {
    const video = document.querySelector<HTMLVideoElement>('video.preview-video');
    if (!video || video.videoWidth === 0) return -1;
    for (let n = 0; n < 3; n += 1) await new Promise<void>((resolve) => video.requestVideoFrameCallback(() => resolve()));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(video, 0, 0);
    const x = Math.round(((left + size / 2) / 1280) * video.videoWidth);
    const y = Math.round(((top + size / 2) / 960) * video.videoHeight);
    return context.getImageData(x, y, 1, 1).data[0] ?? -1;
  }, MARK);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = tempDir('station-e2e-verify-');
  camera = join(dir.path, 'camera.y4m');
  // The seed: the first whose sample takes position 17 and not 18 (the sample is drawn as the station draws it).
  const plan = samplingPlan({ lotSize: LOT, aql: 1.5 });
  const all = Array.from({ length: LOT }, (_, i) => i + 1);
  seed = 1;
  while (!(samplePositions(all, plan.sampleSize, seed).includes(SWAPPED[0]) && !samplePositions(all, plan.sampleSize, seed).includes(SWAPPED[1]))) seed += 1;
  sample = samplePositions(all, plan.sampleSize, seed);
  // Consecutive sampled Labels differ in their block (dark, light), the others are mid-gray.
  sample.forEach((position, k) => gray.set(position, k % 2 === 0 ? 40 : 215));

  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Verify reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'SVC', count: 1 },
    ],
  }));
  for (let position = 1; position <= LOT; position += 1) {
    const png = await frame(position, gray.get(position) ?? 128);
    if (gray.has(position)) videos.set(position, toY4m(`label-${position}`, png));
    const jpeg = await sharp(png).jpeg({ quality: 92 }).toBuffer();
    const still = await station.call('camera.submitStill', { image: jpeg.toString('base64'), mimeType: 'image/jpeg', camera: 'enrollment camera' });
    expect(still.accepted, `the still of position ${position} passes the gate`).toBe(true);
    // 17 and 18 were scanned out of order: each got the other's printed QR (their optical markings are their own).
    const printed = position === SWAPPED[0] ? SWAPPED[1] : position === SWAPPED[1] ? SWAPPED[0] : position;
    await station.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'QR', value: qr(printed) }], captureSha256: still.sha256 });
  }
  // The station sends on its own: wait until every Label is on the service.
  await expect
    .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.filter((l) => l.state === 'enrolled').length, { timeout: 180_000 })
    .toBe(LOT);
  copyFileSync(videos.get(sample[0] as number) as string, camera);
  // Every Label's video has the same size, so one overwrites another in place.
  expect(new Set([...videos.values()].map((video) => statSync(video).size)).size).toBe(1);
});

test.afterAll(async () => {
  await station?.stop();
  dir?.remove();
});

test('a sample that takes the mis-enrolled Label fails naming both positions; the lot is rejected by the plan', async () => {
  test.setTimeout(300_000);
  const base = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({ ...base, args: [...(base.args ?? []), ...fakeCameraArgs(camera)] });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const origin = new URL(station.served.ready.url).origin;
    await page.goto(`${origin}/?token=${station.served.ready.token}#/settings`);

    // Settings → Quality check: AQL 1.5 for new samples.
    await page.getByTestId('settings-aql').selectOption('1.5');
    await expect(page.getByText('Saved: new samples use AQL 1.5.')).toBeVisible();

    await openScreen(page, 'Verify');
    await page.getByLabel('Reel', { exact: true }).selectOption({ label: 'Verify reel' });
    await page.getByLabel('Seed').fill(String(seed));
    await page.getByRole('button', { name: 'Draw sample' }).click();
    await expect(page.getByTestId('verify-plan')).toHaveText(
      'Lot of 60 enrolled Labels → code letter E, sampled by the plan of letter D (ISO 2859-1): sample 8, accept with at most 0 failed, reject with 1 or more (AQL 1.5).',
    );
    await expect(page.getByTestId('verify-seed')).toContainText(`Drawn with the seed ${seed}`);
    for (const position of sample) await expect(page.getByTestId(`sample-${position}`)).toHaveAttribute('data-state', 'waiting');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    await screenshot(page, 'verify-plan');

    // The mis-enrolled Label last: one failure rejects the lot, and a decided lot takes no more scans (docs/architecture.md, "Renderer", Verify), so the
    // whole sample is judged only when position 17 comes last. Each position is chosen on its button.
    for (const position of [...sample.filter((p) => p !== SWAPPED[0]), SWAPPED[0]]) {
      await page.getByTestId(`sample-${position}`).click();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(page.getByTestId('verify-position')).toHaveText(String(position));
      // The printed QR, typed by the keyboard wedge (AIM prefix ]Q1).
      await wedgeScan(page, `]Q1${qr(position)}`);
      await expect(page.getByTestId('verify-reads')).toContainText(`QR: ${qr(position)}`);
      // The Label goes under the camera; the preview shows it once its block has this Label's gray. Space captures,
      // and with the QR and the capture in, the check goes out at once.
      showLabel(position);
      const level = gray.get(position) as number;
      await expect.poll(async () => Math.abs((await previewGray(page)) - level) < 30, { timeout: 30_000 }).toBe(true);
      await page.keyboard.press(' ');
      await expect(page.getByTestId(`sample-${position}`))
        .toHaveAttribute('data-state', position === SWAPPED[0] ? 'fail' : 'pass', { timeout: 30_000 })
        .catch(async (error: unknown) => {
          await screenshot(page, 'verify-stuck');
          throw new Error(`position ${position} was not judged; the screen says:\n${await page.getByTestId('verify').innerText()}`, { cause: error });
        });
      if (position === SWAPPED[0]) {
        await expect(page.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'wrong_position');
        await expect(page.getByTestId('verify-result')).toContainText('Position 17 failed: it carries what the service holds at position 18.');
        // The failed position's button is off, and the screen says why in words: its row in the checked positions,
        // and the note the button points to.
        await expect(page.getByTestId('sample-17')).toBeDisabled();
        const failedRow = page.getByRole('table', { name: 'Checked positions' }).getByRole('row').filter({ hasText: 'Position 17 failed' });
        await expect(failedRow).toContainText('it carries what the service holds at position 18');
        await expect(failedRow).toContainText('Counts as failed; not checked again');
        await expect(page.getByTestId('sample-17')).toHaveAccessibleDescription(/^A failed position is not checked again/);
        await screenshot(page, 'verify-failed-sample');
      } else {
        await expect(page.getByTestId('verify-result')).toContainText(`Position ${position} passed`);
      }
    }

    // Re = 1: one failed sample rejects the lot.
    await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-decision', 'reject');
    await expect(page.getByTestId('verify-verdict')).toHaveText('Lot rejected: 1 failed of 8 checked (reject ≥ 1).');
    await expect(page.getByTestId('verify-decided')).toContainText('Lot rejected: position 17 failed.');
    const status = await station.call('verify.status', { reelId });
    expect(status.verification?.samples.filter((s) => s.state === 'fail').map((s) => [s.position, s.result?.foundPosition])).toEqual([[17, 18]]);
    expect(status.verification?.verdict).toMatchObject({ decision: 'reject', inspected: 8, failed: 1, complete: true });
    await screenshot(page, 'verify-verdict');

    // The Reel report shows the check; its PDF is printed from that page.
    await page.getByRole('button', { name: 'Reel report' }).click();
    await expect(page.getByTestId('report-verdict')).toHaveText('Lot rejected: 1 failed of 8 checked (reject ≥ 1).');
    await expect(page.getByTestId('count-enrolled')).toHaveText('60');
    await expect(page.locator('[data-testid="chart-rate"] canvas')).toHaveCount(1);
    await screenshot(page, 'reel-report');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-pdf').click();
    const file = join(dir.path, 'report.pdf');
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download).suggestedFilename()).toMatch(/^reel-report-Verify-reel-\d{4}-\d{2}-\d{2}\.pdf$/);
    await expect(page.getByTestId('download-saved')).toHaveText(
      `✓ Saved ${(await download).suggestedFilename()}: the report of Reel Verify reel, 60 positions, with its charts, gaps and quality check`,
    );
  } finally {
    await browser.close();
  }
});
