import { expect, test } from '@playwright/test';
import { GRADE_SCORE } from '../../src-shared/domain/grade-order';
import { captureGraded } from '../helpers/e2e/graded-label';
import { tempDir } from '../helpers/tmp';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// The Reel report's print quality (docs/print-quality.md, "Reading the trend"): six Labels whose QR's contrast falls
// position by position (a fading ribbon), each captured through the gate and enrolled by its capture; the report
// shows how many Labels got each grade, the grade along the positions, the worst parameters, and that this is a
// process-control grade, not a certified verification. Screenshots at 1366×768 and 1920×1080.

const dir = tempDir('station-ui-report-grade-');
let station: ServedStation;
let reelId = '';
/** Dark module sRGB bytes on light 220, position 1 to 6: symbol contrast falling from A to D. */
const DARK = [20, 40, 90, 120, 150, 165];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'Fading ribbon', expectedIdentifiers: [{ tagType: 'SVC', count: 1 }] }));
  for (const [i, dark] of DARK.entries()) {
    const still = await captureGraded(station, 500 + i, dark);
    await station.call('labels.enroll', { reelId, position: i + 1, identifiers: [], captureSha256: still.sha256 });
  }
  // Position 7 skipped: a cell without a grade on the map.
  await station.call('labels.skip', { reelId, position: 7, reason: 'gap' });
});
test.afterAll(async () => {
  await station?.stop();
  dir.remove();
});

const REPORT_WORDS = {
  en: {
    title: 'Print quality',
    note: 'process-control grade from the bench camera, not a certified verification',
    graded: '6 Labels graded;',
    worst: 'low contrast',
    below: 'Labels below the lowest accepted grade C, lowest score first',
    decimal: '.',
  },
  de: {
    title: 'Druckqualität',
    note: 'Prozessnote der Arbeitsplatzkamera, keine zertifizierte Prüfung',
    graded: '6 Labels bewertet;',
    worst: 'zu wenig Kontrast',
    below: 'Labels unter der niedrigsten zugelassenen Note C, niedrigster Wert zuerst',
    decimal: ',',
  },
} as const;

for (const locale of ['en', 'de'] as const) {
  test(`the Reel report shows the grades, their scores, trend and worst parameters, as a process-control grade (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const report = await station.call('report.reel', { reelId });
    const quality = report.printQuality;
    expect(quality?.graded).toBe(6);
    // The falling contrast shows as a falling grade: the first position's is above the last one's.
    expect(GRADE_SCORE[quality?.trend[0]?.grade ?? 'F']).toBeGreaterThan(GRADE_SCORE[quality?.trend.at(-1)?.grade ?? 'A']);
    expect(quality?.trend[0]?.score).toBeGreaterThan(quality?.trend.at(-1)?.score ?? 4);
    expect(quality?.trend.at(-1)?.worst).toBe('sc');
    const words = REPORT_WORDS[locale];
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      const page = await browser.newPage({ viewport: size, locale });
      await station.call('station.language', { language: locale });
      await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/report?reel=${encodeURIComponent(reelId)}`);
      const section = page.getByTestId('report-print-quality');
      await expect(section.getByRole('heading', { name: words.title })).toBeVisible({ timeout: 30_000 });
      await expect(section.getByText(words.note)).toBeVisible();
      await expect(section.getByText(words.graded)).toBeVisible();
      await expect(section.getByTestId('grade-trend')).toBeVisible();
      const counts = await section.getByTestId('grade-distribution').locator('tbody tr td:last-child').allTextContents();
      expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(6);
      await expect(section.getByTestId('grade-worst')).toContainText(words.worst);
      // The Labels below the lowest accepted grade (C), lowest score first, each with its grade and decimal score.
      const below = (quality?.trend ?? []).filter((p) => p.flagged).sort((a, b) => a.score - b.score || a.position - b.position);
      expect(below.length).toBeGreaterThan(0);
      await expect(section.getByTestId('grade-below-caption')).toHaveText(words.below);
      const rows = section.getByTestId('grade-below-table').locator('tbody tr');
      await expect(rows).toHaveCount(below.length);
      for (const [i, p] of below.entries())
        await expect(rows.nth(i)).toContainText(`${p.position}${p.grade} ${p.score.toFixed(1).replace('.', words.decimal)}`);
      await section.getByTestId('grade-below-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/screens/report-grade-${locale}-${size.width}x${size.height}.png` });
      await page.close();
    }
  });
}

test("the shift summary shows the day's grades: by grade, by worst parameter and the Reel's trend", async ({ browser }) => {
  test.setTimeout(120_000);
  // The station's language is the UI's (a test before may have left it German).
  await station.call('station.language', { language: 'en' });
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/shift`);
    const section = page.getByTestId('shift-print-quality');
    await expect(section.getByRole('heading', { name: 'Print quality' })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByText('process-control grade from the bench camera, not a certified verification')).toBeVisible();
    await expect(section.getByTestId('shift-graded')).toContainText('6 Labels graded this day');
    const counts = await section.getByTestId('shift-grade-distribution').locator('tbody tr td:last-child').allTextContents();
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(6);
    await expect(section.getByTestId('shift-grade-worst')).toContainText('low contrast');
    const trend = section.getByTestId('shift-grade-trend');
    await expect(trend).toHaveCount(1);
    await expect(trend).toContainText('Fading ribbon: grade along the positions (lowest accepted C');
    await expect(trend.getByTestId('grade-trend')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/shift-grade-${size.width}x${size.height}.png` });
    await page.close();
  }
});

