import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventRecorder } from '../../test/helpers/device-events';
import { VirtualHidDriver } from './hid/virtual-binding';
import { VirtualNfcDriver } from './nfc/virtual-binding';
import { memoryPreferencesStore, type DevicePreferences } from './preferences';
import { parseSerialSpec } from './serial/serial-spec';
import { VirtualSerialDriver } from './serial/virtual-binding';
import { DeviceSupervisor, type SupervisorOptions } from './supervisor';
import type { CameraReport } from './camera-health';
import { LAYOUT_TEST_TEXT, typedAs } from '../../src-shared/domain/wedge';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';

// The supervisor over the virtual twins: the same rules as the real bindings, so
// hot-plug, recovery, roles and preferences are tested here without hardware.

let supervisor: DeviceSupervisor | undefined;
afterEach(async () => {
  await supervisor?.close();
  supervisor = undefined;
});

function start(options: Partial<SupervisorOptions> = {}) {
  const recorder = new EventRecorder();
  supervisor = new DeviceSupervisor({ serialDriver: new VirtualSerialDriver(), preferences: memoryPreferencesStore(), ...options });
  supervisor.subscribe(recorder.listener);
  supervisor.start();
  return { supervisor, recorder };
}

describe('virtual devices (demo panel, devices.inject)', () => {
  it('injects scanner lines and NFC cards as reads', async () => {
    const { supervisor: s, recorder } = start({ virtualDevices: true });
    await recorder.waitFor('devices.status', (e) => e.device === 'virtual:scanner' && e.status.state === 'connected');
    await recorder.waitFor('devices.status', (e) => e.device === 'virtual:nfc' && e.status.state === 'connected');
    expect(s.inject('virtual:scanner', ']d2\u001d0104012345012345')).toBe(true);
    expect(await recorder.waitFor('devices.read', (r) => r.device === 'virtual:scanner')).toMatchObject({
      tagType: 'DATA_MATRIX',
      value: '\u001d0104012345012345',
    });
    s.inject('virtual:nfc', '04:ab:cd:ef');
    expect(await recorder.waitFor('devices.read', (r) => r.device === 'virtual:nfc')).toMatchObject({ tagType: 'NFC', value: '04ABCDEF' });
    s.inject('virtual:nfc', 'not-a-uid');
    expect(await recorder.waitFor('devices.readRejected', (r) => r.device === 'virtual:nfc')).toMatchObject({ code: 'INVALID_UID' });
    // A 3-byte UID is refused with the same words as the CLI, the bench and print data give (src-shared/domain/nfc-uid.ts).
    s.inject('virtual:nfc', '04:a1:b2');
    const short = normalizeNfcUid('04:a1:b2');
    expect(short.ok).toBe(false);
    expect(await recorder.waitFor('devices.readRejected', (r) => r.device === 'virtual:nfc' && r.reason.includes('"04:a1:b2"'))).toMatchObject({
      code: 'INVALID_UID',
      reason: short.ok ? null : short.reason,
    });
  });

  it('refuses injection when virtual devices are off', () => {
    const { supervisor: s } = start({ virtualDevices: false });
    expect(s.inject('virtual:scanner', 'X')).toBe(false);
  });
});

describe('roles, serial settings and preferences', () => {
  it('persists roles and serial scanners, and types unprefixed reads by the role', async () => {
    let saved: DevicePreferences | undefined;
    const store = { load: () => saved, save: (p: DevicePreferences) => (saved = p) };
    const serial = new VirtualSerialDriver();
    serial.createPort('/dev/ttyV0');
    const { supervisor: s, recorder } = start({ serialDriver: serial, preferences: store });
    const info = await s.configureSerial({ path: '/dev/ttyV0', baudRate: 115200, terminator: 'LF' });
    expect(info).toMatchObject({ id: 'serial:/dev/ttyV0', kind: 'scanner', transport: 'serial', role: null, serial: { baudRate: 115200, terminator: 'LF' } });
    await recorder.waitFor('devices.status', (e) => e.device === 'serial:/dev/ttyV0' && e.status.state === 'connected');
    expect(s.assignRole('serial:/dev/ttyV0', 'TEXT').role).toBe('TEXT');
    expect(saved).toMatchObject({ roles: { 'serial:/dev/ttyV0': 'TEXT' }, serialPorts: [{ path: '/dev/ttyV0', baudRate: 115200 }] });
    serial.emitData('/dev/ttyV0', 'PRINTED-CODE-7\n');
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ tagType: 'TEXT', basis: 'device', value: 'PRINTED-CODE-7' });

    await s.close();
    const again = start({ serialDriver: serial, preferences: store });
    await again.recorder.waitFor('devices.status', (e) => e.device === 'serial:/dev/ttyV0' && e.status.state === 'connected');
    expect(again.supervisor.info('serial:/dev/ttyV0').role).toBe('TEXT');
    expect(await again.supervisor.removeSerial('serial:/dev/ttyV0')).toBe(true);
    expect(saved).toEqual({ roles: {}, serialPorts: [], hidKeyboards: [] });
    expect(() => again.supervisor.info('serial:/dev/ttyV0')).toThrow(expect.objectContaining({ code: 'STATION_NOT_FOUND' }));
  });

  it('waits for a test read from one device, or times out with null', async () => {
    const { supervisor: s, recorder } = start({ virtualDevices: true });
    await recorder.waitFor('devices.status', (e) => e.device === 'virtual:scanner' && e.status.state === 'connected');
    const pending = s.testRead('virtual:scanner', 2000);
    s.inject('virtual:scanner', 'TEST-BARCODE');
    expect(await pending).toMatchObject({ value: 'TEST-BARCODE', device: 'virtual:scanner' });
    expect(await s.testRead('virtual:nfc', 100)).toBeNull();
  });
});

