import { expect, test, type Locator, type Page } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { openServed } from '../helpers/e2e/other-bench';
import { reelSetUpButton } from '../helpers/e2e/reel-set-up';
import { wedgeScan } from '../helpers/e2e/wedge';

// A Reels row's "Set up…" menu (screens/reels/ReelSetUpMenu.tsx, components/MenuButton.tsx) as a shift lead and a
// screen reader use it: a menu button (aria-haspopup, aria-expanded) whose menu takes the arrow keys, Home and End,
// closes on Escape (the focus back on the button), on Tab and on a click outside, and whose choices keep their names
// with the Reel's. A keyboard scanner typing while the menu is open is a scan used at the Bench, and chooses nothing.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('reels.create', { name: 'Menu reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await station.call('reels.create', {
    name: 'Menu NFC reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'NFC', count: 1 },
    ],
  });
});
test.afterAll(async () => {
  await station?.stop();
});

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
const menuOf = (page: Page): Locator => page.getByRole('menu');

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

test('the keyboard opens the menu, moves through its choices, closes it with Escape or Tab, and chooses with Enter', async ({ page }) => {
  await openServed(station, page, 'reels');
  const button = reelSetUpButton(page, 'Menu reel');
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveText('Set up…');
  await expect(menuOf(page)).toBeHidden();

  // Enter opens it on its first choice; a Reel without NFC chips has two.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = menuOf(page);
  await expect(menu).toHaveAccessibleName('Set up Reel “Menu reel”');
  await expect(menu.getByRole('menuitem')).toHaveText(['Print data…', 'Print run…']);
  await expect(menu.getByRole('menuitem', { name: 'Import print data for Menu reel', exact: true })).toBeFocused();
  // ↓ and ↑ move and wrap around; Home and End go to the ends.
  const steps: [string, string][] = [
    ['ArrowDown', 'Prepare print run for Menu reel'],
    ['ArrowDown', 'Import print data for Menu reel'],
    ['ArrowUp', 'Prepare print run for Menu reel'],
    ['Home', 'Import print data for Menu reel'],
    ['End', 'Prepare print run for Menu reel'],
  ];
  for (const [key, name] of steps) {
    await page.keyboard.press(key);
    expect(await focusedName(page), key).toBe(name);
  }
  // Letters move nothing (no type-ahead): a scan's first key, which reaches the menu before the wedge knows it is a
  // scan, leaves the choice where it was ("P" would have gone to "Print data…"), and the scan is a scan (no Reel is
  // open at this page's Bench, so it is named as not used).
  await wedgeScan(page, 'PX-0001');
  await expect(page.getByTestId('read-notice')).toContainText('Scan PX-0001 was not used: no Reel is open at the Bench.');
  expect(await focusedName(page)).toBe('Prepare print run for Menu reel');
  await expect(menu).toBeVisible();

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  // ↑ on the button opens it on its last choice, ↓ on its first.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Prepare print run for Menu reel', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Import print data for Menu reel', exact: true })).toBeFocused();

  // Tab closes it and goes on from the button: to the next control, not into the menu.
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="menu"]') ?? null)).toBeNull();

  // Enter on a choice chooses it: the menu closes and the print data import for that Reel opens.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('region', { name: 'Import print data into Menu reel' })).toBeVisible();
  await expect(button).toBeFocused();

  // Space opens it too. (Last: a key right after a typed character, a space included, is taken for a scanner's by the
  // wedge, components/use-wedge.ts, and presses nothing.)
  await page.keyboard.press(' ');
  await expect(menu.getByRole('menuitem', { name: 'Import print data for Menu reel', exact: true })).toBeFocused();
});

