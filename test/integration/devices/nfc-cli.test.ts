import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStationTimed } from '../../helpers/cli';
import { present, startPcscd, takeAway, type Pcscd } from '../../helpers/pcscd';
import { tempDir } from '../../helpers/tmp';
import { Type2Chip } from '../../helpers/type2-chip';
import { placeCard, placeChip, type PlaceChipOptions } from '../../helpers/virtual-card';

// `station nfc read` and `station nfc encode` (docs/devices.md, "Encoding a chip") as a script runs them: the real
// CLI, its own PC/SC context on a pcscd of this file's own with vpcd, and a virtual Type 2 chip behind it.

let dir: ReturnType<typeof tempDir>;
let starting: Promise<Pcscd> | undefined;
let pcscd: Pcscd;
let data: string;
let reelId: string;
let env: NodeJS.ProcessEnv;

const cli = (args: string[]) => runStationTimed(['--data', data, '--json', ...args], env);

beforeAll(async () => {
  dir = tempDir('station-nfc-cli-');
  starting = startPcscd(dir.path);
  pcscd = await starting;
  env = { PCSCLITE_CSOCK_NAME: pcscd.socket };
  data = join(dir.path, 'data');
  expect((await cli(['connect', '--sandbox'])).code).toBe(0);
  reelId = ((await cli(['reel', 'create', '--name', 'Chips', '--expect', 'QR=1,NFC=1'])).json() as { reelId: string }).reelId;
  const run = await cli(['print-run', 'generate', '--reel', reelId, '--count', '4', '--qr-template', 'https://id.example.test/{serial}', '--expected']);
  expect(run.code, run.stderr).toBe(0);
});

afterAll(async () => {
  await starting?.then(
    (started) => started.close(),
    () => undefined,
  );
  dir?.remove();
});

/** Runs the CLI with `chip` on the reader (placed once pcscd saw the last one leave), then takes it away and waits until pcscd saw it go. */
async function withChipOnReader(chip: Type2Chip | string, args: string[], options: PlaceChipOptions = {}) {
  const card = await present(pcscd, () => (typeof chip === 'string' ? placeCard(pcscd.cardPort, chip) : placeChip(pcscd.cardPort, chip, options)));
  try {
    return await cli(args);
  } finally {
    await takeAway(pcscd, card);
  }
}

const errorOf = (r: { json(): unknown }) => (r.json() as { error: { code: string; message: string } }).error;

