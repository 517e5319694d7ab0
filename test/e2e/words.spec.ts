import { expect, test, type Locator, type Page } from '@playwright/test';
import { openDatabase } from '../../src-main/store/database';
import { writeSetting } from '../../src-main/store/settings';
import { tempDir } from '../helpers/tmp';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { collideWithAnotherBench } from '../helpers/e2e/service';
import { wedgeScan } from '../helpers/e2e/wedge';

// Every error and state in the UI's language, with the longest real reasons (docs/architecture.md, "Errors": words
// for every error; docs/glossary.md): a German shift lead's Queue with two collisions with another bench, the Label
// panel of a Label in attention and of an archived one, and the Bench's red banners, at 1366×768 and 1920×1080. The
// main process's English (written for the command line) stays under Details; no command-line word, no id where a name
// exists; Retry and Discard stay on the screen.

const REEL = 'Spätlese 2026 · Rolle 7 der Abfüllung Nord';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
const text = (p: number) => `NORD-${String(p).padStart(6, '0')}`;

let station: ServedStation;
let reelId: string;
let benchReelId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: REEL, expectedIdentifiers: [{ tagType: 'QR', count: 1 }] }));
  for (const p of [1, 2]) await station.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `NORD-QR-${p}` }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  await collideWithAnotherBench(station, reelId, 4);
  const reel = await station.call('reels.show', { reelId });
  const second = reel.labels.find((l) => l.position === 2);
  if (!second) throw new Error('no Label at position 2');
  await station.call('labels.archive', { labelId: second.labelId });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

  // The Bench's Reel: print data with long QR values (a real winery's URL), checked at every scan.
  ({ reelId: benchReelId } = await station.call('reels.create', {
    name: 'Bankrolle Nord',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  }));
  await station.call('printRun.generate', {
    reelId: benchReelId,
    spec: { count: 20, prefix: 'NORD-', digits: 6, qr: 'https://weingut-nordhang.example/rueckverfolgung/abfuellung-2026/flasche?serie={serial}&los=7' },
    expected: true,
  });
});
test.afterAll(async () => {
  await station?.stop();
});

async function openGerman(page: Page, hash: string): Promise<void> {
  await station.call('station.language', { language: 'de' });
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/${hash}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

/**
 * The characters of an element's text that its font has no glyph for: drawn in the element's font on a canvas, each
 * looks exactly like a code point no font has (U+10FFFD, private use), the missing-glyph box a person sees instead of
 * the mark. Space is left out.
 */
function glyphsMissing(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.font = `${style.fontStyle} ${style.fontWeight} 48px ${style.fontFamily}`;
    const drawn = (text: string): string => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillText(text, 16, 64);
      return canvas.toDataURL();
    };
    const box = drawn('\u{10FFFD}');
    return [...new Set(element.textContent ?? '')].filter((char) => char.trim() !== '' && drawn(char) === box);
  });
}

