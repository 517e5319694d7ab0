import { closeSync, openSync, writeSync } from 'node:fs';
import { SerialPort } from 'serialport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceSupervisor, createSerialportDriver, memoryPreferencesStore } from '../../../src-main/devices';
import type { SerialSettingsInput } from '../../../src-shared/ipc/devices';
import { openPtyPair, type PtyPair } from '../../helpers/pty-pair';
import { tempDir } from '../../helpers/tmp';
import { EventRecorder } from '../../helpers/device-events';

// Serial scanners over a real socat pty pair (docs/testing.md, "Real parts"): the supervisor opens one
// side with serialport, the test writes scanner output to the other. Reopening waits
// at most RECONNECT_MS here, so a test waits for a pty that comes back, not for the backoff.

const RECONNECT_MS = 20;

let dir: ReturnType<typeof tempDir>;
let pty: PtyPair;
let supervisor: DeviceSupervisor | undefined;
let recorder: EventRecorder;

function start(settings: Partial<SerialSettingsInput> = {}, roles: Record<string, 'QR' | 'DATA_MATRIX' | 'TEXT'> = {}) {
  recorder = new EventRecorder();
  supervisor = new DeviceSupervisor({
    serialDriver: createSerialportDriver(),
    preferences: memoryPreferencesStore({ serialPorts: [], roles }),
    extraSerialPorts: [{ path: pty.station, ...settings }],
    serialReconnectMs: RECONNECT_MS,
  });
  supervisor.subscribe(recorder.listener);
  supervisor.start();
  return `serial:${pty.station}`;
}

