import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPcscDriver } from '../../../src-main/devices';
import { encodeChip, readChip } from '../../../src-main/devices/nfc/type2/encode';
import { withPresentedChip } from '../../../src-main/devices/nfc/type2/present';
import { uriMessage, ndefTlv } from '../../../src-main/devices/nfc/type2/ndef';
import { StationError } from '../../../src-shared/ipc/station-error';
import { present, startPcscd, takeAway, type Pcscd } from '../../helpers/pcscd';
import { tempDir } from '../../helpers/tmp';
import { Type2Chip, type ChipModel } from '../../helpers/type2-chip';
import { placeCard, placeChip, placeSmartCard, type PlaceChipOptions } from '../../helpers/virtual-card';

// Encoding Type 2 chips on the real stack (docs/devices.md, "Encoding a chip"): pcscd + vpcd, nfc-pcsc's transmit,
// and a virtual NTAG21x / Ultralight EV1 behind vpcd that keeps the data sheets' memory, lock bits and tearing
// (test/helpers/type2-chip.ts).

let dir: ReturnType<typeof tempDir>;
let starting: Promise<Pcscd> | undefined;
let pcscd: Pcscd;
const driver = createPcscDriver();

beforeAll(async () => {
  dir = tempDir('station-nfc-encode-');
  starting = startPcscd(dir.path);
  pcscd = await starting;
  process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
});

afterAll(async () => {
  await starting?.then(
    (started) => started.close(),
    () => undefined,
  );
  dir?.remove();
});

let uidCounter = 0x10;
function chip(model: ChipModel): Type2Chip {
  uidCounter += 1;
  return new Type2Chip(model, `04A1B2C3D4E5${uidCounter.toString(16).padStart(2, '0')}`);
}

/** How long one chip's work may wait for the chip; the tests' own timeout (below) is longer, so a chip never seen fails as NFC_NO_CHIP. */
const CHIP_WITHIN_MS = 30_000;

/** Places `c` once pcscd saw the last card leave, runs `work` on it through pcscd, and takes it away again. */
async function onReader<T>(
  c: Type2Chip | string,
  work: Parameters<typeof withPresentedChip<T>>[2],
  options: PlaceChipOptions = {},
): Promise<{ value?: T; error?: StationError; apdus: string[] }> {
  const card = await present(pcscd, () =>
    c === 'smart card' ? placeSmartCard(pcscd.cardPort) : typeof c === 'string' ? placeCard(pcscd.cardPort, c) : placeChip(pcscd.cardPort, c, options),
  );
  try {
    return { value: await withPresentedChip(driver, { timeoutMs: CHIP_WITHIN_MS }, work), apdus: card.apdus };
  } catch (error) {
    if (error instanceof StationError) return { error, apdus: card.apdus };
    throw error;
  } finally {
    await takeAway(pcscd, card);
  }
}

const URL_60 = 'https://id.example.test/01/09506000134352/21/SN0000000001AB?x=1';

