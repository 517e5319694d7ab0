import { expect, test, type Page } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';

// No scan is lost (docs/architecture.md, "The Bench's session"): a scan made on any screen, with the focus in its
// first field, reaches the Bench's session (the notice says where it was used) or is named as not used with the
// warning tone; what was read at a position survives a visit to another screen; a scan while an error waits for
// Enter is named; after a misorder's jump the Bench comes back to the open position. A Reel of 40 with print data,
// TEXT and QR per Label, scanned with the keyboard wedge (no AIM prefix: the print data says which slot). Every Reel
// has the same print data, so each test saves on positions of its own (the service refuses a value twice).

const text = (p: number) => `W4711-${String(p).padStart(6, '0')}`;
const url = (p: number) => `https://ex.test/${text(p)}`;

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

/** A Reel of 40 with its print data (TEXT `W4711-0000NN`, QR `https://ex.test/W4711-0000NN`). */
async function printedReel(name: string): Promise<string> {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count: 40, prefix: 'W4711-', digits: 6, qr: 'https://ex.test/{serial}' }, expected: true });
  return reelId;
}

/** Every tone the page plays, in order (components/sounds.ts announces each as `station:sound`). */
async function hearTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { heardTones: string[] }).heardTones = heard;
    window.addEventListener('station:sound', (event) => heard.push((event as CustomEvent<{ tone: string }>).detail.tone));
  });
}
const tones = (page: Page) => page.evaluate(() => [...(window as unknown as { heardTones: string[] }).heardTones]);

async function openBench(page: Page, reelId: string, position?: number): Promise<void> {
  const at = position === undefined ? '' : `&position=${position}`;
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}${at}`);
  await expect(page.getByTestId('bench-position')).toHaveText(String(position ?? 1));
}

async function identifiersAt(reelId: string, position: number): Promise<string[]> {
  const label = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === position);
  return (label?.state === 'expected' ? [] : (label?.identifiers ?? [])).map((i) => `${i.tagType} ${i.value}`).sort();
}

/** The number of the last read notice (0: none yet). */
async function noticeSeq(page: Page): Promise<number> {
  const notice = page.getByTestId('read-notice');
  return (await notice.count()) ? Number(await notice.getAttribute('data-seq')) : 0;
}

/** Focuses the first field of the screen shown (a text box, text area or select), if it has one. */
async function focusFirstField(page: Page): Promise<string> {
  const field = page.locator('main').locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea, select').first();
  if (!(await field.count()) || !(await field.isVisible())) {
    await page.locator('main').focus();
    return '(none)';
  }
  await field.focus();
  return (await field.getAttribute('aria-label')) ?? (await field.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? el.tagName));
}

test('a scan on each screen, focus in its first field, reaches the Bench (and says where) or is named', async ({ page }) => {
  const reelId = await printedReel('Scans on every screen');
  await hearTones(page);
  await openBench(page, reelId);
  // Every screen but the Bench; Devices keeps its own read log (a test read), every other one hands the scan on.
  const screens = ['Reels', 'Reel map', 'Bulk bind', 'Queue', 'Verify', 'Reel report', 'Shift summary', 'Settings', 'Connect', 'Devices'];
  const scans = [text(1), url(1), text(2), url(2), text(3), url(3), text(4), url(4), text(5)];
  let next = 0;
  for (const screen of screens) {
    await openScreen(page, screen);
    const field = await focusFirstField(page);
    const before = await noticeSeq(page);
    if (screen === 'Devices') {
      await wedgeScan(page, 'DEVICE-TEST-1');
      await expect(page.getByTestId('device-log')).toContainText('DEVICE-TEST-1');
      expect(await noticeSeq(page), 'a read on Devices is its own, not the Bench’s').toBe(before);
      continue;
    }
    const value = scans[next] as string;
    const position = Math.floor(next / 2) + 1;
    next += 1;
    await wedgeScan(page, value);
    const notice = page.getByTestId('read-notice');
    await expect.poll(async () => Number(await notice.getAttribute('data-seq')), `${screen} (${field})`).toBeGreaterThan(before);
    // The first value of a Label waits in its slot; the second completes it, and both are said saved.
    const line = notice.getByTestId('read-notice-line').filter({ hasText: `Scan ${value}:` });
    if (next % 2 === 1) {
      await expect(line).toHaveAttribute('data-kind', 'used');
      await expect(line).toHaveText(`✓ Scan ${value}: in its slot at the Bench, position ${position}; saved once the Label is complete.`);
    } else {
      await expect(line).toHaveText(`✓ Scan ${value}: saved at the Bench, position ${position}.`);
      await expect(notice.getByTestId('read-notice-line').filter({ hasText: `Scan ${scans[next - 2] as string}:` })).toHaveAttribute('data-kind', 'saved');
    }
    if (screen === 'Reels') await screenshot(page, 'bench-scans-used-on-reels');
  }
  // The Labels completed on other screens were saved where they belong; the last read waits in its slot.
  for (const p of [1, 2, 3, 4]) expect(await identifiersAt(reelId, p)).toEqual([`QR ${url(p)}`, `TEXT ${text(p)}`]);
  await openScreen(page, 'Bench');
  await expect(page.getByTestId('bench-position')).toHaveText('5');
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(5)}`);
  await expect(page.getByTestId('bench-session-count')).toHaveText('4');
  expect(await tones(page)).not.toContain('warning');
});