/** The text a person reads: what is shown with every Details disclosure closed. */
async function shownText(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((root) => {
      const clone = root.cloneNode(true) as HTMLElement;
      for (const details of clone.querySelectorAll('details')) for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
      // The request id stays beside the words, for support to quote: it is the request's own id, no name stands for it.
      for (const requestId of clone.querySelectorAll('.request-id')) requestId.remove();
      return clone.innerText || (clone.textContent ?? '');
    });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the German Queue says a collision with another bench in German, by position and Reel, and fits the screen', async ({ page }) => {
      await openGerman(page, 'queue');
      const table = page.getByRole('table', { name: 'Vorgänge' });
      const taken = page.getByTestId('attention').filter({ has: page.getByTestId('attention-code').filter({ hasText: 'STATION_POSITION_TAKEN' }) });
      await expect(taken).toContainText(`Ein anderer Arbeitsplatz oder eine App hat an Position 4 der Rolle „${REEL}“ zuerst ein Label erfasst`);
      await expect(taken).toContainText(/Druckdaten vergleichen.*neu platzieren/i);
      const shown = await shownText(page, 'table');
      expect(shown).not.toMatch(/station queue|--next-free|--position|Re-place it|The service refused/);
      expect(shown, 'an id where a name exists').not.toMatch(UUID);
      // A side not checked against print data says so in words, with no dash for a mark after the dash before it.
      await expect(table.getByTestId('collision-side').first()).toContainText('nicht geprüft');
      expect(shown, 'a dash as a mark right after a dash').not.toMatch(/—\s*–/);
      // The station's English stays under Details, a click away.
      await taken.getByText('Details', { exact: true }).click();
      await expect(taken.getByTestId('error-details')).toContainText('station queue settle');
      // Nothing wider than the window: Retry and Discard of every attention row are on the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const name of [/erneut versuchen/, /verwerfen/]) {
        for (const button of await table.getByRole('button', { name }).all()) {
          const box = await button.boundingBox();
          expect(box && box.x + box.width, (await button.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(viewport.width);
        }
      }
      // The nav's badge beside "Warteschlange", not over it.
      const link = page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: /Warteschlange/ });
      const word = await link.evaluate((a) => {
        const range = document.createRange();
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        let node: Node | null = walker.nextNode();
        while (node && !(node.textContent ?? '').includes('Warteschlange')) node = walker.nextNode();
        if (!node) return null;
        range.selectNodeContents(node);
        return range.getBoundingClientRect().toJSON() as DOMRect;
      });
      const badge = await link.locator('.badge').boundingBox();
      expect(word && badge && (badge.x >= word.x + word.width - 0.5 || badge.y >= word.y + word.height - 0.5), 'the badge beside the word').toBe(true);
      // "Anfrage-ID" stays one word on one line in the narrow cell; only the id beside it breaks.
      const requestIdLabels = await table.evaluate((root) => {
        const lines: number[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.textContent ?? '').indexOf('Anfrage-ID');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 'Anfrage-ID'.length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length > 0) lines.push(new Set(rects.map((r) => Math.round(r.top))).size);
        }
        return lines;
      });
      expect(requestIdLabels.length, 'request ids shown').toBeGreaterThan(0);
      expect(requestIdLabels, 'lines each "Anfrage-ID" takes').toEqual(requestIdLabels.map(() => 1));
      await screenshot(page, `words-queue-de-${viewport.width}`);
    });

    test('the German status bar and Queue say why sending is paused in German, with a mark the font draws', async ({ page }) => {
      await station.call('sync.pause', {});
      try {
        await openGerman(page, 'queue');
        const bar = page.getByTestId('status-sync');
        const toolbar = page.getByRole('status').filter({ hasText: /^‖/ });
        await expect(bar).toHaveText('‖ von Hand angehalten');
        await expect(toolbar).toHaveText('‖ von Hand angehalten');
        // The station's English stays for the command line and the log (station.status's pauseReason).
        await expect(page.locator('body')).not.toContainText('Paused by the operator');
        expect(await glyphsMissing(bar), 'marks the UI font draws as a box').toEqual([]);
        expect(await glyphsMissing(toolbar), 'marks the UI font draws as a box').toEqual([]);
        await screenshot(page, `words-paused-de-${viewport.width}`);
      } finally {
        await station.call('sync.resume', {});
      }
    });

    test('the German Label panel names, says its state and history in words, and fits the screen', async ({ page }) => {
      await openGerman(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
      await page.getByRole('gridcell', { name: /^Position 4:/ }).click();
      const panel = page.locator('aside.detail');
      await expect(panel.getByTestId('label-attention')).toContainText('Ein anderer Arbeitsplatz oder eine App hat an Position 4');
      expect(await shownText(page, 'aside.detail'), 'an id where a name exists').not.toMatch(UUID);
      expect(await shownText(page, 'aside.detail')).not.toMatch(/station queue|--next-free|Re-place it/);
      const box = await panel.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `words-label-attention-de-${viewport.width}`);

      // An archived Label on the service: "Beim Dienst", its ids for support under Details, its history in words.
      await page.getByRole('gridcell', { name: /^Position 2:/ }).click();
      await expect(panel.getByTestId('label-on-service')).toHaveText('Beim Dienst.');
      await expect(panel.getByTestId('label-history')).toContainText('Archiviert');
      expect(await shownText(page, 'aside.detail')).not.toMatch(/archiveLabel|label\.|Service id|Dienst-ID/);
      expect(await shownText(page, 'aside.detail'), 'an id where a name exists').not.toMatch(UUID);
      await panel.getByTestId('label-ids').getByText('IDs für den Support').click();
      await expect(panel.getByTestId('label-ids')).toContainText(UUID);
      await screenshot(page, `words-label-archived-de-${viewport.width}`);
    });

    test('the German Bench’s red banners say what happened and what to do with the Label in hand, the code small after', async ({ page }) => {
      await openGerman(page, 'bench');
      const select = page.getByLabel('Rolle', { exact: true });
      await select.selectOption({ label: 'Bankrolle Nord' });
      await expect(page.getByTestId('bench-position')).toHaveText('1');
      const feedback = page.getByTestId('bench-feedback');
      // A misprint: a value on no position of the print data.
      await wedgeScan(page, 'NORD-999999');
      await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
      await expect(feedback.getByTestId('bench-todo')).toHaveText(
        'Dieses Label als Fehldruck beiseitelegen, Enter drücken, dann das nächste Label für diese Position scannen.',
      );
      const order = await feedback.evaluate((banner) => {
        const words = banner.querySelector('.words');
        const code = banner.querySelector('code');
        if (!words || !code) return null;
        return {
          wordsFirst: Boolean(words.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING),
          smaller: parseFloat(getComputedStyle(code).fontSize) < parseFloat(getComputedStyle(words).fontSize),
        };
      });
      expect(order).toEqual({ wordsFirst: true, smaller: true });
      await screenshot(page, `words-bench-misprint-de-${viewport.width}`);
      await page.keyboard.press('Enter');
      // A misorder: the Label in hand belongs at position 3.
      await wedgeScan(page, text(3));
      await expect(feedback).toHaveAttribute('data-code', 'MISORDER');
      await expect(feedback).toContainText('an Position 1 wurde NORD-000003 gelesen, das gehört zu Position 3');
      await expect(feedback.getByTestId('bench-todo')).toContainText('Dieses Label gehört an Position 3');
      await screenshot(page, `words-bench-misorder-de-${viewport.width}`);
      await page.keyboard.press('Enter');
      // A long QR value stays inside its slot card.
      await wedgeScan(page, text(1));
      await expect(page.getByTestId('bench-position')).toHaveText('1');
      const overflow = await page.locator('.slots .slot').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const box = card.getBoundingClientRect();
          return [...card.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > box.right + 0.5).map((e) => e.textContent ?? '');
        }),
      );
      expect(overflow, 'text running out of its slot card').toEqual([]);
      await screenshot(page, `words-bench-slots-de-${viewport.width}`);
    });
  });
}

