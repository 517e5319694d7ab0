import { expect, test } from '@playwright/test';
import { present, startPcscd, takeAway, type Pcscd } from '../helpers/pcscd';
import { tempDir } from '../helpers/tmp';
import { Type2Chip } from '../helpers/type2-chip';
import { placeCard, placeChip } from '../helpers/virtual-card';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';
import { answerConfirm } from '../helpers/e2e/confirm';

// A chip encoded by the station (docs/devices.md, "Encoding a chip"), seen where a shift lead looks afterwards: the
// Label panel of the Reel map shows the URL written, that it is locked and the tag type; the Reel report and the shift
// summary count the chips encoded, locked and refused by reason. The chip is a virtual NTAG213 behind pcscd + vpcd, encoded through the
// station's own nfc.encode command on `station serve`.

let dir: { path: string; remove(): void };
let pcscd: Pcscd;
let station: ServedStation;
let reelId: string;
const CHIP_URL = 'https://id.example.test/01/09506000134352/21/NFC-E2E-1';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = tempDir('station-e2e-nfc-');
  pcscd = await startPcscd(dir.path);
  // The served station (a child process) finds this pcscd by its socket.
  process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await station.call('reels.create', { name: 'Chips reel', expectedIdentifiers: [{ tagType: 'NFC', count: 1 }] }));

  const chip = new Type2Chip('NTAG213', '04E2E0E1E2E3E4');
  const card = await present(pcscd, () => placeChip(pcscd.cardPort, chip));
  try {
    const out = await station.call('nfc.encode', { reelId, position: 1, url: CHIP_URL, lock: true, timeoutS: 30 });
    expect(out).toMatchObject({ uid: '04E2E0E1E2E3E4', url: CHIP_URL, type: 'NTAG213', locked: true, verified: true });
    await station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'NFC', value: out.uid }] });
  } finally {
    await takeAway(pcscd, card);
  }
  expect(chip.locked(4)).toBe(true);
  // A MIFARE Classic presented for position 2 is refused and counted by its reason.
  const classic = await present(pcscd, () => placeCard(pcscd.cardPort, '0A0B0C0D'));
  try {
    await expect(station.call('nfc.encode', { reelId, position: 2, url: `${CHIP_URL}-2`, timeoutS: 30 })).rejects.toThrow(/NFC_NOT_TYPE2/);
  } finally {
    await takeAway(pcscd, classic);
  }
});

test.afterAll(async () => {
  await station?.stop();
  await pcscd?.close();
  dir?.remove();
});

for (const size of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the Label panel shows the URL written, "locked" and the tag type; the Reel report and the shift summary count the chips (${size.width}×${size.height})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await browser.newPage({ viewport: size });
    const origin = `${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}`;
    await page.goto(`${origin}#/reelMap?reel=${encodeURIComponent(reelId)}`);
    await page.getByRole('gridcell', { name: /^Position 1: / }).click();
    const detail = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: /^Position 1/ }) });
    const nfc = detail.getByTestId('label-nfc');
    await expect(nfc.getByRole('heading', { name: 'NFC chip' })).toBeVisible({ timeout: 30_000 });
    await expect(nfc.getByTestId('label-nfc-url')).toHaveText(CHIP_URL);
    await expect(nfc.getByTestId('label-nfc-locked')).toHaveText('locked: the chip can never be rewritten');
    await expect(nfc.getByTestId('label-nfc-type')).toHaveText('NTAG213');
    await nfc.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/label-nfc-${size.width}x${size.height}.png` });

    // The Reel report, and the shift summary across Reels, count the chips by the same rule.
    for (const [hash, shot] of [
      [`report?reel=${encodeURIComponent(reelId)}`, 'report-nfc'],
      ['shift', 'shift-nfc'],
    ] as const) {
      await page.goto(`${origin}#/${hash}`);
      const counts = page.getByTestId('report-nfc');
      await expect(counts.getByRole('heading', { name: 'NFC chips' })).toBeVisible({ timeout: 30_000 });
      await expect(counts.getByTestId('report-nfc-encoded')).toHaveText('1');
      await expect(counts.getByTestId('report-nfc-locked')).toHaveText('1');
      await expect(counts.getByText('Refused: not an NFC Type 2 tag')).toBeVisible();
      await counts.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/screens/${shot}-${size.width}x${size.height}.png` });
    }
    await page.close();
  });
}

test('Reels: a Reel’s NFC chips are set to encode and, after the warning that it cannot be undone, to lock', async ({ browser }) => {
  test.setTimeout(120_000);
  const { reelId: other } = await station.call('reels.create', { name: 'Lock reel', expectedIdentifiers: [{ tagType: 'NFC', count: 1 }] });
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await station.call('nfc.settings', { reelId: other, encode: false, lock: false });
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reels`);
    await chooseReelSetUp(page, 'Lock reel', 'NFC chips of Reel “Lock reel”');
    const panel = page.getByTestId('reel-nfc-settings');
    const encode = panel.getByRole('checkbox', { name: /^Encode each chip at the Bench/ });
    const lock = panel.getByRole('checkbox', { name: 'Lock each chip after writing' });
    // Both off by default.
    await expect(encode).not.toBeChecked();
    await expect(lock).not.toBeChecked();
    await expect(panel.getByText('Chips stay rewritable (the default).')).toBeVisible();
    await encode.click();
    await expect(encode).toBeChecked();

    // Declined: nothing changes.
    await lock.click();
    await answerConfirm(page, 'cancel');
    await expect(lock).not.toBeChecked();
    expect(await station.call('nfc.settings', { reelId: other })).toEqual({ encode: true, lock: false });

    await lock.click();
    const warning = await answerConfirm(page, 'confirm');
    await expect(lock).toBeChecked();
    expect(warning).toContain('A locked chip can never be rewritten or unlocked, not even by this station.');
    await expect(panel.getByText(/^Chips are locked after writing/)).toBeVisible();
    expect(await station.call('nfc.settings', { reelId: other })).toEqual({ encode: true, lock: true });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/reel-nfc-settings-${size.width}x${size.height}.png` });
    await page.close();
  }
});