test('a click opens one menu at a time, a click outside closes it; a Reel with NFC chips has its NFC choice', async ({ page }) => {
  await openServed(station, page, 'reels');
  const plain = reelSetUpButton(page, 'Menu reel');
  const nfc = reelSetUpButton(page, 'Menu NFC reel');
  await nfc.click();
  await expect(nfc).toHaveAttribute('aria-expanded', 'true');
  const menu = menuOf(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Print data…', 'Print run…', 'NFC chips…']);
  await expect(menu.getByRole('menuitem', { name: 'NFC chips of Reel “Menu NFC reel”', exact: true })).toBeVisible();

  // Another row's button: its menu opens, the first one closes.
  await plain.click();
  await expect(plain).toHaveAttribute('aria-expanded', 'true');
  await expect(nfc).toHaveAttribute('aria-expanded', 'false');
  await expect(menuOf(page)).toHaveCount(1);
  await expect(menuOf(page)).toHaveAccessibleName('Set up Reel “Menu reel”');

  // A click outside closes it and chooses nothing.
  await page.getByRole('heading', { name: 'Reels', exact: true }).click();
  await expect(menuOf(page)).toBeHidden();
  await expect(plain).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: /^Import print data into/ })).toHaveCount(0);

  // The NFC choice opens the Reel's NFC settings.
  await nfc.click();
  await menuOf(page).getByRole('menuitem', { name: 'NFC chips of Reel “Menu NFC reel”', exact: true }).click();
  await expect(page.getByTestId('reel-nfc-settings')).toContainText('NFC chips of Reel “Menu NFC reel”');
});

test('with no room below its button, the menu opens above it, inside the window', async ({ page }) => {
  await openServed(station, page, 'reels');
  const button = reelSetUpButton(page, 'Menu NFC reel');
  const at = await button.boundingBox();
  expect(at).not.toBeNull();
  // The window ends just under the button (the page scrolled to its top): three choices do not fit below it.
  await page.setViewportSize({ width: 1366, height: Math.ceil((at?.y ?? 0) + (at?.height ?? 0) + 20) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await button.click();
  const menu = menuOf(page);
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
  expect(menuBox && buttonBox && menuBox.y + menuBox.height <= buttonBox.y + 0.5, JSON.stringify({ buttonBox, menuBox })).toBe(true);
  expect(menuBox && menuBox.y >= 0, JSON.stringify(menuBox)).toBe(true);
});

test('in German: "Einrichten…" with the choices in German, each named with its Reel', async ({ page }) => {
  await openServed(station, page, 'reels');
  await station.call('station.language', { language: 'de' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const button = page.getByRole('button', { name: 'Rolle „Menu NFC reel“ einrichten', exact: true });
  await expect(button).toHaveText('Einrichten…');
  await button.click();
  const menu = menuOf(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Druckdaten…', 'Druckauftrag…', 'NFC-Chips…']);
  for (const name of ['Druckdaten importieren: Menu NFC reel', 'Druckauftrag vorbereiten für Menu NFC reel', 'NFC-Chips der Rolle „Menu NFC reel“ beschreiben'])
    await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
});

test('a scan typed while the menu is open is used at the Bench and chooses nothing', async ({ page }) => {
  const { reelId } = await station.call('reels.create', {
    name: 'Scan reel',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count: 5, prefix: 'M4711-', digits: 6, qr: 'https://ex.test/{serial}' }, expected: true });
  await openServed(station, page, `bench?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('bench-position')).toHaveText('1');
  await openScreen(page, 'Reels');
  const button = reelSetUpButton(page, 'Scan reel');
  await button.click();
  const first = menuOf(page).getByRole('menuitem', { name: 'Import print data for Scan reel', exact: true });
  await expect(first).toBeFocused();

  await wedgeScan(page, 'M4711-000001');
  const notice = page.getByTestId('read-notice');
  await expect(notice).toHaveAttribute('data-kind', 'used');
  await expect(notice).toHaveText('✓ Scan M4711-000001: in its slot at the Bench, position 1; saved once the Label is complete.');
  // The scan's keys and its Enter pressed nothing in the menu: the focus is where it was and nothing was chosen.
  await expect(first).toBeFocused();
  await expect(page.getByRole('region', { name: 'Import print data into Scan reel' })).toHaveCount(0);
  await openScreen(page, 'Bench');
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', 'TEXT: M4711-000001');
});
