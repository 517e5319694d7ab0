import { expect, test, type Locator, type Page } from '@playwright/test';
import { present, takeAway } from '../helpers/pcscd';
import { Type2Chip } from '../helpers/type2-chip';
import { placeCard, placeChip } from '../helpers/virtual-card';
import { pcscdStation } from '../helpers/e2e/pcscd-station';

// The NFC slot of a Reel that encodes (docs/devices.md, "Encoding a chip"), as the operator sees it, in English and
// German at 1366×768 and 1920×1080: before a chip comes the slot says "encode" and the URL it will write (shortened
// to fit, its serial always shown, the whole URL its tooltip); a chip presented is written, then read back, each step
// said in the slot, and fills it with its UID; a card that is no Type 2 tag is refused there in words, said once on
// the screen. The Label panel then shows the URL written and "locked". Measured: nothing in the slot reaches past
// it, the "next" badge does not run over the slot's circle, no English on the German screen. Screenshots under
// test-results/e2e/screens/bench-nfc-slot-*.

const parts = pcscdStation('station-e2e-nfc-slot-');

const WORDS = {
  en: {
    next: 'next: encode',
    encodeWith: 'encode with',
    waiting: /^Place the Label’s chip on the reader/,
    writing: (uid: string) => `Writing chip ${uid}… hold it still on the reader.`,
    verifying: (uid: string) => `Reading chip ${uid} back… hold it still on the reader.`,
    encodedLocked: (uid: string) => `Chip ${uid} written, read back and locked.`,
    classic: 'This card is a MIFARE Classic 1K card, not an NFC Type 2 tag: the station cannot encode it. Use the Label’s own chip.',
    locked: 'locked: the chip can never be rewritten',
    nfcTitle: 'NFC chip',
  },
  de: {
    next: 'als Nächstes beschreiben',
    encodeWith: 'beschreiben mit',
    waiting: /^Den Chip des Labels auf das Lesegerät legen/,
    writing: (uid: string) => `Chip ${uid} wird beschrieben … ruhig auf dem Lesegerät halten.`,
    verifying: (uid: string) => `Chip ${uid} wird zurückgelesen … ruhig auf dem Lesegerät halten.`,
    encodedLocked: (uid: string) => `Chip ${uid} beschrieben, zurückgelesen und schreibgeschützt.`,
    classic: 'Diese Karte ist eine MIFARE-Classic-1K-Karte, kein NFC-Tag vom Typ 2: die Station kann sie nicht beschreiben. Den Chip des Labels nehmen.',
    locked: 'schreibgeschützt: der Chip kann nie wieder beschrieben werden',
    nfcTitle: 'NFC-Chip',
  },
} as const;

/** English words of the Bench's slots that a German screen must not show. */
const ENGLISH = ['next:', 'encode', 'waiting', 'Place the', 'Writing', 'Reading', 'written', 'read back', 'Getting the reader', 'This card'];

