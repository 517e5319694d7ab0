import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from '../helpers/e2e/station';
import { twoBenches } from '../helpers/e2e/other-bench';
import { wedgeScan } from '../helpers/e2e/wedge';

// Print data on every bench (docs/sync.md, "Print data on every bench"; docs/print-run.md, "The check against the
// print data"). Bench A (its own data folder, the CLI) holds the print run of a Reel of 40 and enrolled three Labels,
// one of them (position 5) with the values printed for 15, accepted. This station, bench B, serves the UI on the same
// sandbox and opens the Reel with its range 21–40 and no print data: the Bench says on every position that values are
// not checked here, the Reel map spans 1–40 (not only A's 1–20) and marks no mismatch it cannot know. Opened again
// from the service with the print run's CSV (the same chooser as the import), B's map marks positions 5 and 21
// (≠: not the print data of its position) and the Label panel says in words what each carries.

const shop = twoBenches('print-check-e2e-');
const benchA = shop.other;

const WORDS = {
  en: {
    notChecked: (p: number) => `Position ${p}: values are not checked against the print data on this bench (it holds none for this Reel).`,
    mapNotChecked: 'values are not checked against the print data on this bench',
    openCard: 'Open a Reel from the service',
    search: 'Name on the service',
    find: 'Search the service',
    printData: 'Print data: the print run’s CSV (the same file as for the import)',
    chooseFile: 'Choose a file…',
    openNamed: (name: string) => `Open ${name} from the service`,
    saved: (p: number) => `Position ${p} saved.`,
    carries: (value: string, p: number) => `Carries ${value}, which was printed for position ${p}.`,
    mismatchName: /not the print data of this position/,
  },
  de: {
    notChecked: (p: number) => `Position ${p}: Werte werden nicht mit den Druckdaten dieser Station geprüft (sie hat keine für diese Rolle).`,
    mapNotChecked: 'Werte werden nicht mit den Druckdaten dieser Station geprüft',
    openCard: 'Eine Rolle vom Dienst öffnen',
    search: 'Name beim Dienst',
    find: 'Beim Dienst suchen',
    printData: 'Druckdaten: die CSV des Druckauftrags (dieselbe Datei wie beim Import)',
    chooseFile: 'Datei wählen…',
    openNamed: (name: string) => `${name} vom Dienst öffnen`,
    saved: (p: number) => `Position ${p}`,
    carries: (value: string, p: number) => `Trägt ${value}, das für Position ${p} gedruckt wurde.`,
    mismatchName: /nicht die Druckdaten dieser Position/,
  },
} as const;

const cell = (page: Page, position: number) => page.getByTestId('reel-map-grid').locator(`[data-position="${position}"]`);

