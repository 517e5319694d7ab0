import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { tempDir } from '../helpers/tmp';
import { labelFrame } from '../helpers/frames';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// The Bench's grade chip (docs/print-quality.md): Chromium's fake camera plays a label with a QR; Space captures; the
// SVC slot shows the print grade of the capture's code with its worst parameter in words and, beside it, that this is
// a process-control grade from the bench's camera, not a certified verification. The Reel also expects a TEXT, so the
// Label stays open and the chip can be looked at. Screenshots at 1366×768 and 1920×1080, English and German.

const dir = tempDir('station-ui-grade-');
let station: ServedStation;
let video: string;

test.beforeAll(async () => {
  const png = join(dir.path, 'label.png');
  video = join(dir.path, 'label.y4m');
  writeFileSync(png, await labelFrame({ seed: 9, qr: 'https://example.test/l/000909', format: 'png' }));
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-frames:v', '1', '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
  dir.remove();
});

const WORDS = {
  // The letter, its decimal score in the language's numbers (3.5, 3,5), and the worst parameter in words.
  en: {
    live: 'Camera live',
    note: 'process-control grade from the bench camera, not a certified verification',
    chip: /^(A [34]\.\d: print quality good|[B-F] [0-3]\.\d: .+)$/,
    decimal: '.',
  },
  de: {
    live: 'Kamera live',
    note: 'Prozessnote der Arbeitsplatzkamera, keine zertifizierte Prüfung',
    chip: /^(A [34],\d: Druckqualität gut|[B-F] [0-3],\d: .+)$/,
    decimal: ',',
  },
} as const;

for (const locale of ['en', 'de'] as const) {
  test(`a capture's code shows its grade and that it is not a certified verification (${locale})`, async () => {
    test.setTimeout(180_000);
    const base = test.info().project.use.launchOptions ?? {};
    const browser = await chromium.launch({
      ...base,
      args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      for (const size of [
        { width: 1366, height: 768 },
        { width: 1920, height: 1080 },
      ]) {
        const { reelId } = await station.call('reels.create', {
          name: `Grade reel ${locale} ${size.width}`,
          expectedIdentifiers: [
            { tagType: 'SVC', count: 1 },
            { tagType: 'QR', count: 1 },
            { tagType: 'TEXT', count: 1 },
          ],
        });
        const page = await browser.newPage({ viewport: size, locale });
        await station.call('station.language', { language: locale });
        await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
        await expect(page.getByTestId('bench-position')).toHaveText('1');
        await expect(page.getByTestId('camera-state')).toHaveText(WORDS[locale].live, { timeout: 30_000 });
        await expect(page.getByTestId('slot-SVC')).toHaveClass(/waiting/);
        await page.keyboard.press(' ');
        const chip = page.getByTestId('grade-chip');
        await expect(chip).toBeVisible({ timeout: 30_000 });
        await expect(chip).toHaveText(WORDS[locale].chip);
        // The score shown is the grader's, one decimal.
        const score = Number(await chip.getAttribute('data-score'));
        expect(await chip.textContent()).toContain(` ${score.toFixed(1).replace('.', WORDS[locale].decimal)}:`);
        await expect(page.getByTestId('slot-SVC').getByText(WORDS[locale].note)).toBeVisible();
        await page.screenshot({ path: `test-results/e2e/screens/bench-grade-${locale}-${size.width}x${size.height}.png`, fullPage: true });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
}
