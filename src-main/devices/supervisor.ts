import type { z } from 'zod';
import type { TagType } from '../../src-shared/api/common';
import type { IdentifierRead } from '../../src-shared/domain/identifier-read';
import { LAYOUT_TEST_TEXT, checkLayout } from '../../src-shared/domain/wedge';
import { scannerLineToRead } from './serial/scanner-read';
import {
  HidKeyboardSettingsSchema,
  SerialSettingsSchema,
  type DeviceInfo,
  type DeviceStatus,
  type HidKeyboardSettings,
  type HidKeyboardSettingsInput,
  type ReadRejected,
  type SerialSettings,
  type SerialSettingsInput,
  type WedgeLayoutCheck,
  type devicesEvents,
} from '../../src-shared/ipc/devices';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { CAMERA_SOURCES_DEVICE, WATCH_FOLDER_DEVICE, cameraDevices, type CameraReport } from './camera-health';
import type { HidDriver } from './hid/binding';
import { HidScannerSource, hidKeyboardId } from './hid/hid-source';
import { EventQueue } from './event-queue';
import type { NfcContext, NfcDriver, NfcEvent } from './nfc/binding';
import { NfcReaderSource } from './nfc/reader-source';
import { VirtualNfcDriver } from './nfc/virtual-binding';
import { DevicePreferencesSchema, type DevicePreferences, type DevicePreferencesStore } from './preferences';
import type { SerialDriver } from './serial/binding';
import { SerialScannerSource } from './serial/scanner-source';
import { VirtualSerialDriver } from './serial/virtual-binding';
import type { DeviceSink, Discovered, StatusUpdate } from './sink';

export type DeviceEvents = { [N in keyof typeof devicesEvents]: z.infer<(typeof devicesEvents)[N]> };
export type DeviceEventListener = <N extends keyof DeviceEvents>(name: N, payload: DeviceEvents[N]) => void;

export interface SupervisorOptions {
  serialDriver: SerialDriver;
  /** The PC/SC binding; omitted, no NFC readers are looked for. */
  nfcDriver?: NfcDriver;
  /** The HID binding; omitted, no HID POS scanners are looked for. */
  hidDriver?: HidDriver;
  preferences: DevicePreferencesStore;
  /** Serial scanners for this run only (CLI `--serial`, STATION_SERIAL_PORTS), beside the saved ones. */
  extraSerialPorts?: SerialSettingsInput[];
  /** Adds `virtual:scanner` and `virtual:nfc` for demos and `devices.inject`. */
  virtualDevices?: boolean;
  nfcPollMs?: number;
  hidPollMs?: number;
  /** Longest wait between attempts to reopen a serial scanner that went away, in ms (default 2000). */
  serialReconnectMs?: number;
  now?: () => Date;
}

const VIRTUAL_SCANNER = 'virtual:scanner';
/** The keyboard-wedge scanner: whatever types into the station's window, told apart from typing by the renderer. */
const WEDGE_DEVICE = 'keyboard:wedge';
const VIRTUAL_NFC_READER = 'nfc';
const serialDeviceId = (path: string) => `serial:${path}`;

interface Entry {
  info: Discovered & { serial?: SerialSettings; hidKeyboard?: HidKeyboardSettings };
  status: DeviceStatus;
}

/**
 * The one owner of device discovery, hot-plug, recovery and health (docs/devices.md, "The supervisor"): starts a
 * source per device kind, keeps every device's status, types reads by the device's
 * slot (role), persists preferences, and emits `devices.*` events.
 */