/** How far a box pokes out of the slot, and whether the "next" badge runs over the slot's circle. */
function slotLayout(slot: Locator) {
  return slot.evaluate((li) => {
    const box = li.getBoundingClientRect();
    const out = [...li.querySelectorAll('*')]
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
      .map(({ e, r }) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(r.right - box.right)} px`);
    const badge = li.querySelector('.slot-next')?.getBoundingClientRect();
    const mark = li.querySelector('.slot-mark')?.getBoundingClientRect();
    const covers = !!badge && !!mark && badge.left < mark.right && mark.left < badge.right && badge.top < mark.bottom && mark.top < badge.bottom;
    return { out, covers, overflow: li.scrollWidth - li.clientWidth };
  });
}

/** Records each step the slot's encoding shows, with its words (the steps come faster than a poll can see them). */
function recordSteps(page: Page): Promise<void> {
  return page.getByTestId('bench-nfc-encode').evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { nfcSteps: string[] }).nfcSteps = seen;
    new MutationObserver(() => {
      const step = `${element.getAttribute('data-state') ?? ''}: ${element.querySelector('[data-testid="bench-nfc-outcome"]')?.textContent ?? ''}`;
      if (seen.at(-1) !== step) seen.push(step);
    }).observe(element, { attributes: true, attributeFilter: ['data-state'], subtree: true, characterData: true, childList: true });
  });
}

let uid = 0x40;
const nextUid = () => `04B1C2D3E4F5${(uid++).toString(16).toUpperCase()}`;

for (const lang of ['en', 'de'] as const) {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    test(`the NFC slot says encode and the URL, then writing, reading back, filled; a card refused in words; the Label panel: URL and locked (${lang}, ${size.width}×${size.height})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const words = WORDS[lang];
      const shot = (what: string) => `test-results/e2e/screens/bench-nfc-slot-${what}-${size.width}x${size.height}-${lang}.png`;
      const name = `Wine chips ${lang} ${size.width}`;
      const { reelId } = await parts.station.call('reels.create', {
        name,
        expectedIdentifiers: [
          { tagType: 'NFC', count: 1 },
          { tagType: 'QR', count: 1 },
        ],
      });
      const template = 'https://id.example.test/01/09506000134352/21/{serial}';
      const prefix = `W${lang.toUpperCase()}${size.width}-`;
      await parts.station.call('printRun.generate', { reelId, spec: { count: 4, prefix, digits: 4, qr: template }, expected: true });
      const url = (p: number) => template.replace('{serial}', `${prefix}${String(p).padStart(4, '0')}`);
      await parts.station.call('nfc.settings', { reelId, encode: true, lock: true });

      const context = await browser.newContext({ viewport: size });
      await parts.station.call('station.language', { language: lang });
      const page = await context.newPage();
      const origin = `${new URL(parts.station.served.ready.url).origin}/?token=${parts.station.served.ready.token}`;
      await page.goto(`${origin}#/bench?reel=${encodeURIComponent(reelId)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('bench-position')).toHaveText('1');

      // Before any chip: the slot says encode, and the URL it will write, from the print data.
      const slot = page.getByTestId('slot-NFC');
      const encode = slot.getByTestId('bench-nfc-encode');
      await expect(slot.locator('.slot-next')).toHaveText(words.next, { timeout: 30_000 });
      await expect(encode).toContainText(words.encodeWith);
      const address = encode.getByTestId('bench-nfc-url');
      await expect(address).toHaveAttribute('title', url(1));
      await expect(address).toHaveText(url(1));
      // Shortened to fit, the serial at the end is shown whole, inside the slot.
      const tail = await address.locator('.url-tail').evaluate((e) => {
        const r = e.getBoundingClientRect();
        const a = e.parentElement!.getBoundingClientRect();
        return { text: e.textContent, whole: e.scrollWidth <= e.clientWidth, inside: r.right <= a.right + 0.5 && r.left >= a.left - 0.5 };
      });
      expect(tail).toEqual({ text: `${prefix}0001`, whole: true, inside: true });
      await expect(encode.getByTestId('bench-nfc-outcome')).toHaveText(words.waiting, { timeout: 30_000 });
      expect(await slotLayout(slot)).toEqual({ out: [], covers: false, overflow: 0 });
      await page.screenshot({ path: shot('1-waiting'), fullPage: true });

      // A chip: writing, then reading back, each said in the slot, then the slot filled with its UID.
      await recordSteps(page);
      const chipUid = nextUid();
      await expect(encode).toHaveAttribute('data-listening', 'true', { timeout: 30_000 });
      // A reader's time per command (some 20 ms), so each step is on the screen a moment, as at a real bench.
      const card = await present(parts.pcscd, () => placeChip(parts.pcscd.cardPort, new Type2Chip('NTAG213', chipUid), { commandMs: 20 }));
      try {
        await expect(slot).toHaveAttribute('aria-label', `NFC: ${chipUid}`, { timeout: 30_000 });
      } finally {
        await takeAway(parts.pcscd, card);
      }
      expect(await page.evaluate(() => (window as unknown as { nfcSteps: string[] }).nfcSteps)).toEqual([
        `encoding: ${words.writing(chipUid)}`,
        `verifying: ${words.verifying(chipUid)}`,
        `encoded: ${words.encodedLocked(chipUid)}`,
      ]);
      await expect(encode.getByTestId('bench-nfc-outcome')).toHaveText(words.encodedLocked(chipUid));
      await expect(page.getByTestId('slot-QR')).toHaveClass(/waiting/);
      expect(await slotLayout(slot)).toEqual({ out: [], covers: false, overflow: 0 });
      await page.screenshot({ path: shot('2-filled'), fullPage: true });

      // The QR scanned: position 1 saved; at position 2 a MIFARE Classic is refused, in words, said once.
      await parts.station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${url(1)}` });
      await expect(page.getByTestId('bench-position')).toHaveText('2', { timeout: 30_000 });
      await expect(address).toHaveAttribute('title', url(2));
      await expect(encode).toHaveAttribute('data-listening', 'true', { timeout: 30_000 });
      const classic = await present(parts.pcscd, () => placeCard(parts.pcscd.cardPort, '0A0B0C0D'));
      try {
        await expect(encode).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
      } finally {
        await takeAway(parts.pcscd, classic);
      }
      await expect(encode.getByTestId('bench-nfc-outcome')).toHaveText(words.classic);
      await expect(page.getByText(words.classic)).toHaveCount(1);
      await expect(slot).toHaveClass(/waiting/);
      expect(await slotLayout(slot)).toEqual({ out: [], covers: false, overflow: 0 });
      await page.screenshot({ path: shot('3-refused'), fullPage: true });
      if (lang === 'de') {
        const said = await page.getByRole('list', { name: 'Kennungen dieses Labels' }).innerText();
        for (const english of ENGLISH) expect(said, `English on the German Bench: “${english}”`).not.toContain(english);
      }

      // The Label panel of position 1: the URL written and "locked".
      await page.goto(`${origin}#/reelMap?reel=${encodeURIComponent(reelId)}`);
      await page.getByRole('gridcell', { name: /^Position 1: / }).click();
      const detail = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: /^Position 1/ }) });
      const nfc = detail.getByTestId('label-nfc');
      await expect(nfc.getByRole('heading', { name: words.nfcTitle })).toBeVisible({ timeout: 30_000 });
      await expect(nfc.getByTestId('label-nfc-url')).toHaveText(url(1));
      await expect(nfc.getByTestId('label-nfc-locked')).toHaveText(words.locked);
      await nfc.scrollIntoViewIfNeeded();
      const wider = await detail.evaluate((e) => {
        const right = e.getBoundingClientRect().right;
        return [...e.querySelectorAll('*')]
          .filter((d) => d.getBoundingClientRect().right > right + 0.5)
          .map((d) => `${d.tagName.toLowerCase()}.${[...d.classList].join('.')} ${Math.round(d.getBoundingClientRect().right - right)}px`)
          .join(', ');
      });
      expect(await detail.evaluate((e) => e.scrollWidth - e.clientWidth), wider).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shot('4-label-panel') });
      await context.close();
      // No encoder of this Reel is left waiting for the next test's chip.
      await parts.station.call('nfc.cancelEncode', {});
    });
  }
}