/** Writes bytes as the scanner would, each array element a separate write with a pause between. */
async function scan(...parts: (string | Uint8Array)[]) {
  const fd = openSync(pty.scanner, 'w');
  try {
    for (const part of parts) {
      writeSync(fd, typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
      await new Promise((r) => setTimeout(r, 30));
    }
  } finally {
    closeSync(fd);
  }
}

beforeEach(async () => {
  dir = tempDir('station-serial-');
  pty = await openPtyPair(dir.path);
});

afterEach(async () => {
  await supervisor?.close();
  supervisor = undefined;
  await pty.close();
  dir.remove();
});

describe('serial scanner over a pty', () => {
  it('types reads by AIM symbology id, keeps GS, joins a split line, and falls back to the slot', async () => {
    const device = start({}, {});
    await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'connected');
    await scan(']Q1https://example.org/l/42\r');
    await scan(']d2\u001d01040123450123452110ABC\r');
    await scan(']C0REEL-', '0042\r');
    await scan('NO-PREFIX-1\r');
    await recorder.waitFor('devices.read', (r) => r.value === 'NO-PREFIX-1');
    expect(recorder.of('devices.read').map(({ tagType, value, device: d, basis }) => ({ tagType, value, device: d, basis }))).toEqual([
      { tagType: 'QR', value: 'https://example.org/l/42', device, basis: 'symbology' },
      { tagType: 'DATA_MATRIX', value: '\u001d01040123450123452110ABC', device, basis: 'symbology' },
      { tagType: 'BAR_CODE', value: 'REEL-0042', device, basis: 'symbology' },
      { tagType: 'BAR_CODE', value: 'NO-PREFIX-1', device, basis: 'fallback' },
    ]);
    supervisor?.assignRole(device, 'DATA_MATRIX');
    await scan('NO-PREFIX-2\r');
    expect(await recorder.waitFor('devices.read', (r) => r.value === 'NO-PREFIX-2')).toMatchObject({ tagType: 'DATA_MATRIX', basis: 'device' });
    const read = recorder.of('devices.read')[0];
    expect(Number.isNaN(Date.parse(read?.at ?? ''))).toBe(false);
  });

  it('honours CRLF and custom terminators', async () => {
    const device = start({ terminator: 'custom', customTerminator: '03' });
    await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'connected');
    await scan('ETX-1\u0003ETX-2\u0003');
    await recorder.waitFor('devices.read', (r) => r.value === 'ETX-2');
    await supervisor?.close();

    const crlf = start({ terminator: 'CRLF' });
    await recorder.waitFor('devices.status', (s) => s.device === crlf && s.status.state === 'connected');
    await scan('CRLF-1\r\n', 'CRLF-2\r', '\n');
    await recorder.waitFor('devices.read', (r) => r.value === 'CRLF-2');
    await supervisor?.close();

    // A scanner sending CRLF to a port set to CR: the stray LF is not an empty read.
    const cr = start();
    await recorder.waitFor('devices.status', (s) => s.device === cr && s.status.state === 'connected');
    await scan('X-1\r\nX-2\r\n');
    await recorder.waitFor('devices.read', (r) => r.value === 'X-2');
    expect(recorder.of('devices.read').map((r) => r.value)).toEqual(['X-1', 'X-2']);
    expect(recorder.of('devices.readRejected')).toEqual([]);
  });

  it('refuses bad input with a reason and keeps reading', async () => {
    const device = start();
    await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'connected');
    await scan('x'.repeat(10_240) + '\r');
    await scan('AB\u0007C\r');
    await scan(Uint8Array.of(0x41, 0xff, 0x42, 0x0d));
    await scan('\r');
    await scan(']Q1\r');
    await scan('STILL-OK\r');
    await recorder.waitFor('devices.read', (r) => r.value === 'STILL-OK');
    expect(recorder.of('devices.readRejected').map((r) => [r.code, r.device])).toEqual([
      ['TOO_LONG', device],
      ['CONTROL_CHARACTERS', device],
      ['INVALID_UTF8', device],
      ['EMPTY', device],
      ['EMPTY', device],
    ]);
    for (const rejected of recorder.of('devices.readRejected')) expect(rejected.reason.length).toBeGreaterThan(20);
    expect(recorder.of('devices.read')).toHaveLength(1);
  });

  it('reports the pty closing, and reconnects when it comes back', async () => {
    const device = start();
    await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'connected');
    let mark = recorder.mark();
    await pty.close();
    const gone = await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'disconnected', mark);
    expect(['UNPLUGGED', 'PORT_ABSENT']).toContain(gone.status.code);
    mark = recorder.mark();
    pty = await openPtyPair(dir.path);
    await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'connected', mark);
    await scan(']Q1AFTER-REPLUG\r');
    expect(await recorder.waitFor('devices.read', (r) => r.value === 'AFTER-REPLUG')).toMatchObject({ tagType: 'QR', device });
  });

  it('reports a port that hung up before the read as unplugged, instead of reading nothing forever', async () => {
    const handle = await createSerialportDriver().open({ path: pty.station, baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
    try {
      // socat has exited, so the pty is hung up before the read starts: the read gets end of
      // file (0 bytes), which serialport's own read retries forever (serialport-binding.ts).
      await pty.close();
      await expect(handle.read()).rejects.toMatchObject({ code: 'UNPLUGGED', disconnected: true });
    } finally {
      await handle.close();
    }
  });

  it('ends a pending read as canceled when the port is closed', async () => {
    const handle = await createSerialportDriver().open({ path: pty.station, baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
    const outcome = handle.read().then(
      () => 'read',
      (error: unknown) => error,
    );
    await handle.close();
    expect(await outcome).toMatchObject({ canceled: true });
  });

  it('says when the port is absent or busy', async () => {
    const holder = new SerialPort({ path: pty.station, baudRate: 9600, autoOpen: false });
    await new Promise<void>((resolve, reject) => holder.open((error) => (error ? reject(error) : resolve())));
    try {
      const device = start();
      const busy = await recorder.waitFor('devices.status', (s) => s.device === device && s.status.state === 'disconnected');
      expect(busy.status.code).toBe('PORT_BUSY');
      expect(busy.status.reason).toContain('in use');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    await recorder.waitFor('devices.status', (s) => s.status.state === 'connected');
    await supervisor?.close();

    recorder = new EventRecorder();
    supervisor = new DeviceSupervisor({
      serialDriver: createSerialportDriver(),
      preferences: memoryPreferencesStore(),
      extraSerialPorts: [{ path: `${dir.path}/no-such-port` }],
      serialReconnectMs: RECONNECT_MS,
    });
    supervisor.subscribe(recorder.listener);
    supervisor.start();
    const absent = await recorder.waitFor('devices.status', (s) => s.status.state === 'disconnected');
    expect(absent.status.code).toBe('PORT_ABSENT');
    expect(supervisor.info(`serial:${dir.path}/no-such-port`).status.code).toBe('PORT_ABSENT');
  });
});