test('the shift summary’s day is shown and typed as German writes dates', async ({ page }) => {
  await openGerman(page, 'shift');
  const day = page.getByTestId('date-field');
  // Today as German writes it (26.11.2026), not the browser's 11/26/2026.
  await expect(day).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await day.fill('3.11.2026');
  await day.press('Enter');
  await expect(day).toHaveValue('03.11.2026');
  await page.getByRole('button', { name: 'Der Tag danach' }).click();
  await expect(day).toHaveValue('04.11.2026');
  await day.fill('morgen');
  await day.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Kein Datum' })).toContainText('04.11.2026');
});

test('a station not connected yet says so in German under the form that was used, with no command line', async ({ page }) => {
  const fresh = await serveStation();
  try {
    await fresh.call('station.language', { language: 'de' });
    await page.goto(`${new URL(fresh.served.ready.url).origin}/?token=${fresh.served.ready.token}#/reels`);
    const create = page.getByRole('region', { name: 'Rolle anlegen' });
    await create.getByLabel('Name', { exact: true }).fill('Rolle vor dem Verbinden');
    await create.getByRole('button', { name: 'Rolle anlegen' }).click();
    const note = create.getByRole('alert');
    await expect(note).toContainText('Die Station ist noch mit keinem Dienst verbunden');
    await expect(note.getByText('STATION_NOT_CONNECTED')).toBeVisible();
    expect(await note.evaluate((e) => (e as HTMLElement).innerText)).not.toMatch(/station connect|--sandbox|Connect the station/);
    // The collections' form was not used: no error in its card ("not connected" is said once, by the Reels list).
    const collections = page.getByRole('region', { name: 'Label-Sammlungen' });
    await expect(collections.getByRole('alert')).toHaveCount(0);
    await screenshot(page, 'words-reels-not-connected-de');
  } finally {
    await fresh.stop();
  }
});

