import { expect, test, type Page } from '@playwright/test';
import { confirmDialog } from '../helpers/e2e/confirm';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// The station's own confirmation (docs/architecture.md, "Renderer", "Asking first"), not the browser's confirm():
// Enter confirms, Esc cancels, Tab stays on its two buttons, no Bench key acts while it asks, and the focus goes back
// where it was; in English and German, at 1366×768 and 1920×1080.

let station: ServedStation;
let origin: string;

test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  origin = `${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}`;
});
test.afterAll(async () => {
  await station?.stop();
});

/** Chooses the UI language on the Settings screen, as an operator does. */
async function chooseLanguage(page: Page, lang: 'en' | 'de'): Promise<void> {
  await page.goto(`${origin}#/settings`);
  const select = page.getByLabel(/Language|Sprache/).first();
  await select.selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const WORDS = {
  en: { message: 'Void the Label at position 1 (damaged)?', yes: 'Void', no: 'Cancel', keys: 'Enter confirms · Esc cancels' },
  de: { message: 'Das Label an Position 1 verwerfen (beschädigt)?', yes: 'Entwerten', no: 'Abbrechen', keys: 'Enter bestätigt · Esc bricht ab' },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`Void (F9) at the Bench asks in the station's dialog: keys, focus, no Bench key while it asks (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const words = WORDS[lang];
    const { reelId } = await station.call('reels.create', { name: `Confirm ${lang}`, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    const stateAt = async (position: number) => (await station.call('reels.show', { reelId })).labels.find((l) => l.position === position)?.state;
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await chooseLanguage(page, lang);
    await page.goto(`${origin}#/bench?reel=${encodeURIComponent(reelId)}`);
    const position = page.getByTestId('bench-position');
    await expect(position).toHaveText('1', { timeout: 30_000 });
    const bench = page.getByTestId('bench');
    await bench.focus();

    const dialog = confirmDialog(page);
    const yes = dialog.getByTestId('station-confirm-yes');
    const no = dialog.getByTestId('station-confirm-no');
    await page.keyboard.press('F9');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('#station-confirm-message')).toHaveText(words.message);
    await expect(yes).toHaveText(words.yes);
    await expect(no).toHaveText(words.no);
    await expect(dialog).toContainText(words.keys);
    await expect(page.getByRole('dialog', { name: words.message })).toBeVisible();
    // The action's button has the focus: Enter on it confirms.
    await expect(yes).toBeFocused();
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/e2e/screens/confirm-void-${lang}-${size.width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 768 });

    // While it asks, the Bench's keys do nothing: F7 skips nothing, F9 asks no second time.
    await page.keyboard.press('F7');
    await page.keyboard.press('F9');
    await expect(dialog).toHaveCount(1);
    await expect(position).toHaveText('1');

    // Tab goes round its two buttons, never out of it.
    await page.keyboard.press('Tab');
    await expect(no).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(no).toBeFocused();

    // Esc cancels: nothing is voided, and the focus is back where it was.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bench).toBeFocused();
    await expect(position).toHaveText('1');
    expect(await stateAt(1)).toBeUndefined();

    // Enter on Cancel presses Cancel.
    await page.keyboard.press('F9');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(bench).toBeFocused();
    await expect(position).toHaveText('1');
    expect(await stateAt(1)).toBeUndefined();

    // A click outside the dialog leaves it open, and Enter still answers it.
    await page.keyboard.press('F9');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 760);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // Enter confirms: position 1 is voided (blank: a gap), the Bench goes on, the focus is back on it.
    await expect(position).toHaveText('2');
    await expect.poll(() => stateAt(1)).toBe('gap');
    await expect(bench).toBeFocused();
    expect(browserDialogs).toEqual([]);
  });
}