for (const lang of ['en', 'de'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`a bench without print data says so on every position; opened with it, the map marks what was not printed there (${lang}, ${width}×${height})`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const w = WORDS[lang];
      const tag = `${lang}${width}`;
      const serial = (p: number) => `W${tag}-${String(p).padStart(6, '0')}`;
      const url = (p: number) => `https://ex.test/${serial(p)}`;
      const csv = ['position,text,qr', ...Array.from({ length: 40 }, (_, i) => `${i + 1},${serial(i + 1)},${url(i + 1)}`)].join('\n');
      const csvPath = join(shop.otherDir, `print-run-${tag}.csv`);
      writeFileSync(csvPath, csv);

      // Bench A: the print run, Labels 1 and 20 as printed, 5 with the values printed for 15 (accepted).
      const name = `Job 4711 wine labels ${tag}`;
      const { reelId: reelA } = (await benchA('reel', 'create', '--name', name, '--expect', 'TEXT=1,QR=1')) as { reelId: string };
      await benchA('import', '--reel', reelA, csvPath, '--expected-only');
      for (const p of [1, 20]) await benchA('enroll', '--reel', reelA, '--position', String(p), '--text', serial(p), '--qr', url(p));
      await benchA('enroll', '--reel', reelA, '--position', '5', '--text', serial(15), '--qr', url(15), '--accept-mismatch');
      await benchA('sync', '--until-idle', '--timeout', '60');
      const { serviceId } = (await benchA('reel', 'show', reelA)) as { serviceId: string };

      // Bench B opens it with its range 21–40 and no print data.
      const { reelId } = await shop.station.call('reels.open', { serviceId, positions: { first: 21, last: 40 } });
      const context = await browser.newContext({ viewport: { width, height } });
      await shop.station.call('station.language', { language: lang });
      const page = await context.newPage();
      const origin = new URL(shop.station.served.ready.url).origin;
      await page.goto(shop.station.served.ready.url);
      await page.goto(`${origin}/#/bench?reel=${reelId}`);

      const notice = page.getByTestId('bench-not-checked');
      // The Bench's first draw after a page load, its Reel read from the service: slow on a busy machine, not wrong
      // (docs/testing.md, at its top).
      await expect(page.getByTestId('bench-position')).toHaveText('21', { timeout: 30_000 });
      await expect(notice).toHaveText(`⚠ ${w.notChecked(21)}`);
      // Unchecked here: the values printed for 16 are saved at 21, and the notice stays on the next position.
      await wedgeScan(page, serial(16));
      await wedgeScan(page, url(16));
      await expect(page.getByTestId('bench-feedback')).toContainText(w.saved(21));
      await expect(page.getByTestId('bench-position')).toHaveText('22');
      await expect(notice).toHaveText(`⚠ ${w.notChecked(22)}`);
      await screenshot(page, `print-check-bench-not-checked-${tag}`);

      // B's Reel map spans the Reel's known extent, 1–40 (A's Labels reach 20, B's range 40), and knows no mismatch.
      await page.goto(`${origin}/#/reelMap?reel=${reelId}`);
      await expect(cell(page, 40)).toBeVisible();
      await expect(page.getByTestId('reel-map-grid').locator('[data-position]')).toHaveCount(40);
      await expect(cell(page, 21)).not.toHaveClass(/\boutside\b/);
      await expect(cell(page, 20)).toHaveClass(/\boutside\b/);
      await expect(page.getByTestId('no-print-data')).toContainText(w.mapNotChecked);
      await expect(page.getByTestId('legend-mismatch')).toContainText('0');
      await expect(cell(page, 5)).not.toHaveClass(/\bmismatch\b/);
      await screenshot(page, `print-check-map-unchecked-${tag}`);

      // Opened again from the service with the print run's CSV, through the same chooser as the import.
      await page.goto(`${origin}/#/reels`);
      const card = page.getByRole('region', { name: w.openCard });
      await card.getByLabel(w.search).fill(name);
      await card.getByRole('button', { name: w.find }).click();
      const picker = card.getByRole('group', { name: w.printData });
      const chooser = page.waitForEvent('filechooser');
      await picker.getByRole('button', { name: w.chooseFile }).click();
      await (await chooser).setFiles({ name: `print-run-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(picker.getByTestId('file-chosen')).toHaveText(`print-run-${tag}.csv`);
      await card.getByRole('button', { name: w.openNamed(name) }).click();

      // Now B checks every Label, whoever enrolled it: A's 5 and its own 21 are marked, apart from colour (≠ and the name).
      await expect(page.getByTestId('no-print-data')).toHaveCount(0);
      await expect(cell(page, 5)).toHaveClass(/\bmismatch\b/);
      await expect(cell(page, 5)).toContainText('≠');
      await expect(cell(page, 5)).toHaveAccessibleName(w.mismatchName);
      await expect(cell(page, 21)).toHaveClass(/\bmismatch\b/);
      await expect(cell(page, 1)).not.toHaveClass(/\bmismatch\b/);
      await expect(page.getByTestId('legend-mismatch')).toContainText('2');
      await cell(page, 5).click();
      await expect(page.getByTestId('print-findings')).toContainText(w.carries(serial(15), 15));
      await screenshot(page, `print-check-map-mismatch-${tag}`);

      // The Reel report lists both, whoever enrolled them; the shift summary counts them among the shift's problems.
      await page.goto(`${origin}/#/report?reel=${reelId}`);
      const listed = page.getByTestId('report-print-mismatches');
      await expect(listed).toContainText(w.carries(serial(15), 15));
      await expect(listed).toContainText(w.carries(serial(16), 16));
      await page.getByTestId('report-print-mismatches').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/screens/print-check-report-${tag}.png` });
      await page.goto(`${origin}/#/shift`);
      await expect(page.getByTestId('shift-printMismatches')).not.toHaveText('0');

      // The Bench holds the print data now: no notice.
      await page.goto(`${origin}/#/bench?reel=${reelId}`);
      await expect(page.getByTestId('bench-position')).toHaveText('22', { timeout: 30_000 });
      await expect(notice).toHaveCount(0);
      // The web host's API is a door like the others: the values printed for 17 are refused at 23, unless accepted.
      const values = { reelId, position: 23, identifiers: [{ tagType: 'TEXT' as const, value: serial(17) }] };
      await expect(shop.station.call('labels.enroll', values)).rejects.toThrow(/STATION_MISORDER .*printed for position 17, not for position 23/);
      await expect(shop.station.call('labels.enroll', { ...values, acceptMismatch: true })).resolves.toMatchObject({ state: 'queued' });
      await context.close();
    });
  }
}