export class DeviceSupervisor {
  readonly #options: SupervisorOptions;
  readonly #devices = new Map<string, Entry>();
  readonly #serial = new Map<string, SerialScannerSource>();
  readonly #others: { stop(): Promise<void> }[] = [];
  readonly #listeners = new Set<DeviceEventListener>();
  readonly #readWaiters = new Set<(read: IdentifierRead) => void>();
  readonly #virtualSerial = new VirtualSerialDriver();
  readonly #virtualNfc = new VirtualNfcDriver();
  /** Encoders waiting for a chip on the PC/SC readers (see chipDriver). */
  readonly #chipTaps = new Set<EventQueue<NfcEvent>>();
  /** The card lying on each PC/SC reader, and whether an encoder had it already (see chipDriver). */
  readonly #lying = new Map<string, { event: NfcEvent; handed: boolean }>();
  #hid: HidScannerSource | undefined;
  #cardOff: ReturnType<typeof setTimeout> | undefined;
  #preferences: DevicePreferences;
  #started = false;

  constructor(options: SupervisorOptions) {
    this.#options = options;
    this.#preferences = DevicePreferencesSchema.parse(options.preferences.load() ?? {});
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }

  readonly #sink: DeviceSink = {
    discovered: (device) => {
      if (this.#devices.has(device.id)) return;
      this.#devices.set(device.id, { info: device, status: { state: 'disconnected', since: this.#now().toISOString() } });
      this.#changed();
    },
    status: (device, update) => this.#setStatus(device, update),
    read: (read) => {
      this.#emit('devices.read', read);
      for (const waiter of this.#readWaiters) waiter(read);
    },
    rejected: (rejected) => this.#emit('devices.readRejected', rejected),
    role: (device) => this.#preferences.roles[device] ?? null,
    now: () => this.#now(),
  };

  subscribe(listener: DeviceEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit<N extends keyof DeviceEvents>(name: N, payload: DeviceEvents[N]): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  #changed(): void {
    if (this.#started) this.#emit('devices.changed', { devices: this.list() });
  }

  #setStatus(device: string, update: StatusUpdate): void {
    const entry = this.#devices.get(device);
    if (!entry) return;
    const same = entry.status.state === update.state && entry.status.code === update.code;
    if (same) return;
    entry.status = { ...update, since: this.#now().toISOString() };
    this.#emit('devices.status', { device, status: entry.status });
  }

  /** Starts every source. Devices found before start are announced by the first `devices.changed`. */
  start(): void {
    if (this.#started) return;
    const saved = this.#preferences.serialPorts;
    const extra = (this.#options.extraSerialPorts ?? []).map((s) => SerialSettingsSchema.parse(s));
    for (const settings of [...saved, ...extra.filter((e) => !saved.some((s) => s.path === e.path))]) {
      this.#startSerial(serialDeviceId(settings.path), settings, this.#options.serialDriver, 'serial');
    }
    if (this.#options.virtualDevices) {
      this.#virtualSerial.createPort(VIRTUAL_SCANNER);
      this.#startSerial(VIRTUAL_SCANNER, SerialSettingsSchema.parse({ path: VIRTUAL_SCANNER }), this.#virtualSerial, 'virtual');
      this.#virtualNfc.addReader(VIRTUAL_NFC_READER);
      this.#startSource(new NfcReaderSource(this.#virtualNfc, this.#sink, { idPrefix: 'virtual:', transport: 'virtual' }));
    }
    if (this.#options.nfcDriver) {
      const pollMs = this.#options.nfcPollMs;
      this.#startSource(
        new NfcReaderSource(this.#options.nfcDriver, this.#sink, {
          idPrefix: 'pcsc:',
          transport: 'pcsc',
          serviceDevice: { id: 'pcsc', name: 'PC/SC smart-card service (NFC readers)' },
          ...(pollMs ? { pollMs } : {}),
          claim: (event) => {
            if (event.type === 'card') this.#lying.set(event.reader, { event, handed: this.#chipTaps.size > 0 });
            if (event.type === 'card-removed' || event.type === 'reader-detached') this.#lying.delete(event.reader);
            for (const tap of this.#chipTaps) tap.push(event);
            return this.#chipTaps.size > 0;
          },
        }),
      );
    }
    this.#devices.set(WEDGE_DEVICE, {
      info: { id: WEDGE_DEVICE, kind: 'scanner', transport: 'keyboard', name: 'Keyboard-wedge scanner' },
      status: { state: 'connected', since: this.#now().toISOString() },
    });
    for (const keyboard of this.#preferences.hidKeyboards) this.#registerHidKeyboard(keyboard);
    if (this.#options.hidDriver) {
      const hidPollMs = this.#options.hidPollMs;
      this.#hid = new HidScannerSource(this.#options.hidDriver, this.#sink, {
        keyboards: () => this.#preferences.hidKeyboards,
        ...(hidPollMs ? { pollMs: hidPollMs } : {}),
      });
      this.#startSource(this.#hid);
    }
    this.#started = true;
    this.#changed();
  }

  #startSource(source: { start(): void; stop(): Promise<void> }): void {
    source.start();
    this.#others.push(source);
  }

