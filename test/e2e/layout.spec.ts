import { mkdirSync } from 'node:fs';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS } from '../../src-renderer/src/shell/screens';
import { audit, formatViolations } from '../helpers/e2e/axe';
import { collideWithAnotherBench } from '../helpers/e2e/service';
import { serveStation, type ServedStation } from '../helpers/e2e/station';

// The layout of every screen at the two sizes a shop uses (1366×768 laptops, 1920×1080 bench screens), in English
// and German (docs/architecture.md, "Renderer", layout rules), measured from the boxes the browser lays out, not from pixel snapshots:
// (a) no element wider than the viewport (a scroller of its own may hold wider content: it scrolls, the page not);
// (b) no table header or button broken inside a word (each word of its text is one line box), no select as wide as
// the screen (over 560 px);
// (c) no link, button or header whose text is wider than its own box (it runs under what is beside it);
// (d) axe clean (WCAG 2.1 A and AA, serious and critical).
// Screenshots of every screen go to SHOTS (looked at by people, not compared).

const SHOTS = process.env.LAYOUT_SHOTS ?? 'test-results/e2e/layout';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
const LANGUAGES = ['en', 'de'] as const;

let station: ServedStation;
let browser: Browser;
let reelId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Layout reel with a long name, as shops name them',
    description: 'layout',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  }));
  await station.call('collections.create', { name: 'Layout line' });
  for (const p of [1, 2, 3]) await station.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `LAYOUT-${p}` }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  // The longest real reason the Queue and the Label panel show, with the most actions: another bench enrolled
  // position 4 first (STATION_POSITION_TAKEN: re-place, retry, discard).
  await collideWithAnotherBench(station, reelId, 4);
  const base = test.info().project.use.launchOptions ?? {};
  browser = await chromium.launch({ ...base, args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
});
test.afterAll(async () => {
  await browser?.close();
  await station?.stop();
});

/** Every nav entry as it opens, plus every screen that shows a Reel with one chosen, and the Label panel of the Label in attention. */
function pages(): { name: string; hash: string; ready?: string; open?: (page: Page) => Promise<void> }[] {
  const withReel = ['bench', 'reelMap', 'bulkBind', 'verify', 'report'] as const;
  // `ready`: what shows once the screen's data is in (the measures and the screenshot are of the filled screen).
  const ready: Partial<Record<string, string>> = { shift: 'shift-problems', 'report-with-reel': 'chart-rate', 'bench-with-reel': 'bench-position' };
  const labelPanel = {
    name: 'reelMap-label-attention',
    hash: `reelMap?reel=${encodeURIComponent(reelId)}`,
    open: async (page: Page) => {
      await page.getByRole('gridcell', { name: /^Position 4:/ }).click();
      await expect(page.getByTestId('label-attention')).toBeVisible();
    },
  };
  return [
    ...SCREENS.map((id) => ({ name: id, hash: id })),
    ...withReel.map((id) => ({ name: `${id}-with-reel`, hash: `${id}?reel=${encodeURIComponent(reelId)}` })),
    labelPanel,
  ].map((p) => ({ ...p, ready: ready[p.name] }));
}

interface Finding {
  element: string;
  problem: string;
}

/** (a), (b) and (c), measured in the page. */
async function measure(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const findings: { element: string; problem: string }[] = [];
    const describe = (e: Element): string => {
      const id = e.id ? `#${e.id}` : '';
      const cls = typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const path: string[] = [];
      for (let p: Element | null = e.parentElement; p && p !== document.body && path.length < 3; p = p.parentElement) path.unshift(p.tagName.toLowerCase());
      return `${path.join(' > ')} > ${e.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      findings.push({ element: 'document', problem: `scrollWidth ${document.documentElement.scrollWidth} > ${width}` });
    /** Inside a box that scrolls or clips sideways on its own, whose own right edge is in the viewport. */
    const contained = (e: Element): boolean => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow !== 'visible' && p.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    for (const e of document.body.querySelectorAll('*')) {
      const box = e.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5 && !contained(e)) findings.push({ element: describe(e), problem: `right edge ${Math.round(box.right)} > ${width}` });
    }
    // A select as wide as the screen's content: a choice of a few words does not need the screen's width.
    for (const e of document.body.querySelectorAll('select')) {
      const box = e.getBoundingClientRect();
      if (box.width > 560) findings.push({ element: describe(e), problem: `a select ${Math.round(box.width)} px wide` });
    }
    // (b): each word of a header's or a button's text lies on one line.
    for (const e of document.body.querySelectorAll('th, button')) {
      if (e.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) findings.push({ element: describe(e), problem: `the word "${match[0]}" is broken over ${lines.size} lines` });
        }
      }
    }
    // (c): a link's, button's or header's text wider than its own box runs over what is beside it (the German nav's
    // "Schichtübersicht" ran under the screen). Ellipsis-cut text is meant (its title has the whole).
    for (const e of document.body.querySelectorAll('a, button, th, label, dt, h2, h3, summary, legend')) {
      const element = e as HTMLElement;
      if (element.clientWidth === 0 || getComputedStyle(element).textOverflow === 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1)
        findings.push({ element: describe(e), problem: `its content is ${element.scrollWidth} px wide in a box of ${element.clientWidth} px` });
    }
    return findings;
  });
}

for (const lang of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    test(`every screen at ${viewport.width}×${viewport.height} in ${lang}: nothing wider than the window, no word broken in a header or button, axe clean`, async () => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport, bypassCSP: true });
      await station.call('station.language', { language: lang });
      const page = await context.newPage();
      await page.goto(station.served.ready.url);
      const origin = new URL(station.served.ready.url).origin;
      const found: string[] = [];
      for (const { name, hash, ready, open } of pages()) {
        await page.goto(`${origin}/#/${hash}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        if (ready) await expect(page.getByTestId(ready)).toBeVisible();
        if (open) await open(page);
        // Data-driven parts settle (the Reel's rows, the devices, charts).
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}${lang === 'en' ? '' : `-${lang}`}.png`, fullPage: true });
        for (const f of await measure(page)) found.push(`${name}: ${f.element}: ${f.problem}`);
        const violations = await audit(page);
        if (violations.length) found.push(`${name}: axe:\n${formatViolations(violations)}`);
      }
      await context.close();
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
