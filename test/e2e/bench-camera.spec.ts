import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { tempDir } from '../helpers/tmp';
import { labelFrame } from '../helpers/frames';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// Bench mode with the camera. Chromium's fake camera plays a generated label (speckle
// tag + QR); Space captures; main's gate accepts it and decodes the QR, which fills the QR slot;
// the Label is complete, saved with its capture, and the position advances.

const QR = 'https://example.test/l/000777';
const dir = tempDir('station-ui-camera-');
let station: ServedStation;
let video: string;

test.beforeAll(async () => {
  const png = join(dir.path, 'label.png');
  video = join(dir.path, 'label.y4m');
  writeFileSync(png, await labelFrame({ seed: 7, qr: QR, format: 'png' }));
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-frames:v', '1', '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
  dir.remove();
});

test('Space captures; the capture fills SVC and its QR; the Label is saved with its capture', async () => {
  test.setTimeout(120_000);
  const base = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const page = await browser.newPage();
    const { reelId } = await station.call('reels.create', {
      name: 'Camera reel',
      expectedIdentifiers: [
        { tagType: 'SVC', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByTestId('bench-position')).toHaveText('1');
    await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    await expect(page.getByText(/Focus \d+/)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('bench-position')).toHaveText('1');
    await expect(page.getByTestId('slot-SVC')).toHaveAttribute('aria-label', 'SVC: waiting');
    await screenshot(page, 'bench-camera');
    await page.keyboard.press(' ');
    await expect(page.getByTestId('bench-position')).toHaveText('2', { timeout: 30_000 });
    await expect(page.getByTestId('bench-session-count')).toHaveText('1');
    const shown = await station.call('reels.show', { reelId });
    const label = shown.labels.find((l) => l.position === 1);
    expect(label?.identifiers.map((i) => i.tagType).sort()).toEqual(['QR', 'SVC']);
    expect(label?.identifiers.find((i) => i.tagType === 'QR')?.value).toBe(QR);
    // One capture per key press: the next position waits for its own.
    await expect(page.getByTestId('slot-SVC')).toHaveAttribute('aria-label', 'SVC: waiting');
    await screenshot(page, 'bench-camera-saved');
  } finally {
    await browser.close();
  }
});