  #startSerial(id: string, settings: SerialSettings, driver: SerialDriver, transport: 'serial' | 'virtual'): void {
    const name = transport === 'virtual' ? 'Virtual scanner' : `Serial scanner ${settings.path}`;
    this.#devices.set(id, {
      info: { id, kind: 'scanner', transport, name, serial: settings },
      status: { state: 'disconnected', since: this.#now().toISOString() },
    });
    const reconnectMs = this.#options.serialReconnectMs;
    const source = new SerialScannerSource(id, settings, driver, this.#sink, reconnectMs ? { reconnectMs } : {});
    this.#serial.set(id, source);
    source.start();
  }

  /** A configured keyboard-mode scanner is listed before it is plugged in, so it can get a slot. */
  #registerHidKeyboard(settings: HidKeyboardSettings): string {
    const id = hidKeyboardId(settings);
    const existing = this.#devices.get(id);
    if (existing) {
      existing.info = { ...existing.info, hidKeyboard: settings };
      return id;
    }
    const status: DeviceStatus = this.#options.hidDriver
      ? {
          state: 'disconnected',
          code: 'PORT_ABSENT',
          reason: `No USB device ${settings.vendorId}:${settings.productId} is plugged in.`,
          since: this.#now().toISOString(),
        }
      : { state: 'error', code: 'DRIVER_UNAVAILABLE', reason: 'HID devices are not looked for in this station.', since: this.#now().toISOString() };
    const info = {
      id,
      kind: 'scanner' as const,
      transport: 'hid' as const,
      name: `Keyboard-mode scanner ${settings.vendorId}:${settings.productId}`,
      vendorId: settings.vendorId,
      productId: settings.productId,
      hidKeyboard: settings,
    };
    this.#devices.set(id, { info, status });
    return id;
  }

  list(): DeviceInfo[] {
    return [...this.#devices.keys()].sort().map((id) => this.info(id));
  }

  info(device: string): DeviceInfo {
    const entry = this.#devices.get(device);
    if (!entry) {
      throw new StationError({ code: StationErrorCode.notFound, message: `No device "${device}". Run "station devices" (or open Devices) for the list.` });
    }
    const { serial, hidKeyboard, ...info } = entry.info;
    const wedgeLayout = device === WEDGE_DEVICE ? this.#preferences.wedgeLayout : undefined;
    return {
      ...info,
      role: this.#preferences.roles[device] ?? null,
      status: entry.status,
      ...(serial ? { serial } : {}),
      ...(hidKeyboard ? { hidKeyboard } : {}),
      ...(wedgeLayout ? { wedgeLayout } : {}),
    };
  }

  #save(next: DevicePreferences): void {
    this.#preferences = next;
    this.#options.preferences.save(next);
  }

  assignRole(device: string, role: TagType | null): DeviceInfo {
    this.info(device);
    const roles = { ...this.#preferences.roles };
    if (role) roles[device] = role;
    else delete roles[device];
    this.#save({ ...this.#preferences, roles });
    this.#changed();
    return this.info(device);
  }

  /** Adds or replaces a saved serial scanner and (re)opens it with the new settings. */
  async configureSerial(input: SerialSettingsInput): Promise<DeviceInfo> {
    const settings = SerialSettingsSchema.parse(input);
    if (settings.terminator === 'custom' && !settings.customTerminator) {
      throw new StationError({ code: StationErrorCode.invalidInput, message: 'A custom line terminator needs customTerminator as hex bytes, e.g. "03".' });
    }
    const id = serialDeviceId(settings.path);
    await this.#serial.get(id)?.stop();
    this.#save({ ...this.#preferences, serialPorts: [...this.#preferences.serialPorts.filter((s) => s.path !== settings.path), settings] });
    this.#startSerial(id, settings, this.#options.serialDriver, 'serial');
    this.#changed();
    return this.info(id);
  }

  async removeSerial(device: string): Promise<boolean> {
    const source = this.#serial.get(device);
    if (!source || device === VIRTUAL_SCANNER) return false;
    await source.stop();
    this.#serial.delete(device);
    this.#devices.delete(device);
    const roles = { ...this.#preferences.roles };
    delete roles[device];
    this.#save({ ...this.#preferences, serialPorts: this.#preferences.serialPorts.filter((s) => serialDeviceId(s.path) !== device), roles });
    this.#changed();
    return true;
  }

  /** Adds or replaces a keyboard-mode HID scanner; the HID source opens it when it is (or gets) plugged in. */
  async configureHidKeyboard(input: HidKeyboardSettingsInput): Promise<DeviceInfo> {
    const settings = HidKeyboardSettingsSchema.parse(input);
    const id = hidKeyboardId(settings);
    await this.#hid?.detach(id);
    const others = this.#preferences.hidKeyboards.filter((k) => hidKeyboardId(k) !== id);
    this.#save({ ...this.#preferences, hidKeyboards: [...others, settings] });
    this.#registerHidKeyboard(settings);
    this.#changed();
    return this.info(id);
  }

  async removeHidKeyboard(device: string): Promise<boolean> {
    if (!this.#preferences.hidKeyboards.some((k) => hidKeyboardId(k) === device)) return false;
    const roles = { ...this.#preferences.roles };
    delete roles[device];
    this.#save({ ...this.#preferences, hidKeyboards: this.#preferences.hidKeyboards.filter((k) => hidKeyboardId(k) !== device), roles });
    await this.#hid?.detach(device);
    this.#devices.delete(device);
    this.#changed();
    return true;
  }

  /** The next read from `device`, or null after `timeoutMs`. */
  testRead(device: string, timeoutMs: number): Promise<IdentifierRead | null> {
    this.info(device);
    return new Promise((resolve) => {
      const finish = (read: IdentifierRead | null) => {
        clearTimeout(timer);
        this.#readWaiters.delete(waiter);
        resolve(read);
      };
      const waiter = (read: IdentifierRead) => {
        if (read.device === device) finish(read);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      this.#readWaiters.add(waiter);
    });
  }

  /**
   * The PC/SC readers as seen by this supervisor's one context, for the encoder (docs/devices.md, "Encoding a chip"):
   * while a context opened here is open, each card placed goes to it instead of becoming a read, so a chip fills the
   * NFC slot only once it is written and verified; a card placed while no encoder listened is handed to the next one,
   * once. Undefined when no PC/SC readers are looked for.
   */
  chipDriver(): NfcDriver | undefined {
    if (!this.#options.nfcDriver) return undefined;
    return {
      open: (): Promise<NfcContext> => {
        const tap = new EventQueue<NfcEvent>();
        for (const entry of this.#devices.values()) {
          const { info, status } = entry;
          if (info.kind === 'nfc' && info.transport === 'pcsc' && info.id !== 'pcsc' && status.state !== 'disconnected') {
            tap.push({ type: 'reader-attached', reader: info.name });
          }
        }
        // A chip placed while no encoder listened (a moment early) is handed over; one an encoder had (the last
        // position's, still lying there) is not.
        for (const lying of this.#lying.values()) {
          if (lying.handed) continue;
          lying.handed = true;
          tap.push(lying.event);
        }
        this.#chipTaps.add(tap);
        return Promise.resolve({
          next: () => tap.next(),
          close: () => {
            this.#chipTaps.delete(tap);
            tap.cancel("The encoder's view of the NFC readers");
            return Promise.resolve();
          },
        });
      },
    };
  }

  /** A wedge scan recognised by the renderer becomes a read of `keyboard:wedge` (or a refusal with its reason). */
  submitWedgeScan(text: string): { read: IdentifierRead | null; rejected: ReadRejected | null } {
    const result = scannerLineToRead(new TextEncoder().encode(text), WEDGE_DEVICE, this.#sink.role(WEDGE_DEVICE), this.#now().toISOString());
    if (result.ok) {
      this.#sink.read(result.read);
      return { read: result.read, rejected: null };
    }
    this.#sink.rejected(result.rejected);
    return { read: null, rejected: result.rejected };
  }

  /**
   * The keyboard layout test at setup: `text` is what the wedge scanner typed for the layout
   * test barcode. The verdict is kept (preferences) and shown on `keyboard:wedge`.
   */
  checkWedgeLayout(text: string): WedgeLayoutCheck {
    const result = checkLayout(LAYOUT_TEST_TEXT, text);
    const check: WedgeLayoutCheck = result.ok
      ? {
          ok: true,
          scannerLayout: null,
          hostLayout: null,
          received: text,
          message: 'The keyboard layout is right: the test barcode arrived unchanged.',
          checkedAt: this.#now().toISOString(),
        }
      : {
          ok: false,
          scannerLayout: result.scannerLayout ?? null,
          hostLayout: result.hostLayout ?? null,
          received: text,
          message: result.message,
          checkedAt: this.#now().toISOString(),
        };
    this.#save({ ...this.#preferences, wedgeLayout: check });
    this.#changed();
    return check;
  }

  /**
   * Takes the camera service's view of its sources (on start and on every `camera.changed`)
   * so cameras and the watch folder are listed with a health and a slot like every device.
   */
  reportCameras(report: CameraReport): void {
    const cameras = [...this.#devices.values()].filter((e) => e.info.kind === 'camera' && e.info.transport === 'media' && e.info.id !== CAMERA_SOURCES_DEVICE);
    const devices = cameraDevices(report, { names: new Set(cameras.map((e) => e.info.name)), sourcesDevice: this.#devices.has(CAMERA_SOURCES_DEVICE) });
    for (const { device, status } of devices) {
      this.#sink.discovered(device);
      this.#setStatus(device.id, status);
    }
    if (report.watchFolder.state === 'off' && this.#devices.delete(WATCH_FOLDER_DEVICE)) this.#changed();
  }

  /** Feeds a virtual device as if hardware had sent `data` (see the `devices.inject` contract). */
  inject(device: 'virtual:scanner' | 'virtual:nfc', data: string): boolean {
    if (!this.#options.virtualDevices) return false;
    if (device === VIRTUAL_SCANNER) return this.#virtualSerial.emitData(VIRTUAL_SCANNER, `${data}\r`);
    this.#virtualNfc.placeCard(VIRTUAL_NFC_READER, data);
    // The card stays on the reader briefly, as a hand would hold it; then the reader shows idle again.
    clearTimeout(this.#cardOff);
    this.#cardOff = setTimeout(() => this.#virtualNfc.removeCard(VIRTUAL_NFC_READER), 300);
    return true;
  }

  async close(): Promise<void> {
    clearTimeout(this.#cardOff);
    await Promise.all([...this.#serial.values()].map((s) => s.stop()));
    await Promise.all(this.#others.map((s) => s.stop()));
    this.#listeners.clear();
  }
}