test('with no Reel open at the Bench, a scan on another screen is named as not used, with the warning tone', async ({ page }) => {
  await hearTones(page);
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reels`);
  await expect(page.getByRole('link', { name: 'Reels', exact: true })).toHaveAttribute('aria-current', 'page');
  await focusFirstField(page);
  await wedgeScan(page, text(9));
  const notice = page.getByTestId('read-notice');
  await expect(notice).toHaveAttribute('data-kind', 'noBench');
  await expect(notice).toContainText(`Scan ${text(9)} was not used: no Reel is open at the Bench.`);
  await expect.poll(() => tones(page)).toContain('warning');
});

test('what was read at position 13 survives a visit to the Reel map', async ({ page }) => {
  const reelId = await printedReel('Read survives');
  await openBench(page, reelId, 13);
  await wedgeScan(page, text(13));
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(13)}`);
  await openScreen(page, 'Reel map');
  await expect(page.getByTestId('bench-position')).toHaveCount(0);
  await openScreen(page, 'Bench');
  await expect(page.getByTestId('bench-position')).toHaveText('13');
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(13)}`);
  // The other value completes the Label: saved at 13 with both.
  await wedgeScan(page, url(13));
  await expect(page.getByTestId('bench-position')).toHaveText('14');
  expect(await identifiersAt(reelId, 13)).toEqual([`QR ${url(13)}`, `TEXT ${text(13)}`]);
});

test('a scan while an error waits for Enter is named ("press Enter first"), with the warning tone', async ({ page }) => {
  const reelId = await printedReel('Error waits');
  await hearTones(page);
  await openBench(page, reelId, 33);
  const feedback = page.getByTestId('bench-feedback');
  // A value printed for no position: a misprint, which waits for Enter.
  await wedgeScan(page, 'W4711-999999');
  await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
  await expect(feedback).toHaveAttribute('data-blocked', 'true');
  await expect.poll(() => tones(page)).toEqual(['error']);
  // The next scan is not used, and said so, with the warning tone.
  await wedgeScan(page, text(33));
  const heldBack = page.getByTestId('bench-held-back');
  await expect(heldBack).toHaveText(`⚠ Scan ${text(33)} was not used: press Enter first, then scan it again.`);
  await expect.poll(() => tones(page)).toEqual(['error', 'warning']);
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', 'TEXT: waiting');
  await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
  await screenshot(page, 'bench-scans-held-back');
  // A second one too (a new sound each time).
  await wedgeScan(page, url(33));
  await expect(heldBack).toHaveAttribute('data-count', '2');
  // Both are named, not only the last.
  await expect(heldBack).toHaveText(`⚠ 2 scans were not used (${text(33)} and ${url(33)}): press Enter first, then scan them again.`);
  await expect.poll(() => tones(page)).toEqual(['error', 'warning', 'warning']);
  // Away from the Bench, the same: a scan is named as not used (the error waits at the Bench).
  await openScreen(page, 'Reels');
  await wedgeScan(page, text(33));
  await wedgeScan(page, url(33));
  const notice = page.getByTestId('read-notice');
  await expect(notice).toHaveAttribute('data-kind', 'heldBack');
  // Each scan is named, the first too.
  await expect(notice.getByTestId('read-notice-line')).toHaveText([
    `⚠ Scan ${text(33)} was not used: an error at the Bench waits for Enter. Open the Bench, press Enter first, then scan it again.`,
    `⚠ Scan ${url(33)} was not used: an error at the Bench waits for Enter. Open the Bench, press Enter first, then scan it again.`,
  ]);
  await expect.poll(() => tones(page)).toEqual(['error', 'warning', 'warning', 'warning', 'warning']);
  await openScreen(page, 'Bench');
  await expect(feedback).toHaveAttribute('data-blocked', 'true');
  // Enter: the flow goes on, and the scans are used again.
  await page.keyboard.press('Enter');
  await expect(heldBack).toHaveCount(0);
  await wedgeScan(page, text(33));
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(33)}`);
  // A scan the Bench refuses, made away from it, is named with the Bench's reason.
  await openScreen(page, 'Queue');
  await wedgeScan(page, 'W4711-999999');
  await expect(notice).toHaveAttribute('data-kind', 'notUsed');
  await expect(notice).toContainText('Scan W4711-999999 was not used at the Bench (position 33): Misprint: W4711-999999 is on no position of the print data');
});

