import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, expect, test, type Page } from '@playwright/test';
import { runStation } from '../helpers/cli';
import { screenshot, serveStation } from '../helpers/e2e/station';
import { tempDir } from '../helpers/tmp';

// The Reel report (src-main/reports/README.md): a station's work (enrolled Labels, a gap, a voided Label, a quality check) seen on the
// report page, the shift summary and the Verify screen (audited by axe-core), then `station report --reel REEL --pdf
// FILE`: Chromium prints that same page, the PDF rendered to PNG (pdftoppm) shows both charts and its text
// (pdftotext) has the counts. Without Chromium the command says what to install.

// Made in beforeAll: the runner loads this file in more than one process.
let dir: { path: string; remove(): void };
let data: string;
let reelId: string;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> };
    };
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = tempDir('station-e2e-report-');
  data = join(dir.path, 'data');
  // The work is done through `station serve` (as the UI does it), then the folder is kept for the CLI.
  const station = await serveStation({ dataDir: data });
  try {
    await station.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await station.call('reels.create', { name: 'PDF reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
    for (let position = 1; position <= 12; position += 1)
      await station.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `PDF-${position}` }] });
    await station.call('labels.skip', { reelId, position: 13 });
    await expect
      .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.filter((l) => l.state === 'enrolled').length, { timeout: 60_000 })
      .toBe(12);
    await station.call('labels.void', { reelId, position: 12 });
    await expect
      .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 12)?.state, { timeout: 60_000 })
      .toBe('archived');
    const plan = await station.call('verify.plan', { reelId, seed: 4 });
    expect(plan).toMatchObject({ lotSize: 11, sampleSize: 11, accept: 0, reject: 1 });
    for (const position of plan.positions.slice(0, 3))
      await station.call('verify.check', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `PDF-${position}` }] });

    // The report, the shift summary and the Verify screen in the UI, each audited.
    const browser = await chromium.launch(test.info().project.use.launchOptions ?? {});
    try {
      // axe-core is added as a script of the test's own (the page's CSP allows none of its own).
      const page = await (await browser.newContext({ bypassCSP: true })).newPage();
      const origin = new URL(station.served.ready.url).origin;
      await page.goto(`${origin}/?token=${station.served.ready.token}#/report?reel=${encodeURIComponent(reelId)}`);
      await expect(page.getByTestId('count-enrolled')).toHaveText('11');
      await expect(page.getByTestId('count-total')).toHaveText('13');
      await expect(page.getByTestId('report-gaps')).toContainText('gap (skipped)');
      // The service's counts in words: "identifiable", never the wire's `identifiableCount`.
      await expect(page.getByTestId('report-service-counts')).toContainText(/identifiable \d+/);
      await expect(page.getByTestId('report-service-counts')).not.toContainText('Count');
      await expect(page.getByTestId('report-gaps')).toContainText('voided');
      await expect(page.getByTestId('report-verdict')).toHaveText('Checked 3 of 11, 0 failed (accept ≤ 0, reject ≥ 1).');
      await screenshot(page, 'report-page');
      expect(await seriousViolations(page), 'axe on the Reel report').toEqual([]);

      await page.goto(`${origin}/#/shift`);
      await expect(page.getByTestId('shift-labels')).toHaveText('12');
      // One of the day's 12 saves was taken back (void).
      await expect(page.getByTestId('shift-error-rate')).toContainText('8.3%');
      await expect(page.getByTestId('shift-reels')).toContainText('PDF reel');
      await screenshot(page, 'shift-summary');
      expect(await seriousViolations(page), 'axe on the shift summary').toEqual([]);

      await page.goto(`${origin}/#/verify?reel=${encodeURIComponent(reelId)}`);
      await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-decision', 'pending');
      expect(await seriousViolations(page), 'axe on the Verify screen').toEqual([]);
    } finally {
      await browser.close();
    }
  } finally {
    await station.stop();
  }
});