describe('serial framing', () => {
  it('opens a port given as PATH:BAUD:FRAMING with that baud, data bits, parity and stop bits', async () => {
    const serial = new VirtualSerialDriver();
    serial.createPort('/dev/ttyV7');
    const { recorder } = start({ serialDriver: serial, extraSerialPorts: [parseSerialSpec('/dev/ttyV7:9600:7E2')] });
    await recorder.waitFor('devices.status', (e) => e.device === 'serial:/dev/ttyV7' && e.status.state === 'connected');
    expect(serial.openedWith('/dev/ttyV7')).toMatchObject({ path: '/dev/ttyV7', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 2 });
  });
});

describe('hot-plug and recovery', () => {
  it('reopens a serial scanner that was unplugged and plugged in again', async () => {
    const serial = new VirtualSerialDriver();
    serial.createPort('/dev/ttyV1');
    const { recorder } = start({ serialDriver: serial, extraSerialPorts: [{ path: '/dev/ttyV1' }], serialReconnectMs: 20 });
    await recorder.waitFor('devices.status', (e) => e.status.state === 'connected');
    let mark = recorder.mark();
    serial.unplug('/dev/ttyV1');
    expect(await recorder.waitFor('devices.status', (e) => e.status.state === 'disconnected', mark)).toMatchObject({ status: { code: 'UNPLUGGED' } });
    mark = recorder.mark();
    serial.createPort('/dev/ttyV1');
    await recorder.waitFor('devices.status', (e) => e.status.state === 'connected', mark);
    serial.emitData('/dev/ttyV1', ']Q1BACK\r');
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ tagType: 'QR', value: 'BACK' });
  });

  it('follows NFC readers plugged and unplugged, and a smart-card service that stops and comes back', async () => {
    const nfc = new VirtualNfcDriver();
    nfc.setServiceRunning(false);
    const { supervisor: s, recorder } = start({ nfcDriver: nfc, nfcPollMs: 50 });
    expect(await recorder.waitFor('devices.status', (e) => e.device === 'pcsc')).toMatchObject({ status: { state: 'disconnected', code: 'NO_PCSC_SERVICE' } });
    nfc.setServiceRunning(true);
    nfc.addReader('ACS ACR122U');
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:ACS ACR122U' && e.status.state === 'connected');
    expect(s.info('pcsc').status.state).toBe('connected');

    let mark = recorder.mark();
    nfc.removeReader('ACS ACR122U');
    expect(await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:ACS ACR122U', mark)).toMatchObject({
      status: { state: 'disconnected', code: 'UNPLUGGED' },
    });
    nfc.addReader('ACS ACR122U');
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:ACS ACR122U' && e.status.state === 'connected', mark);

    mark = recorder.mark();
    nfc.setServiceRunning(false);
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:ACS ACR122U' && e.status.code === 'NO_PCSC_SERVICE', mark);
    nfc.setServiceRunning(true);
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:ACS ACR122U' && e.status.state === 'connected', mark);
    nfc.placeCard('ACS ACR122U', '04112233445566');
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ tagType: 'NFC', value: '04112233445566', device: 'pcsc:ACS ACR122U' });
  });

  it('hands each card to an open encoder context instead of reading it, and reads again once it is closed', async () => {
    const nfc = new VirtualNfcDriver();
    nfc.addReader('Virtual PCD 00 00');
    const { supervisor: s, recorder } = start({ nfcDriver: nfc, nfcPollMs: 50 });
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:Virtual PCD 00 00' && e.status.state === 'connected');
    const encoder = await s.chipDriver()!.open();
    expect(await encoder.next()).toEqual({ type: 'reader-attached', reader: 'Virtual PCD 00 00' });
    nfc.placeCard('Virtual PCD 00 00', '04112233445566');
    expect(await encoder.next()).toMatchObject({ type: 'card', reader: 'Virtual PCD 00 00', uid: '04112233445566' });
    nfc.removeCard('Virtual PCD 00 00');
    expect(await encoder.next()).toMatchObject({ type: 'card-removed' });
    // The chip went to the encoder alone: it filled no slot as a plain read.
    expect(recorder.events.filter((e) => e.name === 'devices.read')).toEqual([]);
    // The next encoder is not handed a chip the last one had (the last position's, still lying there).
    nfc.placeCard('Virtual PCD 00 00', '04223344556677');
    expect(await encoder.next()).toMatchObject({ type: 'card', uid: '04223344556677' });
    await encoder.close();
    await expect(encoder.next()).rejects.toMatchObject({ canceled: true });
    const next = await s.chipDriver()!.open();
    expect(await next.next()).toEqual({ type: 'reader-attached', reader: 'Virtual PCD 00 00' });
    nfc.removeCard('Virtual PCD 00 00');
    expect(await next.next()).toMatchObject({ type: 'card-removed' });
    await next.close();
    // With no encoder listening a chip is a plain read; placed a moment early, it is handed to the next encoder, once.
    nfc.placeCard('Virtual PCD 00 00', '04AABBCCDDEEFF');
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ value: '04AABBCCDDEEFF', device: 'pcsc:Virtual PCD 00 00' });
    const late = await s.chipDriver()!.open();
    expect(await late.next()).toEqual({ type: 'reader-attached', reader: 'Virtual PCD 00 00' });
    expect(await late.next()).toMatchObject({ type: 'card', uid: '04AABBCCDDEEFF' });
    await late.close();
    const again = await s.chipDriver()!.open();
    nfc.removeCard('Virtual PCD 00 00');
    expect(await again.next()).toEqual({ type: 'reader-attached', reader: 'Virtual PCD 00 00' });
    expect(await again.next()).toMatchObject({ type: 'card-removed' });
    await again.close();
  });

  it('offers no encoder context without PC/SC readers', () => {
    expect(start({ virtualDevices: true }).supervisor.chipDriver()).toBeUndefined();
  });

  it('a reader that ends as the smart-card service dies shows the service as the reason, not unplugging', async () => {
    const nfc = new VirtualNfcDriver();
    nfc.addReader('Virtual PCD 00 00');
    const { supervisor: s, recorder } = start({ nfcDriver: nfc, nfcPollMs: 50 });
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc:Virtual PCD 00 00' && e.status.state === 'connected');
    const mark = recorder.mark();
    nfc.setServiceRunning(false, { readersEndFirst: true });
    await recorder.waitFor('devices.status', (e) => e.device === 'pcsc' && e.status.state === 'disconnected', mark);
    expect(s.info('pcsc:Virtual PCD 00 00').status).toMatchObject({ state: 'disconnected', code: 'NO_PCSC_SERVICE' });
  });

  it('finds HID POS scanners by listing, reads their reports, and notices unplugging', async () => {
    const hid = new VirtualHidDriver();
    const { supervisor: s, recorder } = start({ hidDriver: hid, hidPollMs: 50 });
    hid.createDevice({ path: '/dev/hidraw7', vendorId: 0x0c2e, productId: 0x0b61, product: 'Honeywell Xenon 1950g', usagePage: 0x8c, usage: 0x02 });
    hid.createDevice({ path: '/dev/hidraw8', vendorId: 0x046d, productId: 0xc31c, product: 'USB Keyboard', usagePage: 0x01, usage: 0x06 });
    const id = 'hid:0C2E:0B61';
    await recorder.waitFor('devices.status', (e) => e.device === id && e.status.state === 'connected');
    expect(s.info(id)).toMatchObject({ kind: 'scanner', transport: 'hid', name: 'Honeywell Xenon 1950g', vendorId: '0C2E', productId: '0B61' });
    expect(s.list().some((d) => d.name === 'USB Keyboard')).toBe(false);
    for (const report of hexFixture('pos-qr-two-reports.hex')) hid.emitReport('/dev/hidraw7', report);
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ tagType: 'QR', device: id, symbology: ']Q1' });
    hid.emitReport('/dev/hidraw7', Uint8Array.of(0x05, 0x00));
    expect(await recorder.waitFor('devices.readRejected', () => true)).toMatchObject({ device: id, code: 'UNKNOWN_USAGE' });
    hid.unplug('/dev/hidraw7');
    expect(await recorder.waitFor('devices.status', (e) => e.device === id && e.status.state === 'disconnected')).toMatchObject({
      status: { code: 'UNPLUGGED' },
    });
    const mark = recorder.mark();
    hid.createDevice({ path: '/dev/hidraw9', vendorId: 0x0c2e, productId: 0x0b61, product: 'Honeywell Xenon 1950g', usagePage: 0x8c, usage: 0x02 });
    await recorder.waitFor('devices.status', (e) => e.device === id && e.status.state === 'connected', mark);
  });

  it('reads a configured keyboard-mode HID scanner with its layout, and forgets it on removal', async () => {
    const hid = new VirtualHidDriver();
    const { supervisor: s, recorder } = start({ hidDriver: hid, hidPollMs: 50 });
    const info = await s.configureHidKeyboard({ vendorId: '05e0', productId: '1200', layout: 'DE' });
    expect(info).toMatchObject({ id: 'hid:05E0:1200', status: { state: 'disconnected', code: 'PORT_ABSENT' }, hidKeyboard: { layout: 'DE' } });
    hid.createDevice({ path: '/dev/hidraw3', vendorId: 0x05e0, productId: 0x1200, product: 'Symbol Bar Code Scanner', usagePage: 0x01, usage: 0x06 });
    await recorder.waitFor('devices.status', (e) => e.device === 'hid:05E0:1200' && e.status.state === 'connected');
    for (const report of hexFixture('keyboard-de-scanner.hex')) hid.emitReport('/dev/hidraw3', report);
    expect(await recorder.waitFor('devices.read', () => true)).toMatchObject({ value: 'Zy-@ß', device: 'hid:05E0:1200', tagType: 'BAR_CODE' });
    for (const report of hexFixture('keyboard-unknown-usages.hex')) hid.emitReport('/dev/hidraw3', report);
    expect(await recorder.waitFor('devices.readRejected', () => true)).toMatchObject({ code: 'UNKNOWN_USAGE', device: 'hid:05E0:1200' });
    expect(await recorder.waitFor('devices.read', (r) => r.value === 'ab')).toMatchObject({ device: 'hid:05E0:1200' });
    expect(await s.removeHidKeyboard('hid:05E0:1200')).toBe(true);
    expect(s.list().some((d) => d.id === 'hid:05E0:1200')).toBe(false);
    expect(hid.emitReport('/dev/hidraw3', Uint8Array.of(0, 0, 4, 0, 0, 0, 0, 0))).toBe(false);
  });
});

