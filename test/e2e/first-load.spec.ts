import { expect, test, type Page } from '@playwright/test';
import { readResponses, type ResponseReads } from '../helpers/e2e/responses';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';

// What a page load fetches before its first screen (docs/architecture.md, "Renderer"): the strings of the language it
// shows and not the other's, and none of the station contract's zod schemas (each area's schemas come with its first
// command, and the answers are still checked with them).

let station: ServedStation;

test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('reels.create', { name: 'First load reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
});
test.afterAll(async () => {
  await station.stop();
});

const ENGLISH = 'Skip to content';
const GERMAN = 'Zum Inhalt springen';

/** The text of every script the page fetched since the call; stopped (and its reads waited for) before the page closes. */
function scriptsOf(page: Page): ResponseReads<string> {
  return readResponses(
    page,
    (response) => response.request().resourceType() === 'script',
    (response) => response.text(),
  );
}

// The UI's language is the station's (docs/architecture.md, "Renderer"): a test that shows German gives it back.
test.afterEach(async () => {
  await station.call('station.language', { language: 'en' });
});

test('a page load fetches the strings of its language only; choosing another language fetches that one’s', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto(station.served.ready.url);
  await expect(page.getByRole('heading', { name: 'Reels', level: 2 })).toBeVisible();
  expect((await scripts.all()).some((body) => body.includes(ENGLISH))).toBe(true);
  expect((await scripts.all()).some((body) => body.includes(GERMAN))).toBe(false);

  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: GERMAN })).toBeAttached();
  expect((await scripts.all()).some((body) => body.includes(GERMAN))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  await scripts.stop();
});

test('a page load in German fetches the German strings only', async ({ browser }) => {
  const context = await browser.newContext();
  await station.call('station.language', { language: 'de' });
  const page = await context.newPage();
  const scripts = scriptsOf(page);
  await page.goto(station.served.ready.url);
  await expect(page.getByRole('heading', { name: 'Rollen', level: 2 })).toBeVisible();
  expect((await scripts.all()).some((body) => body.includes(GERMAN))).toBe(true);
  expect((await scripts.all()).some((body) => body.includes(ENGLISH))).toBe(false);
  await scripts.stop();
  await context.close();
});

test('the first screen is drawn without any zod schema, and a schema that cannot be fetched is said in words', async ({ page }) => {
  // Every script that builds zod schemas is refused: the station's answers cannot be checked.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('ZodError')) await route.abort('connectionfailed');
    else await route.fulfill({ response });
  });
  await page.goto(station.served.ready.url);
  await expect(page.getByRole('heading', { name: 'Reels', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // An answer that could not be checked is not shown: the screen says why, with what to do.
  await expect(page.getByText('First load reel')).toHaveCount(0);
  const note = page.getByRole('alert').filter({ hasText: 'could not load its check of the answers to reels.list' });
  await expect(note).toContainText('reload the page (F5)');
  await expect(note).toContainText('STATION_PAGE_NOT_LOADED');
});