test.afterAll(() => dir?.remove());

/** Pixels of the page within `tolerance` of a colour. */
async function pixelsNear(png: string, [r, g, b]: readonly [number, number, number], tolerance = 24): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    if (
      Math.abs((data[i] as number) - r) <= tolerance &&
      Math.abs((data[i + 1] as number) - g) <= tolerance &&
      Math.abs((data[i + 2] as number) - b) <= tolerance
    )
      n += 1;
  }
  return n;
}

test('station report --pdf prints the report page: the PNG shows both charts, the text has the counts', async () => {
  test.setTimeout(120_000);
  const file = join(dir.path, 'reel.pdf');
  const out = runStation(['--data', data, '--json', 'report', '--reel', reelId, '--pdf', file]);
  expect(out.code, out.stderr).toBe(0);
  const report = out.json() as { counts: Record<string, number>; total: number; pdf: { path: string; bytes: number } };
  expect(report.counts).toEqual({ enrolled: 11, gap: 1, archived: 1 });
  expect(report.pdf).toEqual({ path: file, bytes: readFileSync(file).length });
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Reel report: PDF reel');
  expect(text).toMatch(/enrolled\s+11\b/);
  expect(text).toMatch(/archived\s+1\b/);
  expect(text).toMatch(/gap\s+1\b/);
  expect(text).toMatch(/Total positions\s+13\b/);
  expect(text).toContain('12 Labels saved');
  // The rate chart's unit is its bucket: minutes here, never "per hour" from minute buckets (docs/architecture.md, "Renderer", charts that tell the truth).
  expect(text).toContain('Enrollment rate (Labels per minute)');
  expect(text).not.toContain('per hour');
  expect(text).toContain('Checked 3 of 11, 0 failed');

  execFileSync('pdftoppm', ['-r', '100', '-f', '1', '-l', '1', '-png', file, join(dir.path, 'page')]);
  const page = join(dir.path, 'page-1.png');
  // The rate chart's bars (#2a6f4e at 45 % over white) and the time-per-Label chart's points (#1f4e8c).
  expect(await pixelsNear(page, [159, 190, 175]), 'bars of the enrollment rate chart').toBeGreaterThan(200);
  expect(await pixelsNear(page, [31, 78, 140], 40), 'points of the time-per-Label chart').toBeGreaterThan(20);

  // No page is painted in the app's grey (#f4f4f1): printed with backgrounds, it was a grey block below the report's
  // last section (docs/architecture.md, "Renderer"). Every page, rendered, is white paper with the report on it.
  execFileSync('pdftoppm', ['-r', '50', '-png', file, join(dir.path, 'all')]);
  const pages = readdirSync(dir.path).filter((name) => /^all-\d+\.png$/.test(name));
  expect(pages.length).toBeGreaterThan(0);
  for (const name of pages) {
    const png = join(dir.path, name);
    const { width, height } = await sharp(png).metadata();
    expect(await pixelsNear(png, [244, 244, 241], 3), `grey pixels on ${name}`).toBeLessThan((width as number) * (height as number) * 0.02);
  }

  // German, from the same page.
  const german = join(dir.path, 'reel-de.pdf');
  expect(runStation(['--data', data, '--json', 'report', '--reel', reelId, '--pdf', german, '--lang', 'de']).code).toBe(0);
  expect(execFileSync('pdftotext', ['-layout', german, '-'], { encoding: 'utf8' })).toMatch(/Positionen gesamt\s+13\b/);
});

test('without Chromium, report --pdf fails naming what to install', () => {
  const out = runStation(['--data', data, '--json', 'report', '--reel', reelId, '--pdf', join(dir.path, 'never.pdf')], {
    CHROMIUM_PATH: '/nonexistent/chromium',
  });
  expect(out.code).toBe(1);
  expect(out.json()).toMatchObject({ error: { code: 'STATION_PDF_UNAVAILABLE', message: expect.stringContaining('apt-get install chromium') } });
});
