import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceSupervisor, createPcscDriver, createSerialportDriver, memoryPreferencesStore } from '../../../src-main/devices';
import { startPcscd, type Pcscd } from '../../helpers/pcscd';
import { tempDir } from '../../helpers/tmp';
import { placeCard } from '../../helpers/virtual-card';
import { EventRecorder } from '../../helpers/device-events';

// NFC on the real stack (docs/testing.md, "Real parts"): pcscd + vpcd's virtual reader + a virtual card
// in Node; nfc-pcsc reads the UID. The pcscd is this file's own, in a mount namespace of its own
// (test/helpers/pcscd.ts): a system pcscd, or none, makes no difference.

let dir: ReturnType<typeof tempDir>;
let pcscd: Pcscd;
/** The start itself, so afterAll stops what it started even when the start outlived the hook. */
let starting: Promise<Pcscd> | undefined;
let supervisor: DeviceSupervisor;
const recorder = new EventRecorder();
let reader: string;

beforeAll(async () => {
  dir = tempDir('station-nfc-');
  starting = startPcscd(dir.path);
  pcscd = await starting;
  // libpcsclite reads it at its first call; this file runs in a process of its own (pool: forks).
  process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
  reader = `pcsc:${pcscd.readerName}`;
  supervisor = new DeviceSupervisor({
    serialDriver: createSerialportDriver(),
    nfcDriver: createPcscDriver(),
    nfcPollMs: 300,
    preferences: memoryPreferencesStore(),
  });
  supervisor.subscribe(recorder.listener);
  supervisor.start();
});

afterAll(async () => {
  await supervisor?.close();
  await starting?.then(
    (started) => started.close(),
    () => undefined,
  );
  dir?.remove();
});

describe('NFC reader over pcscd + vpcd', () => {
  it('finds the reader and reads card UIDs as uppercase hex, on and off', async () => {
    await recorder.waitFor('devices.status', (s) => s.device === reader && s.status.state === 'connected');
    expect(supervisor.info('pcsc').status.state).toBe('connected');

    const first = await placeCard(pcscd.cardPort, '04a23b1c5d8000');
    const read = await recorder.waitFor('devices.read', (r) => r.device === reader);
    expect(read).toMatchObject({ tagType: 'NFC', value: '04A23B1C5D8000', device: reader });
    expect(first.apdus).toContain('FFCA000000');
    expect(supervisor.info(reader).status.state).toBe('reading');
    const mark = recorder.mark();
    await first.remove();
    await recorder.waitFor('devices.status', (s) => s.device === reader && s.status.state === 'connected', mark);

    const second = await placeCard(pcscd.cardPort, 'deadbeef');
    expect(await recorder.waitFor('devices.read', (r) => r.value === 'DEADBEEF')).toMatchObject({ tagType: 'NFC', device: reader });
    await second.remove();
    expect(recorder.of('devices.read').map((r) => r.value)).toEqual(['04A23B1C5D8000', 'DEADBEEF']);
  });

  it('survives pcscd being killed and restarted: clear status, then reads resume', async () => {
    let mark = recorder.mark();
    await pcscd.kill('SIGKILL');
    const down = await recorder.waitFor('devices.status', (s) => s.device === 'pcsc' && s.status.state === 'disconnected', mark);
    expect(down.status.code).toBe('NO_PCSC_SERVICE');
    expect(down.status.reason).toContain('pcscd');
    expect(supervisor.info(reader).status).toMatchObject({ state: 'disconnected', code: 'NO_PCSC_SERVICE' });

    mark = recorder.mark();
    await pcscd.restart();
    await recorder.waitFor('devices.status', (s) => s.device === reader && s.status.state === 'connected', mark);
    const card = await placeCard(pcscd.cardPort, '0102030405060708');
    expect(await recorder.waitFor('devices.read', (r) => r.value === '0102030405060708', mark)).toMatchObject({ tagType: 'NFC', device: reader });
    await card.remove();
  });
});
