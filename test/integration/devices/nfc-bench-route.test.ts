import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src-main/station';
import type { EventName } from '../../../src-shared/ipc/contract';
import { runStationTimed } from '../../helpers/cli';
import { present, startPcscd, takeAway, type Pcscd } from '../../helpers/pcscd';
import { tempDir } from '../../helpers/tmp';
import { Type2Chip } from '../../helpers/type2-chip';
import { until } from '../../helpers/until';
import { placeChip, type PlaceChipOptions } from '../../helpers/virtual-card';

// Encoding at the Bench (docs/devices.md, "Encoding a chip", "One PC/SC owner"): a station whose device supervisor
// watches pcscd's readers; nfc.encode takes the chip from the supervisor's own context, so the chip is no plain read
// (it fills the NFC slot only once verified), and each step of the encoding comes as nfc.encodeOutcome.

let dir: ReturnType<typeof tempDir>;
let starting: Promise<Pcscd> | undefined;
let pcscd: Pcscd;
let station: Station | undefined;
let reelId: string;
const seen: { name: EventName; payload: unknown }[] = [];

beforeAll(async () => {
  dir = tempDir('station-nfc-bench-');
  starting = startPcscd(dir.path);
  pcscd = await starting;
  process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
  const data = join(dir.path, 'data');
  const cli = (args: string[]) => runStationTimed(['--data', data, '--json', ...args], { PCSCLITE_CSOCK_NAME: pcscd.socket });
  expect((await cli(['connect', '--sandbox'])).code).toBe(0);
  reelId = ((await cli(['reel', 'create', '--name', 'Bench chips', '--expect', 'QR=1,NFC=1'])).json() as { reelId: string }).reelId;
  const run = await cli(['print-run', 'generate', '--reel', reelId, '--count', '3', '--qr-template', 'https://id.example.test/{serial}', '--expected']);
  expect(run.code, run.stderr).toBe(0);
  station = await createStation({ dataDir: data, autoSync: false, devices: { hid: false, virtualDevices: false, nfcPollMs: 200 } });
  station.subscribe((name, payload) => seen.push({ name, payload }));
  await until(
    async () => {
      const list = await station!.call('devices.list', {});
      return (
        list.ok &&
        (list.value as { devices: { id: string; status: { state: string } }[] }).devices.some((d) => d.id.startsWith('pcsc:') && d.status.state === 'connected')
      );
    },
    { what: "the supervisor to see pcscd's reader", withinMs: 30_000 },
  );
});

afterAll(async () => {
  await station?.close();
  await starting?.then(
    (started) => started.close(),
    () => undefined,
  );
  dir?.remove();
});

/** Starts nfc.encode (the encoder is waiting before the chip comes, as at the Bench), presents `chip`, and takes it away after. */
async function encodeAt(position: number, chip: Type2Chip, options: PlaceChipOptions = {}) {
  const answer = station!.call('nfc.encode', { reelId, position, timeoutS: 30 });
  const card = await present(pcscd, () => placeChip(pcscd.cardPort, chip, options));
  try {
    return await answer;
  } finally {
    await takeAway(pcscd, card);
  }
}

const outcomes = (from: number) =>
  seen
    .slice(from)
    .filter((e) => e.name === 'nfc.encodeOutcome')
    .map((e) => e.payload);
const reads = (from: number) => seen.slice(from).filter((e) => e.name === 'devices.read');

describe('encoding through the device supervisor', { timeout: 180_000 }, () => {
  it('the chip goes to the encoder, not to the slot as a read; encoding, verifying (the read-back), then encoded with its UID, URL and lock', async () => {
    const from = seen.length;
    const out = await encodeAt(1, new Type2Chip('NTAG213', '04C1C2C3C4C5C6'));
    expect(out).toMatchObject({ ok: true, value: { uid: '04C1C2C3C4C5C6', url: 'https://id.example.test/000001', verified: true } });
    expect(outcomes(from)).toEqual([
      { reelId, position: 1, state: 'waiting' },
      { reelId, position: 1, state: 'encoding', uid: '04C1C2C3C4C5C6' },
      { reelId, position: 1, state: 'verifying', uid: '04C1C2C3C4C5C6' },
      { reelId, position: 1, state: 'encoded', uid: '04C1C2C3C4C5C6', url: 'https://id.example.test/000001', locked: false },
    ]);
    expect(reads(from)).toEqual([]);
  });

  it('a torn write is refused with its code and words, and the retry completes it', async () => {
    const chip = new Type2Chip('NTAG213', '04D1D2D3D4D5D6');
    const from = seen.length;
    const torn = await encodeAt(2, chip, { tearAfterWrites: 2 });
    expect(torn).toMatchObject({ ok: false, error: { code: 'NFC_TORN_WRITE' } });
    expect(outcomes(from).at(-1)).toMatchObject({ position: 2, state: 'refused', uid: '04D1D2D3D4D5D6', code: 'NFC_TORN_WRITE', detail: { pagesWritten: 2 } });
    const retry = await encodeAt(2, chip);
    expect(retry).toMatchObject({ ok: true, value: { uid: '04D1D2D3D4D5D6', url: 'https://id.example.test/000002' } });
    expect(outcomes(from).at(-1)).toMatchObject({ position: 2, state: 'encoded' });
    expect(reads(from)).toEqual([]);
  });

  it('nfc.cancelEncode calls off a wait (the Bench moved on): NFC_CANCELED, no refusal counted; chips are plain reads again', async () => {
    const waiting = station!.call('nfc.encode', { reelId, position: 3, timeoutS: 30 });
    await until(
      async () => {
        const r = await station!.call('nfc.cancelEncode', {});
        return r.ok && (r.value as { canceled: number }).canceled === 1;
      },
      { what: 'the encoding to be waiting', withinMs: 10_000 },
    );
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'NFC_CANCELED' } });
    expect(await station!.call('nfc.counts', { reelId })).toMatchObject({ ok: true, value: { refused: { NFC_TORN_WRITE: 1 } } });
    const from = seen.length;
    const card = await present(pcscd, () => placeChip(pcscd.cardPort, new Type2Chip('NTAG213', '04E1E2E3E4E5E6')));
    try {
      await until(() => reads(from).length > 0, { what: 'the chip as a plain read', withinMs: 10_000 });
    } finally {
      await takeAway(pcscd, card);
    }
  });
});
