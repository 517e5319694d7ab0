import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../src-shared/domain/image-quality';
import { lowDetailImage } from '../fixtures';
import { audit, formatViolations } from '../helpers/e2e/axe';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp, reelSetUpButton } from '../helpers/e2e/reel-set-up';

// Accessible: roles and labels on every control, visible focus, colour never the only signal.
// Every screen, with content on it, is audited by axe-core against WCAG 2.1 A and AA, and
// Tab on the Bench and the Queue lands on controls that show where the focus is.

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await screenshot(page, `a11y-${screen}`);
  const violations = await audit(page);
  expect(
    violations.map((v) => `${v.id} (${v.impact})`),
    `axe found on ${screen}:\n${formatViolations(violations)}`,
  ).toEqual([]);
}

/** Where the focus is, and whether the page draws it (an outline or a box shadow). */
async function focusIndicator(page: Page): Promise<{ element: string; outline: string; boxShadow: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'body', outline: 'none', boxShadow: 'none' };
    const style = getComputedStyle(el);
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.textContent?.trim().slice(0, 40) ?? '';
    return {
      element: `${el.tagName.toLowerCase()} "${name}"`,
      outline: style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
    };
  });
}

/** Presses Tab `times` times; each stop is a control with a visible focus indicator. */
async function expectVisibleFocusWhileTabbing(page: Page, times: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIndicator(page);
    expect(focus.element, 'Tab reached a control').not.toBe('body');
    expect(
      focus.outline !== 'none' || focus.boxShadow !== 'none',
      `focus on ${focus.element} is visible (outline ${focus.outline}, box-shadow ${focus.boxShadow})`,
    ).toBe(true);
    stops.push(focus.element);
  }
  return stops;
}

let station: ServedStation;
let browser: Browser;
let page: Page;
let reelId: string;