test('a scan on another screen that the Bench places and then refuses (a duplicate on the service) is said refused, not used', async ({ page }) => {
  // A Label with the value "DUP-SVC-1" on another Reel, sent to the service.
  const { reelId: other } = await station.call('reels.create', { name: 'Holds the value', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  await station.call('labels.enroll', { reelId: other, position: 1, identifiers: [{ tagType: 'TEXT', value: 'DUP-SVC-1' }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  const { reelId } = await station.call('reels.create', { name: 'Refuses the value', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  await openBench(page, reelId);
  await openScreen(page, 'Reels');
  await focusFirstField(page);
  await wedgeScan(page, 'DUP-SVC-1');
  const notice = page.getByTestId('read-notice');
  await expect(notice).toHaveAttribute('data-kind', 'refused');
  await expect(notice).toContainText('Scan DUP-SVC-1 was not saved at the Bench (position 1):');
  await expect(notice).not.toContainText('in its slot');
  await screenshot(page, 'bench-scans-refused-on-reels');
  expect(await identifiersAt(reelId, 1)).toEqual([]);
});

test("after a misorder's jump, the save there goes back to the open position", async ({ page }) => {
  const reelId = await printedReel('Misorder jump');
  await openBench(page, reelId, 5);
  // The Label in hand was printed for position 20.
  await wedgeScan(page, text(20));
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'MISORDER');
  await page.getByRole('button', { name: 'Jump to position 20' }).click();
  await expect(page.getByTestId('bench-position')).toHaveText('20');
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(20)}`);
  await wedgeScan(page, url(20));
  await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'SAVED');
  expect(await identifiersAt(reelId, 20)).toEqual([`QR ${url(20)}`, `TEXT ${text(20)}`]);
  // Back to 5, still open; its own Label is saved there, and the Bench goes on after it.
  await expect(page.getByTestId('bench-position')).toHaveText('5');
  await wedgeScan(page, text(5));
  await wedgeScan(page, url(5));
  await expect(page.getByTestId('bench-position')).toHaveText('6');
  expect(await identifiersAt(reelId, 5)).toEqual([`QR ${url(5)}`, `TEXT ${text(5)}`]);
});

for (const lang of ['en', 'de'] as const) {
  test(`screenshots in ${lang}: a scan used at the Bench from the Reels, a scan held back by an error`, async ({ browser }) => {
    const reelId = await printedReel(`Screens ${lang}`);
    const [open, misprint] = lang === 'en' ? [35, 'W4711-999998'] : [37, 'W4711-999997'];
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      const context = await browser.newContext({ viewport });
      await station.call('station.language', { language: lang });
      const page = await context.newPage();
      const size = `${viewport.width}x${viewport.height}-${lang}`;
      await openBench(page, reelId, open);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByRole('navigation').getByRole('link').nth(1).click();
      await focusFirstField(page);
      await wedgeScan(page, text(open));
      await expect(page.getByTestId('read-notice')).toHaveAttribute('data-kind', 'used');
      await screenshot(page, `bench-scans-used-${size}`);
      await page.getByRole('navigation').getByRole('link').nth(3).click();
      await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', new RegExp(text(open)));
      await wedgeScan(page, misprint);
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
      await wedgeScan(page, url(open));
      await wedgeScan(page, text(open + 1));
      await expect(page.getByTestId('bench-held-back')).toHaveAttribute('data-count', '2');
      await screenshot(page, `bench-scans-held-back-${size}`);
      await context.close();
    }
  });
}
