import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';
import { answerConfirm } from '../helpers/e2e/confirm';

// src-main/reports/README.md: the shift summary said "Error rate 0 %" after misprints, a misorder and gaps. A scripted shift at
// the bench: two misprints, a misorder, a gap (F7) and a Label taken back (F6); the summary counts each by kind and
// its error rate is not zero; its PDF (Export PDF) holds the same counts.

const text = (p: number) => `CHX-${String(p).padStart(7, '0')}`;

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'Shift reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
  await station.call('printRun.generate', { reelId, spec: { count: 10, prefix: 'CHX-', digits: 7, qr: 'https://wine.example/p/{serial}' }, expected: true });
});
test.afterAll(async () => {
  await station.stop();
});

test("the shift summary counts the shift's problems by kind", async ({ page }) => {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  const position = page.getByTestId('bench-position');
  const feedback = page.getByTestId('bench-feedback');
  await expect(position).toHaveText('1');
  for (const value of ['CHX-9999998', 'CHX-9999999']) {
    await wedgeScan(page, value);
    await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
    await page.keyboard.press('Enter');
    await expect(feedback).toHaveAttribute('data-blocked', 'false');
  }
  await wedgeScan(page, text(3));
  await expect(feedback).toHaveAttribute('data-code', 'MISORDER');
  await page.keyboard.press('Enter');
  await expect(feedback).toHaveAttribute('data-blocked', 'false');
  await wedgeScan(page, text(1));
  await expect(position).toHaveText('2');
  await wedgeScan(page, text(2));
  await expect(position).toHaveText('3');
  // A gap at 3, then the Label saved at 4 is taken back.
  await page.keyboard.press('F7');
  await expect(position).toHaveText('4');
  await wedgeScan(page, text(4));
  await expect(position).toHaveText('5');
  // F6 while the Label is still being sent is refused ("being sent right now; try again"): wait for the queue first.
  await expect
    .poll(async () => (await station.call('queue.list', { limit: 500 })).items.filter((item) => item.state === 'pending' || item.state === 'sending').length)
    .toBe(0);
  await page.keyboard.press('F6');
  await answerConfirm(page, 'confirm');
  await expect
    .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 4)?.state)
    .toMatch(/gap|archived/);

  await openScreen(page, 'Shift summary');
  const problems = page.getByTestId('shift-problems');
  await expect(problems).toBeVisible();
  await expect(page.getByTestId('shift-misprints')).toHaveText('2');
  await expect(page.getByTestId('shift-misorders')).toHaveText('1');
  await expect(page.getByTestId('shift-gaps')).toHaveText('1');
  await expect(page.getByTestId('shift-undone')).toHaveText('1');
  await expect(page.getByTestId('shift-duplicates')).toHaveText('0');
  await expect(page.getByTestId('shift-labels')).toHaveText('3');
  // 3 saves, 1 taken back, 3 caught at the bench: 4 problems of 6.
  await expect(page.getByTestId('shift-error-rate')).toHaveText('66.7% (4 problems)');
  await page.screenshot({ path: 'test-results/e2e/screens/shift-problems.png', fullPage: true });

  // Export PDF: the shift summary page printed as the Reel report is; the note says what was saved, and the PDF's
  // text holds the shift's counts by kind.
  const download = page.waitForEvent('download');
  await page.getByTestId('shift-export-pdf').click();
  const saved = await download;
  // The day field shows the day as English writes it (11/26/2026); the file is named by the ISO day.
  const [month, date, year] = (await page.getByRole('textbox', { name: 'Day', exact: true }).inputValue()).split('/');
  const day = `${year}-${month}-${date}`;
  expect(saved.suggestedFilename()).toBe(`shift-summary-${day}.pdf`);
  await expect(page.getByTestId('download-saved')).toContainText(`Saved shift-summary-${day}.pdf: the shift summary of `);
  await expect(page.getByTestId('download-saved')).toContainText('3 Labels saved, 4 problems, Reels worked on: 1');
  const pdf = test.info().outputPath('shift.pdf');
  await saved.saveAs(pdf);
  const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('Shift summary of');
  expect(pdfText).toMatch(/Labels\s+3\b/);
  expect(pdfText).toMatch(/Error rate\s+66\.7% \(4 problems\)/);
  expect(pdfText).toMatch(/Misprints\s+2\b/);
  expect(pdfText).toMatch(/Misorders\s+1\b/);
  expect(pdfText).toMatch(/Duplicates\s+0\b/);
  expect(pdfText).toMatch(/Labels taken back \(undo\)\s+1\b/);
  expect(pdfText).toMatch(/Gaps \(skipped\)\s+1\b/);
  expect(pdfText).toMatch(/Shift reel\s+3\s+\d+\s+no\b/);
  // Only the summary is printed: no navigation, no status bar.
  expect(pdfText).not.toContain('Bulk bind');
  execFileSync('pdftoppm', ['-r', '50', '-png', pdf, test.info().outputPath('shift-page')]);
});
