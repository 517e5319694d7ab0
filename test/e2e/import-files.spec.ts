import iconv from 'iconv-lite';
import { expect, test, type Browser } from '@playwright/test';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// Print data as shops save it (docs/print-run.md, "Files as shops save them"), chosen on the Reels screen: German
// Excel's CSV (Windows-1252, semicolons, CRLF) is read as such, the preview says how and offers the encoding,
// problems are worded in the UI's language and Import waits until none is listed; the Reel's printed column the file
// lacks and the Label the print data contradicts are named; Excel's "Unicode text" (UTF-16 LE, tabs) is taken and
// stored exactly.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

const EXCEL_ROWS = ['position;text', '1;Wö8-000001', '2;Straße-2', '1;Größe-1b', '4'];
const UNICODE_ROWS = ['position\ttext', '1\tWö8-000001', '2\tStraße-2', '3\tÜBERGRÖSSE-ß'];
const excelFile = () => iconv.encode(`${EXCEL_ROWS.join('\r\n')}\r\n`, 'windows-1252');
const unicodeFile = () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${UNICODE_ROWS.join('\r\n')}\r\n`, 'utf16le')]);

const WORDS = {
  de: {
    setUp: (reel: string) => `Druckdaten importieren: ${reel}`,
    panel: (reel: string) => `Druckdaten in ${reel} importieren`,
    file: 'CSV-Datei',
    choose: 'Datei wählen…',
    readExcel: 'Gelesen als Windows-1252, getrennt durch Semikolon (;).',
    readUtf8: 'Gelesen als UTF-8, getrennt durch Semikolon (;).',
    readUnicode: 'Gelesen als UTF-16 LE, getrennt durch Tabulator.',
    encoding: 'Zeichenkodierung',
    twice: 'Position 1 steht auch in Zeile 2',
    few: 'zu wenige Felder: 1 von 2',
    unreadable: 'ein Zeichen ließ sich nicht lesen',
    missing: 'Die Rolle druckt qr, die Datei hat aber keine solche Spalte',
    contradicted: '1 Label dieser Rolle trägt Werte, die diese Druckdaten für seine Position nicht nennen:',
    run: 'Importieren',
  },
  en: {
    setUp: (reel: string) => `Import print data for ${reel}`,
    panel: (reel: string) => `Import print data into ${reel}`,
    file: 'CSV file',
    choose: 'Choose a file…',
    readExcel: 'Read as Windows-1252, separated by semicolon (;).',
    readUtf8: 'Read as UTF-8, separated by semicolon (;).',
    readUnicode: 'Read as UTF-16 LE, separated by tab.',
    encoding: 'Encoding',
    twice: 'position 1 is also on line 2',
    few: 'too few fields: 1 of 2',
    unreadable: 'a character could not be read',
    missing: 'The Reel prints qr, but the file has no such column',
    contradicted: '1 Label on this Reel carries values this print data does not name for its position:',
    run: 'Import',
  },
};
// English words that must not stand on the German screen (the station's own problem words).
const ENGLISH = ['also on line', 'Too few fields', 'expected 2 fields', 'could not be read', 'Read as'];

async function importInto(browser: Browser, language: 'de' | 'en', width: number, height: number) {
  const w = WORDS[language];
  const reel = `Excel ${language} ${width}`;
  const { reelId } = await station.call('reels.create', {
    name: reel,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  // A Label already at 3 whose TEXT the new print data contradicts.
  await station.call('labels.enroll', { reelId, position: 3, identifiers: [{ tagType: 'TEXT', value: 'ALT-3' }] });

  const context = await browser.newContext({ viewport: { width, height } });
  await station.call('station.language', { language });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // The ready URL carries the station's token; then the Reels screen.
  await page.goto(station.served.ready.url);
  await page.goto(`${new URL(station.served.ready.url).origin}/#/reels`);
  await chooseReelSetUp(page, reel, w.setUp(reel));
  const panel = page.getByRole('region', { name: w.panel(reel) });
  const choose = async (name: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('group', { name: w.file }).getByRole('button', { name: w.choose }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
  };

  // German Excel's CSV: umlauts and ß read, the encoding named as a guess with the choice beside it.
  await choose('excel.csv', excelFile());
  const reading = panel.getByTestId('import-reading');
  await expect(reading).toContainText(w.readExcel);
  await expect(panel.getByRole('table').first()).toContainText('Wö8-000001');
  await expect(panel.getByRole('table').first()).toContainText('Straße-2');
  const problems = panel.getByTestId('import-row-errors');
  await expect(problems).toContainText(w.twice, { timeout: 20_000 });
  await expect(problems).toContainText(w.few);
  await expect(panel.getByTestId('import-missing-columns')).toContainText(w.missing);
  const run = panel.getByRole('button', { name: w.run, exact: true });
  await expect(run).toBeDisabled();
  if (language === 'de') for (const english of ENGLISH) await expect(panel).not.toContainText(english);
  await screenshot(page, `import-files-excel-${language}-${width}`);

  // Read as UTF-8 by choice, its umlauts cannot be read: named on their lines, never imported.
  await reading.getByRole('combobox', { name: w.encoding }).selectOption('utf-8');
  await expect(reading).toContainText(w.readUtf8);
  await expect(problems).toContainText(w.unreadable, { timeout: 20_000 });
  await expect(run).toBeDisabled();

  // Excel's "Unicode text": UTF-16 LE with tabs, no longer refused; the Label at 3 it contradicts named before the import.
  await choose('unicode.txt', unicodeFile());
  await expect(reading).toContainText(w.readUnicode);
  await expect(reading.getByRole('combobox')).toHaveCount(0);
  const contradicted = panel.getByTestId('import-contradicted');
  await expect(contradicted).toContainText(w.contradicted, { timeout: 20_000 });
  await expect(contradicted).toContainText('ALT-3');
  await expect(contradicted).toContainText('ÜBERGRÖSSE-ß');
  await expect(problems).toHaveCount(0);
  await expect(run).toBeEnabled();
  await screenshot(page, `import-files-unicode-${language}-${width}`);
  await run.click();
  await expect
    .poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.map((l) => [l.position, l.expected?.TEXT]))
    .toEqual([
      [1, 'Wö8-000001'],
      [2, 'Straße-2'],
      [3, 'ÜBERGRÖSSE-ß'],
    ]);
  expect(pageErrors).toEqual([]);
  await context.close();
}

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`German at ${width}: Excel's files read, problems in German, Import waits for none`, async ({ browser }) => {
    await importInto(browser, 'de', width, height);
  });
}

test('English at 1366: the same, in English', async ({ browser }) => {
  await importInto(browser, 'en', 1366, 768);
});