test('a pause after the service refused the API key says in German what to do, after a restart too, and fits the status bar', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = tempDir('station-ui-words-key-');
  let keyRefused = await serveStation({ dataDir: dir.path });
  try {
    // The pause the sync engine saves when the service refuses the key twice (docs/sync.md, "Pause and resume").
    await keyRefused.stop();
    const db = openDatabase({ dataDir: dir.path });
    writeSetting(db, 'syncPause', { kind: 'apiKeyRefused', reason: null });
    db.close();
    keyRefused = await serveStation({ dataDir: dir.path });
    expect((await keyRefused.call('station.status', {})).sync).toMatchObject({ paused: true, pauseKind: 'apiKeyRefused' });
    await keyRefused.call('station.language', { language: 'de' });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${new URL(keyRefused.served.ready.url).origin}/?token=${keyRefused.served.ready.token}#/queue`);
      const words = '‖ angehalten: der Dienst hat den API-Schlüssel abgelehnt. In „Verbinden“ mit einem gültigen Schlüssel neu verbinden';
      await expect(page.getByRole('status').filter({ hasText: /^‖/ })).toContainText(words);
      const bar = page.getByTestId('status-sync');
      await expect(bar).toContainText(words.slice(0, 30));
      expect(await bar.getAttribute('title')).toContain(words);
      // Cut with "…" in the bar (its whole text is its title and on the Queue screen); the bar stays on one line.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThan(60);
      await screenshot(page, `words-paused-key-de-${viewport.width}`);
    }
  } finally {
    await keyRefused.stop();
    dir.remove();
  }
});

// What a German screen must never show (docs/glossary.md): the words the glossary replaced, the station's English,
// raw ids and enum names. Read from what is drawn (innerText: a closed "IDs for support" is not drawn).
const NOT_ON_A_GERMAN_SCREEN: readonly RegExp[] = [
  /Etikett(?!endrucker|enformat)/,
  /Eingabetaste/,
  /\(Prüfen\)/,
  /Station {2}|auf Station /,
  /keyboard:wedge|virtual:nfc|virtual:scanner/,
  /\b(BAR_CODE|DATA_MATRIX|MISORDER|PRINT_DATA_MISMATCH|DUPLICATE_ON_SERVICE)\b/,
  /Kamera · Kamera/,
  /\b(the|and|off|with|Virtual|service|readers|Cameras|smart-card|watching)\b/,
];

async function germanWordsOnly(page: Page, where: string): Promise<void> {
  const shown = await page.locator('main').innerText();
  for (const word of NOT_ON_A_GERMAN_SCREEN) expect(shown, `${where}: ${String(word)}`).not.toMatch(word);
}

test('the German Devices screen, Reel report and shift summary at 1366: the glossary’s words, no English, no raw ids or enum names', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openGerman(page, 'devices');
  const devices = page.getByRole('table', { name: 'Geräte' });
  await expect(devices.getByRole('rowheader', { name: /Virtueller Scanner/ })).toBeVisible();
  await expect(devices.getByRole('rowheader', { name: /Tastatur-Scanner/ })).toBeVisible();
  // The roles by the identifier types' words; the ids only under "IDs für den Support".
  const role = page.getByRole('combobox', { name: /Tastatur-Scanner/ });
  await expect(role.locator('option')).toContainText(['nach Scantyp', 'Barcode']);
  await expect(role.locator('option', { hasText: 'BAR_CODE' })).toHaveCount(0);
  const wedgeRow = devices.getByRole('row').filter({ hasText: 'Tastatur-Scanner' });
  await wedgeRow.getByText('IDs für den Support').click();
  await expect(wedgeRow).toContainText('keyboard:wedge');
  await wedgeRow.getByText('IDs für den Support').click();
  // The quality gate's numbers as German writes them.
  await expect(page.getByLabel('Mindestdetail (Kontrast)')).toHaveValue('0,1');
  await expect(page.getByText(/Überwachter Ordner: aus/)).toBeVisible();
  await germanWordsOnly(page, 'Devices');
  await screenshot(page, 'words-devices-1366-de');

  await page.evaluate((hash) => (window.location.hash = hash), `#/report?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByText(/Erstellt .* am Arbeitsplatz/)).toBeVisible();
  // The attention table says the reason in words, by position and Reel; the code small after them.
  await expect(page.getByTestId('report-attention')).toContainText(`Position 4 der Rolle „${REEL}“ zuerst ein Label erfasst`);
  await germanWordsOnly(page, 'Reel report');
  await screenshot(page, 'words-report-1366-de');

  await page.evaluate(() => (window.location.hash = '#/shift'));
  await expect(page.getByTestId('shift-problems')).toContainText('Labels abweichend von den Druckdaten');
  await expect(page.getByTestId('shift-problems')).toContainText('Vom Dienst abgelehnte Speicherungen (zu klären)');
  await germanWordsOnly(page, 'shift summary');
  await screenshot(page, 'words-shift-1366-de');
});
