import { expect, test } from '@playwright/test';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// The CSV pickers (print data on the Reels, Threads on Bulk bind) speak the station's language: Chromium's own file
// input says "Choose File / No file chosen" in the browser's language (components/FileChooser.tsx). The chooser
// opens from our button, the file's name is shown, and its text is used.

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'File reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] }));
});
test.afterAll(async () => {
  await station.stop();
});

const THREADS = ['0b6f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f', '1c7a4d2f-3b5e-4d9f-8a21-2b3c4d5e6f70'];

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

test('in German, Bulk bind: the button opens the chooser, names the file, and the Threads fill the list', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await station.call('station.language', { language: 'de' });
  const page = await context.newPage();
  await page.goto(station.served.ready.url);
  await page.goto(`${new URL(station.served.ready.url).origin}/#/bulkBind?reel=${encodeURIComponent(reelId)}`);
  const picker = page.getByRole('group', { name: 'Oder eine CSV mit Threads' });
  await expect(picker.getByTestId('file-chosen')).toHaveText('Keine Datei gewählt');
  // Nothing of Chromium's own English wording is on the screen.
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Datei wählen…' }).click();
  await (await chooser).setFiles({ name: 'threads.csv', mimeType: 'text/csv', buffer: Buffer.from(`threadId\n${THREADS.join('\n')}\n`) });
  await expect(picker.getByTestId('file-chosen')).toHaveText('threads.csv');
  await expect(page.getByRole('textbox', { name: /Thread-IDs/ })).toHaveValue(THREADS.join('\n'));
  // The "to" position follows the Threads: from 1, two Threads, to 2.
  await expect(page.getByRole('textbox', { name: 'Bis Position' })).toHaveAttribute('placeholder', '2');
  await context.close();
});

test('Reels, print data from a file: named, previewed and imported', async ({ page }) => {
  await page.goto(`${station.served.ready.url}`);
  await page.goto(`${new URL(station.served.ready.url).origin}/#/reels`);
  await chooseReelSetUp(page, 'File reel', 'Import print data for File reel');
  const panel = page.getByRole('region', { name: 'Import print data into File reel' });
  const picker = panel.getByRole('group', { name: 'CSV file' });
  await expect(picker.getByTestId('file-chosen')).toHaveText('No file chosen');
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Choose a file…' }).click();
  await (await chooser).setFiles({ name: 'print-data.csv', mimeType: 'text/csv', buffer: Buffer.from('position,qr\n1,F-1\n2,F-2\n') });
  await expect(picker.getByTestId('file-chosen')).toHaveText('print-data.csv');
  await expect(panel.getByLabel('Or paste the CSV')).toHaveValue('position,qr\n1,F-1\n2,F-2\n');
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect.poll(async () => (await station.call('reels.show', { reelId, refresh: false })).labels.map((l) => l.position)).toEqual([1, 2]);
});
