import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { openServed } from '../helpers/e2e/other-bench';
import { reelSetUpButton } from '../helpers/e2e/reel-set-up';
import { confirmIfAsked } from '../helpers/e2e/confirm';

// Bulk bind, Reels, the Reel map with its Label panel open, and Verify as a shift lead reads them at 1366×768 and
// 1920×1080 (docs/architecture.md, "Renderer", layout rules): the measured boxes, not pixel snapshots. Reels rows take
// one line each, a Reel with NFC chips (one choice more in its "Set up…" menu) among them, in English and in German; the
// Label panel, Bulk bind and Verify break no word across lines and stretch no select across the page.

let station: ServedStation;
let reelId: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Layout reel',
    description: 'night shift, line 2, Chardonnay 2024 back labels',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
  await station.call('reels.create', { name: 'Riesling 2023 front labels', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  // A Reel whose Labels carry an NFC chip: its row has one action more, "NFC chips" (docs/devices.md, "Encoding a chip").
  await station.call('reels.create', {
    name: 'Chardonnay 2024 NFC neck labels',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'NFC', count: 1 },
    ],
  });
  for (let p = 1; p <= 20; p += 1) {
    await station.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'QR', value: `https://wine.example/p/CHX-${String(p).padStart(7, '0')}` },
        { tagType: 'TEXT', value: `CHX-${String(p).padStart(7, '0')}` },
      ],
    });
  }
  expect(await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
});
test.afterAll(async () => {
  await station?.stop();
});

const open = (page: Page, hash: string) => openServed(station, page, hash);

/** Words (split at spaces, hyphens, dashes and slashes) whose letters are laid out on more than one line. */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-–—/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(match[0]);
      }
    }
    return out;
  });
}

/** How far the element's content reaches past its box (0: nothing is cut or scrolled sideways). */
const overflow = (element: Locator) => element.evaluate((e) => e.scrollWidth - e.clientWidth);
/** The descendants reaching past the element's right edge, for the failure message. */
const wider = (element: Locator) =>
  element.evaluate((e) => {
    const right = e.getBoundingClientRect().right;
    return [...e.querySelectorAll('*')]
      .filter((d) => d.getBoundingClientRect().right > right + 0.5)
      .map((d) => `${d.tagName.toLowerCase()}.${[...d.classList].join('.')} ${Math.round(d.getBoundingClientRect().right - right)}px`)
      .join(', ');
  });
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Selects wider than half of the viewport (a select stretched across a form or a panel). */
function wideSelects(page: Page, root: Locator): Promise<string[]> {
  return root.evaluate(
    (element, viewport) =>
      [...element.querySelectorAll('select')]
        .filter((s) => s.getBoundingClientRect().width > viewport / 2)
        .map((s) => `${s.getAttribute('aria-label') ?? s.closest('label')?.textContent ?? s.name}: ${Math.round(s.getBoundingClientRect().width)} px`),
    page.viewportSize()?.width ?? 0,
  );
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`Reels, Reel map with the Label panel, Bulk bind, Verify at ${size.width}×${size.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);

    // Reels: one line per Reel, the NFC Reel's too, in English and in German (whose words are longer): Enroll, Reel map
    // and the "Set up…" menu (screens/reels/ReelSetUpMenu.tsx).
    for (const lang of ['de', 'en'] as const) {
      await open(page, 'reels');
      await station.call('station.language', { language: lang });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const reels = page.getByRole('table', { name: lang === 'de' ? 'Rollen' : 'Reels' });
      await expect(reels.getByRole('rowheader')).toHaveCount(3);
      await screenshot(page, `layout-reels-${size.width}${lang === 'en' ? '' : `-${lang}`}`);
      const heights = await reels.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
      for (const height of heights) expect(height, `Reels rows (${lang}): ${heights.join(', ')} px`).toBeLessThanOrEqual(52);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const nfcReel = 'Chardonnay 2024 NFC neck labels';
      // The name column takes the width the others leave: in English a Reel's name of 31 letters shows whole, at
      // 1366 too (German's headers leave it less).
      if (lang === 'en') {
        const nameShown = await reels.getByRole('rowheader', { name: nfcReel }).evaluate((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell.firstChild as Node);
          return Math.ceil(range.getBoundingClientRect().right) <= Math.floor(cell.getBoundingClientRect().right) - 6;
        });
        expect(nameShown, `the Reel's name "${nfcReel}" is cut`).toBe(true);
      }
      // The NFC Reel's menu: its three choices inside the window, no word broken.
      await reelSetUpButton(page, nfcReel).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveCount(3);
      const nfc = lang === 'de' ? `NFC-Chips der Rolle „${nfcReel}“ beschreiben` : `NFC chips of Reel “${nfcReel}”`;
      await expect(menu.getByRole('menuitem', { name: nfc, exact: true })).toBeVisible();
      await screenshot(page, `layout-reels-menu-${size.width}${lang === 'en' ? '' : `-${lang}`}`);
      const box = await menu.boundingBox();
      expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height, JSON.stringify(box)).toBe(true);
      expect(await brokenWords(menu)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }

    // The Reel map with the Label panel open.
    await open(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
    await page.getByRole('gridcell', { name: /^Position 2: / }).click();
    const panel = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: /^Position 2/ }) });
    await expect(panel.getByTestId('label-history')).toBeVisible();
    await screenshot(page, `layout-reel-map-${size.width}`);
    expect(await brokenWords(panel)).toEqual([]);
    expect(await overflow(panel), await wider(panel)).toBeLessThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await wideSelects(page, page.locator('main'))).toEqual([]);

    // Bulk bind.
    await open(page, `bulkBind?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByRole('heading', { name: 'Bulk bind' })).toBeVisible();
    await screenshot(page, `layout-bulk-bind-${size.width}`);
    const bulk = page.getByRole('region', { name: 'Bulk bind' });
    expect(await brokenWords(bulk)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await wideSelects(page, bulk)).toEqual([]);

    // Verify, with a sample drawn.
    await open(page, `verify?reel=${encodeURIComponent(reelId)}`);
    // A sample drawn at the other size is replaced (the screen asks first).
    await page.getByRole('button', { name: 'Draw sample' }).click();
    await confirmIfAsked(page, page.getByTestId('verify-plan'));
    await expect(page.getByTestId('verify-plan')).toBeVisible();
    // One sampled position checked with a value on no Label: its row says what was found and what now.
    const sampled = Number(await page.getByTestId('verify-position').textContent());
    await station.call('verify.check', { reelId, position: sampled, identifiers: [{ tagType: 'QR', value: 'https://wine.example/p/NOT-PRINTED' }] });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Checked positions' }).getByRole('row')).toHaveCount(2);
    await screenshot(page, `layout-verify-${size.width}`);
    const verify = page.getByTestId('verify');
    expect(await brokenWords(verify)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await wideSelects(page, verify)).toEqual([]);
  });
}