function hexFixture(name: string): Uint8Array[] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'hid', name), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) =>
      Uint8Array.from(
        line
          .trim()
          .split(/\s+/)
          .map((h) => Number.parseInt(h, 16)),
      ),
    );
}

describe('a broken HID stack', () => {
  it('shows as a device in error instead of passing silently', async () => {
    const broken = { list: () => Promise.reject(new Error('libudev missing')), open: () => Promise.reject(new Error('unused')) };
    const { supervisor: s, recorder } = start({ hidDriver: broken, hidPollMs: 50 });
    await recorder.waitFor('devices.status', (e) => e.device === 'hid');
    expect(s.info('hid').status).toMatchObject({ state: 'error', code: 'DRIVER_UNAVAILABLE' });
    expect(s.info('hid').status.reason).toContain('libudev missing');
  });
});

describe('keyboard-wedge scans from the renderer', () => {
  it('become reads of keyboard:wedge typed by AIM id or slot, GS kept; bad ones are refused', async () => {
    const { supervisor: s, recorder } = start();
    expect(s.info('keyboard:wedge')).toMatchObject({ kind: 'scanner', transport: 'keyboard', status: { state: 'connected' } });
    expect(s.submitWedgeScan(']Q1WEDGE\u001d42').read).toMatchObject({ tagType: 'QR', value: 'WEDGE\u001d42', device: 'keyboard:wedge' });
    s.assignRole('keyboard:wedge', 'TEXT');
    expect(s.submitWedgeScan('PRINTED-1').read).toMatchObject({ tagType: 'TEXT', basis: 'device' });
    expect(s.submitWedgeScan('').rejected).toMatchObject({ code: 'EMPTY' });
    expect(recorder.of('devices.read').map((r) => r.value)).toEqual(['WEDGE\u001d42', 'PRINTED-1']);
    expect(recorder.of('devices.readRejected')).toHaveLength(1);
  });

  it('answer a test read on keyboard:wedge', async () => {
    const { supervisor: s } = start();
    const waiting = s.testRead('keyboard:wedge', 2000);
    s.submitWedgeScan(']Q1TEST-READ');
    expect(await waiting).toMatchObject({ device: 'keyboard:wedge', tagType: 'QR', value: 'TEST-READ' });
  });

  it('check the layout with the test barcode, name a mismatch, and keep the last verdict', async () => {
    let saved: DevicePreferences | undefined;
    const store = { load: () => saved, save: (p: DevicePreferences) => (saved = p) };
    const { supervisor: s, recorder } = start({ preferences: store });
    const german = typedAs(LAYOUT_TEST_TEXT, 'DE', 'US') ?? '';
    expect(s.checkWedgeLayout(german)).toMatchObject({ ok: false, scannerLayout: 'DE', hostLayout: 'US', received: german });
    expect(s.info('keyboard:wedge').wedgeLayout).toMatchObject({ ok: false, scannerLayout: 'DE' });
    expect(
      recorder
        .of('devices.changed')
        .at(-1)
        ?.devices.find((d) => d.id === 'keyboard:wedge')?.wedgeLayout?.ok,
    ).toBe(false);
    expect(s.checkWedgeLayout('garbled')).toMatchObject({ ok: false, scannerLayout: null, hostLayout: null });
    expect(s.checkWedgeLayout(LAYOUT_TEST_TEXT)).toMatchObject({ ok: true, scannerLayout: null, hostLayout: null });
    expect(saved?.wedgeLayout).toMatchObject({ ok: true });
    // Reads are not made from the test barcode, and other devices carry no layout verdict.
    expect(recorder.of('devices.read')).toHaveLength(0);
    expect(
      s
        .list()
        .filter((d) => d.wedgeLayout)
        .map((d) => d.id),
    ).toEqual(['keyboard:wedge']);
    await s.close();
    supervisor = new DeviceSupervisor({ serialDriver: new VirtualSerialDriver(), preferences: store });
    supervisor.start();
    expect(supervisor.info('keyboard:wedge').wedgeLayout).toMatchObject({ ok: true, received: LAYOUT_TEST_TEXT });
  });
});

