import { expect, test, type Page } from '@playwright/test';
import { present, takeAway } from '../helpers/pcscd';
import { Type2Chip } from '../helpers/type2-chip';
import { placeChip, type PlaceChipOptions } from '../helpers/virtual-card';
import { pcscdStation } from '../helpers/e2e/pcscd-station';

// Encoding at the Bench (docs/devices.md, "Encoding a chip"): on a Reel that encodes, the NFC slot says "encode" with
// the URL from the print data before the chip comes (its steps in both languages: bench-nfc-slot.spec.ts); a virtual
// NTAG213 behind pcscd + vpcd, presented at the bench's reader, is written and read back by nfc.encode on `station
// serve`, and only then fills the slot with its UID; the Label saves with it. A chip taken away mid-write is "present
// the chip again", said in the slot, and presented again it completes.

const nfc = pcscdStation('station-e2e-bench-nfc-');

const url = (p: number) => `https://ex.test/CHIP-${String(p).padStart(4, '0')}`;

/** Presents `chip` once the Bench says it listens for one, and takes it away after `until` holds. */
async function presentAtBench(page: Page, chip: Type2Chip, until: () => Promise<void>, options: PlaceChipOptions = {}): Promise<void> {
  await expect(page.getByTestId('bench-nfc-encode')).toHaveAttribute('data-listening', 'true', { timeout: 30_000 });
  const card = await present(nfc.pcscd, () => placeChip(nfc.pcscd.cardPort, chip, options));
  try {
    await until();
  } finally {
    await takeAway(nfc.pcscd, card);
  }
}

let uid = 0x20;
const nextUid = () => `04A0B0C0D0E0${(uid++).toString(16).toUpperCase()}`;
for (const size of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the NFC slot encodes a chip presented at the Bench, fills it with its UID once verified, and saves; a torn write, then the retry (${size.width}×${size.height})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { reelId } = await nfc.station.call('reels.create', { name: `Chips ${size.width}`, expectedIdentifiers: [{ tagType: 'NFC', count: 1 }] });
    await nfc.station.call('printRun.generate', { reelId, spec: { count: 4, prefix: 'CHIP-', digits: 4, qr: 'https://ex.test/{serial}' }, expected: true });
    await nfc.station.call('nfc.settings', { reelId, encode: true });

    const page = await browser.newPage({ viewport: size });
    await page.goto(`${new URL(nfc.station.served.ready.url).origin}/?token=${nfc.station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
    await expect(page.getByTestId('bench-position')).toHaveText('1');
    // The NFC slot itself says encode, and the URL it will write: known from the print data before any chip comes.
    const slot = page.getByTestId('slot-NFC');
    const encode = slot.getByTestId('bench-nfc-encode');
    await expect(slot.locator('.slot-next')).toHaveText('next: encode', { timeout: 30_000 });
    await expect(encode).toContainText('encode with');
    await expect(encode.getByTestId('bench-nfc-url')).toHaveText(url(1));
    await expect(encode.getByTestId('bench-nfc-url')).toHaveAttribute('title', url(1));
    await expect(encode.getByTestId('bench-nfc-outcome')).toHaveText(/^Place the Label’s chip on the reader/, { timeout: 30_000 });
    await page.screenshot({ path: `test-results/e2e/screens/bench-nfc-encode-waiting-${size.width}x${size.height}.png` });

    const firstUid = nextUid();
    const first = new Type2Chip('NTAG213', firstUid);
    await presentAtBench(page, first, async () => {
      await expect(page.getByTestId('bench-position')).toHaveText('2', { timeout: 30_000 });
    });
    const label1 = (await nfc.station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 1);
    expect(label1?.identifiers).toEqual([expect.objectContaining({ tagType: 'NFC', value: firstUid })]);
    expect(await nfc.station.call('nfc.encoding', { reelId, position: 1 })).toMatchObject({ encoding: { uid: firstUid, url: url(1), locked: false } });

    // Position 2: the chip is taken away after two page writes; the slot stays empty and says to present it again.
    await expect(encode.getByTestId('bench-nfc-url')).toHaveText(url(2));
    const tornUid = nextUid();
    const torn = new Type2Chip('NTAG213', tornUid);
    await presentAtBench(
      page,
      torn,
      async () => {
        await expect(encode).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
      },
      { tearAfterWrites: 2 },
    );
    // Said in the slot, and only there.
    const again = `The chip ${tornUid} was taken away while it was written: present the chip again; the writing completes.`;
    await expect(encode.getByTestId('bench-nfc-outcome')).toHaveText(again);
    await expect(page.getByText(/present the chip again/)).toHaveCount(1);
    await expect(slot).toContainText('waiting');
    await page.screenshot({ path: `test-results/e2e/screens/bench-nfc-encode-torn-${size.width}x${size.height}.png` });
    await presentAtBench(page, torn, async () => {
      await expect(page.getByTestId('bench-position')).toHaveText('3', { timeout: 30_000 });
    });
    const label2 = (await nfc.station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 2);
    expect(label2?.identifiers).toEqual([expect.objectContaining({ tagType: 'NFC', value: tornUid })]);
    expect(await nfc.station.call('nfc.counts', { reelId })).toMatchObject({ encoded: 2, refused: { NFC_TORN_WRITE: 1 } });
    await page.close();
    // Position 3's wait ends with the page, not 25 s later: no encoder of this Reel is left for the next test's chip.
    await nfc.station.call('nfc.cancelEncode', {});
  });
}