// Every wait inside is bounded (pcscd's, the CLI's --timeout); the test's timeout is the last bound, well above them.
describe('station nfc', { timeout: 240_000 }, () => {
  it('encode writes the print data URL, answers in the documented shape, and read shows it', async () => {
    const chip = new Type2Chip('NTAG213', '04112233445566');
    const out = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '1', '--timeout', '60']);
    expect(out.code, out.stderr).toBe(0);
    const answer = out.json() as Record<string, unknown>;
    expect(Object.keys(answer)).toEqual(['uid', 'url', 'type', 'bytesWritten', 'locked', 'verified']);
    expect(answer).toMatchObject({ uid: '04112233445566', url: 'https://id.example.test/000001', type: 'NTAG213', locked: false, verified: true });

    const read = await withChipOnReader(chip, ['nfc', 'read']);
    expect(read.code, read.stderr).toBe(0);
    expect(read.json()).toEqual({
      uid: '04112233445566',
      type: 'NTAG213',
      capacity: 144,
      locked: false,
      ndef: [{ tnf: 1, type: 'U', uri: 'https://id.example.test/000001' }],
    });
  });

  it('refuses the same chip for a second position, naming the position it was encoded for', async () => {
    const chip = new Type2Chip('NTAG213', '04112233445566');
    const out = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '2']);
    expect(out.code).toBe(1);
    expect(errorOf(out).code).toBe('NFC_OTHER_POSITION');
    expect(errorOf(out).message).toContain('was encoded for position 1');
  });

  it('--lock --enroll: locks, verifies, and enrolls the position with the UID; a rewrite is then refused', async () => {
    const chip = new Type2Chip('NTAG215', '04A0A1A2A3A4A5');
    const out = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '2', '--lock', '--enroll']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.json()).toMatchObject({ uid: '04A0A1A2A3A4A5', type: 'NTAG215', locked: true, verified: true, state: 'queued' });
    const shown = (await cli(['reel', 'show', reelId])).json() as { labels: { position: number; identifiers: { tagType: string; value: string }[] }[] };
    expect(shown.labels.find((l) => l.position === 2)?.identifiers).toContainEqual(expect.objectContaining({ tagType: 'NFC', value: '04A0A1A2A3A4A5' }));
    expect(chip.locked(4)).toBe(true);

    const rewrite = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '2', '--url', 'https://other.example.test/x']);
    expect(errorOf(rewrite).code).toBe('NFC_LOCKED_OTHER');
    expect(errorOf(rewrite).message).toContain('holds the URL https://id.example.test/000002');
    // Locked with this very content: accepted as encoded.
    const again = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '2']);
    expect(again.json()).toMatchObject({ locked: true, verified: true, bytesWritten: 0 });
  });

  it("the Reel's lock setting (off by default) locks chips encoded without --lock", async () => {
    expect((await cli(['nfc', 'settings', '--reel', reelId])).json()).toEqual({ encode: false, lock: false });
    expect((await cli(['nfc', 'settings', '--reel', reelId, '--lock', 'maybe'])).code).toBe(2);
    expect((await cli(['nfc', 'settings', '--reel', reelId, '--encode', 'on', '--lock', 'on'])).json()).toEqual({ encode: true, lock: true });
    const chip = new Type2Chip('MF0UL21', '04D0D1D2D3D4D5');
    const out = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '4']);
    expect(out.json()).toMatchObject({ type: 'MIFARE Ultralight EV1 (MF0UL21)', locked: true, verified: true });
    expect(chip.locked(20)).toBe(true);
    await cli(['nfc', 'settings', '--reel', reelId, '--encode', 'off', '--lock', 'off']);
  });

  it('a torn write is refused with "present the chip again", and the retry completes it', async () => {
    const chip = new Type2Chip('NTAG213', '04B0B1B2B3B4B5');
    const torn = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '3'], { tearAfterWrites: 2 });
    expect(torn.code).toBe(1);
    expect(errorOf(torn).code).toBe('NFC_TORN_WRITE');
    expect(errorOf(torn).message).toContain('Present the chip again');
    const retry = await withChipOnReader(chip, ['nfc', 'encode', '--reel', reelId, '--position', '3', '--enroll']);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.json()).toMatchObject({ uid: '04B0B1B2B3B4B5', url: 'https://id.example.test/000003', verified: true });
  });

  it('refuses a URL too long, a card that is no Type 2 tag, and waiting with no chip, each in words', async () => {
    const long = await withChipOnReader(new Type2Chip('NTAG213', '04C0C1C2C3C4C5'), [
      'nfc',
      'encode',
      '--reel',
      reelId,
      '--position',
      '4',
      '--url',
      `https://${'a'.repeat(137)}`,
    ]);
    expect(errorOf(long)).toMatchObject({ code: 'NFC_URL_TOO_LONG' });
    expect(errorOf(long).message).toContain('needs 145 bytes and the NTAG213 holds 144');

    const classic = await withChipOnReader('0A0B0C0D', ['nfc', 'encode', '--reel', reelId, '--position', '5', '--url', 'https://x.test/5']);
    expect(errorOf(classic).code).toBe('NFC_NOT_TYPE2');
    expect(errorOf(classic).message).toContain('a MIFARE Classic 1K card');

    const none = await cli(['nfc', 'encode', '--reel', reelId, '--position', '5', '--url', 'https://x.test/5', '--timeout', '1']);
    expect(none.code).toBe(1);
    expect(errorOf(none).code).toBe('NFC_NO_CHIP');

    // The Reel's counts: chips encoded and locked, refusals by reason (no chip at all is no refusal).
    const counts = await cli(['nfc', 'counts', '--reel', reelId]);
    expect(counts.json()).toEqual({
      encoded: 4,
      locked: 2,
      refused: { NFC_LOCKED_OTHER: 1, NFC_NOT_TYPE2: 1, NFC_OTHER_POSITION: 1, NFC_TORN_WRITE: 1, NFC_URL_TOO_LONG: 1 },
    });
  });
});