const open = async (hash: string) => {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/${hash}`);
  await expect(page.locator('main#main')).not.toBeEmpty();
};
const heading = (name: string) => page.getByRole('heading', { name, level: 2 });

async function launch(): Promise<Page> {
  const base = test.info().project.use.launchOptions ?? {};
  // Chromium's built-in fake camera, so the Bench shows its live preview and meters.
  browser = await chromium.launch({ ...base, args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
  // The page's CSP allows only its own scripts; axe-core is injected by the test, not served.
  return (await browser.newContext({ bypassCSP: true })).newPage();
}

async function shutdown(): Promise<void> {
  await browser?.close();
  await station?.stop();
}

test.describe('first run', () => {
  test.beforeAll(async () => {
    station = await serveStation();
    page = await launch();
  });
  test.afterAll(shutdown);

  test('Connect (no service yet)', async () => {
    await page.goto(station.served.ready.url);
    await expect(heading('Connect to a service')).toBeVisible();
    await expectNoSeriousViolations(page, 'connect');
  });
});

test.describe('connected to the sandbox, with a Reel', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    station = await serveStation();
    page = await launch();
    // Content on every screen: enrolled Labels, a Label Collection, one Label needing attention.
    await station.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await station.call('reels.create', {
      name: 'Audit reel',
      description: 'a11y',
      expectedIdentifiers: [
        { tagType: 'SVC', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    await station.call('collections.create', { name: 'Audit line' });
    for (const p of [1, 2, 3]) await station.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `A11Y-${p}` }] });
    // A low-detail capture let through a laxer gate: the service refuses it, so it needs attention.
    await station.call('camera.settings.set', { thresholds: { minFocus: 0, minContrast: 0 } });
    const lowDetail = await station.call('camera.submitStill', { image: (await lowDetailImage(21)).toString('base64'), mimeType: 'image/jpeg', camera: 'e2e' });
    await station.call('camera.settings.set', { thresholds: DEFAULT_QUALITY_THRESHOLDS });
    await station.call('labels.enroll', { reelId, position: 4, identifiers: [{ tagType: 'QR', value: 'A11Y-4' }], captureSha256: lowDetail.sha256 });
    await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  });
  test.afterAll(shutdown);

  test('Connect (a saved profile)', async () => {
    await open('connect');
    await expect(page.getByRole('table').filter({ hasText: 'sandbox' })).toBeVisible();
    await expectNoSeriousViolations(page, 'connect-saved');
  });

  test('Reels', async () => {
    await open('reels');
    await expect(page.getByRole('table', { name: 'Reels' }).getByRole('rowheader')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'reels');
    // The row's "Set up…" menu, open.
    await reelSetUpButton(page, 'Audit reel').click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'reels-set-up-menu');
    await page.keyboard.press('Escape');
    await chooseReelSetUp(page, 'Audit reel', 'Import print data for Audit reel');
    await page.getByLabel('Or paste the CSV').fill('position,qr\n5,Q-5\nx,Q-6\n');
    await expect(page.getByRole('group', { name: 'Rows with errors' })).toBeVisible();
    await expectNoSeriousViolations(page, 'reels-import');
  });

  test('Reel map with a Label panel open', async () => {
    // This bench's range leaves positions 1 and 4 outside: their shading is checked too (cleared below for the Bench).
    await station.call('reels.setRange', { reelId, range: { first: 2, last: 3 } });
    await open(`reelMap?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByRole('gridcell', { name: /^Position 1: .*, outside this bench’s range$/ })).toBeVisible();
    await page.getByRole('gridcell', { name: /^Position 4: / }).click();
    await expect(
      page
        .getByRole('complementary', { name: /Position 4/ })
        .getByRole('alert')
        .first(),
    ).toContainText(/SCAN_/);
    await expectNoSeriousViolations(page, 'reel-map');
    await page.getByText('Cut a range to another Reel').click();
    await page.getByLabel('From position').fill('2');
    await page.getByLabel('To position', { exact: true }).fill('3');
    await page.getByLabel('New Reel name').fill('Audit tail');
    await page.getByRole('button', { name: 'Preview the move' }).click();
    await expect(page.getByRole('table', { name: 'Move preview' })).toBeVisible();
    await expectNoSeriousViolations(page, 'reel-map-move');
    await station.call('reels.setRange', { reelId, range: null });
  });

  test('Bench, and Tab shows where the focus is', async () => {
    await open(`bench?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByTestId('bench-position')).toBeVisible();
    await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    await expectNoSeriousViolations(page, 'bench');
    await page.getByTestId('bench-position').click();
    const stops = await expectVisibleFocusWhileTabbing(page, 6);
    expect(new Set(stops).size, `Tab moved between controls: ${stops.join(', ')}`).toBeGreaterThan(3);
    // A duplicate of position 1's QR: the error banner that needs an acknowledgement.
    await station.call('devices.inject', { device: 'virtual:scanner', data: ']Q1A11Y-1' });
    await expect(page.locator('.feedback.level-error')).toBeVisible();
    await expectNoSeriousViolations(page, 'bench-error');
  });

  test('Bulk bind', async () => {
    await open(`bulkBind?reel=${encodeURIComponent(reelId)}`);
    await expect(heading('Bulk bind')).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk-bind');
    // Threads no one has: the preflight blocks every row.
    await page.getByLabel('From position').fill('1');
    await page.getByLabel('To position', { exact: true }).fill('3');
    await page.getByLabel('Thread ids, one per line (paste or scan)').fill([1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`).join('\n'));
    await page.getByRole('button', { name: 'Preflight (dry run)' }).click();
    await expect(page.getByTestId('bulk-summary')).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk-bind-preflight');
  });

  test('Queue with an item needing attention, and Tab shows where the focus is', async () => {
    await open('queue');
    await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 1$/);
    await expect(page.getByTestId('attention-code')).toBeVisible();
    await expectNoSeriousViolations(page, 'queue');
    await heading('Queue').click();
    const stops = await expectVisibleFocusWhileTabbing(page, 5);
    expect(new Set(stops).size, `Tab moved between controls: ${stops.join(', ')}`).toBeGreaterThan(2);
    await page.getByRole('button', { name: /^Recapture for operation/ }).click();
    await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    // Its name is the word shown; the Space key is announced by aria-keyshortcuts.
    await expect(page.getByRole('button', { name: 'Capture', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Space');
    await expectNoSeriousViolations(page, 'queue-recapture');
  });

  test('Devices', async () => {
    await open('devices');
    await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();
    await expectNoSeriousViolations(page, 'devices');
  });

  test('Settings', async () => {
    await open('settings');
    await expect(heading('Settings')).toBeVisible();
    await expectNoSeriousViolations(page, 'settings');
  });

  test('every screen in German (the names are translated, and must still match what is shown)', async () => {
    await page.getByLabel('Language').selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const found: string[] = [];
    const details: string[] = [];
    for (const hash of [
      'connect',
      'reels',
      `reelMap?reel=${encodeURIComponent(reelId)}`,
      `bench?reel=${encodeURIComponent(reelId)}`,
      `bulkBind?reel=${encodeURIComponent(reelId)}`,
      'queue',
      'devices',
      'settings',
    ]) {
      await open(hash);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const violations = await audit(page);
      found.push(...violations.map((v) => `${hash}: ${v.id} (${v.impact})`));
      if (violations.length) details.push(`on ${hash}:\n${formatViolations(violations)}`);
    }
    expect(found, `axe found in German:\n${details.join('\n')}`).toEqual([]);
  });
});