const MAP_WORDS = {
  en: {
    byGrade: 'print grade',
    byState: 'state',
    legend: 'Print grades',
    ungraded: 'no grade',
    cell: (grade: string) => new RegExp(`^Position 1: .*, print grade ${grade}$`),
    flaggedCell: (position: number, grade: string) =>
      new RegExp(`^Position ${position}: .*, print grade ${grade}, flagged \\(below the lowest accepted grade\\)$`),
    panel: 'Print grade',
    flaggedNote: 'Flagged: below this Reel’s lowest accepted grade C.',
    decimal: '.',
  },
  de: {
    byGrade: 'Druckqualitätsnote',
    byState: 'Zustand',
    legend: 'Druckqualitätsnoten',
    ungraded: 'keine Note',
    cell: (grade: string) => new RegExp(`^Position 1: .*, Druckqualitätsnote ${grade}$`),
    flaggedCell: (position: number, grade: string) =>
      new RegExp(`^Position ${position}: .*, Druckqualitätsnote ${grade}, markiert \\(unter der niedrigsten zugelassenen Note\\)$`),
    panel: 'Druckqualitätsnote',
    flaggedNote: 'Markiert: unter der niedrigsten zugelassenen Note C dieser Rolle.',
    decimal: ',',
  },
} as const;

for (const locale of ['en', 'de'] as const) {
  test(`the Reel map colours cells by grade, each with its letter, and says which have none (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { labels } = await station.call('grades.reel', { reelId });
    const grades = new Map(labels.map((l) => [l.position, l.grade]));
    // The Labels below the Reel's lowest accepted grade (C): flagged on the map.
    const flagged = labels.filter((l) => l.flagged);
    expect(flagged.length).toBeGreaterThan(0);
    const first = grades.get(1) ?? 'none';
    expect(first).toMatch(/^[A-F]$/);
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      const page = await browser.newPage({ viewport: size, locale });
      await station.call('station.language', { language: locale });
      await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reelMap?reel=${encodeURIComponent(reelId)}`);
      const cell = (position: number) => page.locator(`[data-position="${position}"]`);
      await expect(cell(1)).toBeVisible({ timeout: 30_000 });
      await expect(cell(1)).not.toHaveClass(/cell-grade-/);
      await page.getByTestId('map-colour-by').getByLabel(MAP_WORDS[locale].byGrade).check();
      await expect(page.getByRole('list', { name: MAP_WORDS[locale].legend })).toBeVisible();
      // Each graded position its grade's colour class and letter; the name says the grade, not only the colour.
      for (const { position, grade, flagged: isFlagged } of labels) {
        await expect(cell(position)).toHaveClass(new RegExp(`cell-grade-${grade}`));
        // A flagged Label: its letter and "!", a class of its own and its name saying so.
        await expect(cell(position).locator('.mark')).toHaveText(isFlagged ? `${grade}!` : grade);
        if (isFlagged) {
          await expect(cell(position)).toHaveClass(/cell-flagged/);
          await expect(cell(position)).toHaveAttribute('aria-label', MAP_WORDS[locale].flaggedCell(position, grade));
        } else await expect(cell(position)).not.toHaveClass(/cell-flagged/);
      }
      await expect(cell(1)).toHaveAttribute('aria-label', MAP_WORDS[locale].cell(first));
      // The legend counts what the map shows.
      await expect(page.getByTestId('grade-legend')).toContainText(MAP_WORDS[locale].ungraded);
      await expect(cell(7)).toHaveClass(/cell-grade-none/);
      await expect(cell(7).locator('.mark')).toHaveText('○');
      const legendCounts = await page.getByTestId('grade-legend').locator('.count').allTextContents();
      expect(legendCounts.map(Number)).toEqual([...'ABCDF'].map((g) => [...grades.values()].filter((x) => x === g).length).concat(1, flagged.length));
      await page.screenshot({ path: `test-results/e2e/screens/map-grade-${locale}-${size.width}x${size.height}.png` });
      // The Label panel of the lowest-scored flagged Label: its grade with its score, the flag, its worst parameters.
      const worst = flagged.reduce((a, b) => (b.score < a.score ? b : a));
      await cell(worst.position).click();
      const panel = page.getByTestId('label-grade');
      await expect(panel.getByRole('heading', { name: MAP_WORDS[locale].panel })).toBeVisible({ timeout: 30_000 });
      await expect(panel.getByTestId('label-grade-value')).toHaveText(`${worst.grade} ${worst.score.toFixed(1).replace('.', MAP_WORDS[locale].decimal)}`);
      await expect(panel.getByTestId('label-grade-flagged')).toHaveText(`! ${MAP_WORDS[locale].flaggedNote}`);
      await expect(panel.getByTestId('label-grade-worst').locator('li').first()).toContainText(locale === 'en' ? 'low contrast' : 'zu wenig Kontrast');
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/screens/label-grade-${locale}-${size.width}x${size.height}.png` });
      await page.getByTestId('map-colour-by').getByLabel(MAP_WORDS[locale].byState).check();
      await expect(cell(1)).not.toHaveClass(/cell-grade-/);
      await page.close();
    }
  });
}