// Every wait inside is bounded (the chip's, pcscd's); the test's timeout is the last bound, well above them.
describe('encoding Type 2 chips through pcscd + vpcd', { timeout: 180_000 }, () => {
  it.each([
    ['NTAG213', 'NTAG213', 144],
    ['NTAG215', 'NTAG215', 504],
    ['NTAG216', 'NTAG216', 888],
    ['MF0UL11', 'MIFARE Ultralight EV1 (MF0UL11)', 48],
    ['MF0UL21', 'MIFARE Ultralight EV1 (MF0UL21)', 128],
  ] as const)('writes and verifies a URL on a %s (type and memory from GET_VERSION)', async (model, type, capacity) => {
    const c = chip(model);
    const url = capacity === 48 ? 'https://ex.test/a/SN01' : URL_60;
    const { value } = await onReader(c, (p) => encodeChip(p.channel, { url, lock: false }));
    expect(value).toMatchObject({ type, url, locked: false, verified: true, alreadyEncoded: false });
    const tlv = ndefTlv(uriMessage(url));
    expect(c.user(tlv.length).equals(tlv)).toBe(true);
    // A blank Ultralight EV1 is formatted for NDEF with its size.
    if (model.startsWith('MF0UL')) expect(c.page(3).toString('hex')).toBe(model === 'MF0UL11' ? 'e1100600' : 'e1101000');
    const read = await onReader(c, (p) => readChip(p.channel));
    expect(read.value).toEqual({ type, capacity, locked: false, ndef: [{ tnf: 1, type: 'U', uri: url }] });
  });

  it('a URL over 255 bytes on an NTAG216 (a 3-byte TLV length) is written and read back', async () => {
    const c = chip('NTAG216');
    const url = `https://id.example.test/${'p'.repeat(400)}`;
    const { value } = await onReader(c, (p) => encodeChip(p.channel, { url, lock: true }));
    expect(value).toMatchObject({ type: 'NTAG216', locked: true, verified: true });
    expect(c.page(4).subarray(0, 2).toString('hex')).toBe('03ff');
    expect((await onReader(c, (p) => readChip(p.channel))).value?.ndef).toEqual([{ tnf: 1, type: 'U', uri: url }]);
  });

  it('refuses a URL one byte too long for an NTAG213, naming the bytes needed and the capacity; one that fits exactly is written', async () => {
    const fits = `https://${'a'.repeat(136)}`;
    const c = chip('NTAG213');
    const { error } = await onReader(c, (p) => encodeChip(p.channel, { url: `${fits}b`, lock: false }));
    expect(error?.code).toBe('NFC_URL_TOO_LONG');
    expect(error?.message).toContain('needs 145 bytes and the NTAG213 holds 144');
    expect(c.writes).toBe(0);
    const ok = await onReader(c, (p) => encodeChip(p.channel, { url: fits, lock: false }));
    expect(ok.value).toMatchObject({ verified: true, bytesWritten: 144 });
  });

  it('locks: static and dynamic lock bits and a read-only CC; a rewrite is refused naming what it holds; the same URL is accepted as encoded', async () => {
    const c = chip('NTAG213');
    const locked = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: true }));
    expect(locked.value).toMatchObject({ locked: true, verified: true });
    expect(c.page(2).subarray(2).toString('hex')).toBe('ffff');
    expect(c.page(3).toString('hex')).toBe('e110120f');
    for (const page of [3, 4, 15, 16, 39]) expect(c.locked(page)).toBe(true);
    // The chip itself refuses a write now, whatever sends it.
    const before = c.user();
    expect(c.write(20, Buffer.from('00000000', 'hex'))).toBe(0);

    const other = await onReader(c, (p) => encodeChip(p.channel, { url: 'https://other.example.test/2', lock: false }));
    expect(other.error?.code).toBe('NFC_LOCKED_OTHER');
    expect(other.error?.message).toContain(`holds the URL ${URL_60}`);
    expect(c.user().equals(before)).toBe(true);

    const same = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: true }));
    expect(same.value).toMatchObject({ locked: true, verified: true, alreadyEncoded: true, bytesWritten: 0 });
    expect((await onReader(c, (p) => readChip(p.channel))).value).toMatchObject({ locked: true, ndef: [{ uri: URL_60 }] });
  });

  it('a torn write: the chip goes away after 3 page writes, nothing is claimed, no half URL shows; presented again, the writing completes', async () => {
    const c = chip('NTAG213');
    const first = await onReader(c, (p) => encodeChip(p.channel, { url: 'https://first.example.test/one', lock: false }));
    expect(first.value?.verified).toBe(true);

    const torn = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: false }), { tearAfterWrites: 3 });
    expect(torn.error?.code).toBe('NFC_TORN_WRITE');
    expect(torn.error?.message).toContain('Present the chip again');
    // Page 4 was emptied before the body was written: a phone reads an empty message, never half of either URL.
    expect((await onReader(c, (p) => readChip(p.channel))).value?.ndef).toEqual([]);

    const retry = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: false }));
    expect(retry.value).toMatchObject({ verified: true, url: URL_60 });
    expect((await onReader(c, (p) => readChip(p.channel))).value?.ndef).toEqual([{ tnf: 1, type: 'U', uri: URL_60 }]);
  });

  it('without GET_VERSION (a reader with no direct transmit) the type and memory come from the CC, and the lock still holds', async () => {
    const c = chip('NTAG213');
    const { value } = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: true }), { noDirectTransmit: true });
    expect(value).toMatchObject({ type: 'Type 2 tag of 144 bytes', locked: true, verified: true });
    for (const page of [4, 16, 39]) expect(c.locked(page)).toBe(true);
  });

  it('a chip whose read-back differs is refused, naming the page', async () => {
    const c = chip('NTAG213');
    c.weakPages.add(6);
    const { error } = await onReader(c, (p) => encodeChip(p.channel, { url: URL_60, lock: false }));
    expect(error?.code).toBe('NFC_VERIFY_FAILED');
    expect(error?.message).toContain('page 6');
  });

  it('a card that is no Type 2 tag is refused with its kind in words', async () => {
    const { error } = await onReader('01020304', (p) => encodeChip(p.channel, { url: URL_60, lock: false }));
    expect(error?.code).toBe('NFC_NOT_TYPE2');
    expect(error?.message).toContain('MIFARE Classic 1K');
  });

  it('an ISO 14443-4 card (whose UID nfc-pcsc does not read) is refused with its kind in words', async () => {
    const { error } = await onReader('smart card', (p) => encodeChip(p.channel, { url: URL_60, lock: false }));
    expect(error?.code).toBe('NFC_NOT_TYPE2');
    expect(error?.message).toContain('an ISO 14443-4 smart card');
  });

  it('a 60-byte URL, encoded, locked and verified on an NTAG213: commands beside the fewest pages', async () => {
    const c = chip('NTAG213');
    const url = 'https://id.example.test/01/09506000134352/21/SN00000000001AB';
    expect(Buffer.byteLength(url)).toBe(60);
    const { value } = await onReader(c, (p) => encodeChip(p.channel, { url, lock: true }));
    expect(value?.pagesNeeded).toBe(15);
    // GET_VERSION, pages 0-3, the current message, its pages, CC + dynamic + static lock, the read-back.
    expect(value?.commands).toBeLessThanOrEqual(2 * (value?.pagesNeeded ?? 0));
  });
});