describe('cameras reported by the camera service', () => {
  const report = (cameras: string[], active: string | null, extra: Partial<CameraReport> = {}): CameraReport => ({
    sources: { cameras: cameras.map((name) => ({ name })), active, error: null },
    watchFolder: { state: 'off', path: null },
    ...extra,
  });

  it('are listed by name with their health, keep their slot when unplugged, and the watch folder shows too', async () => {
    const { supervisor: s, recorder } = start();
    s.reportCameras(report(['Logitech BRIO', 'HD Webcam'], 'Logitech BRIO'));
    expect(s.info('camera:Logitech BRIO')).toMatchObject({ kind: 'camera', transport: 'media', status: { state: 'reading' } });
    expect(s.info('camera:HD Webcam').status.state).toBe('connected');
    s.assignRole('camera:Logitech BRIO', 'SVC');
    s.reportCameras(report(['HD Webcam'], null, { watchFolder: { state: 'watching', path: '/srv/drop' } }));
    expect(s.info('camera:Logitech BRIO')).toMatchObject({ role: 'SVC', status: { state: 'disconnected', code: 'UNPLUGGED' } });
    expect(s.info('camera:watch-folder')).toMatchObject({ transport: 'folder', name: 'Watch folder /srv/drop', status: { state: 'connected' } });
    s.reportCameras(
      report(['HD Webcam', 'Logitech BRIO'], null, {
        sources: { cameras: [], active: null, error: { code: 'NotAllowedError', message: 'Camera access was denied.' } },
      }),
    );
    expect(s.info('camera').status).toMatchObject({ state: 'error', code: 'OPEN_FAILED', reason: 'Camera access was denied.' });
    s.reportCameras(report(['Logitech BRIO'], null));
    expect(s.info('camera').status.state).toBe('connected');
    expect(s.info('camera:Logitech BRIO').status.state).toBe('connected');
    expect(() => s.info('camera:watch-folder')).toThrow();
    expect(recorder.of('devices.status').some((e) => e.device === 'camera:Logitech BRIO' && e.status.state === 'disconnected')).toBe(true);
  });
});
