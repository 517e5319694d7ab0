import {
  HID_POS_USAGE_PAGE,
  INITIAL_KEYBOARD_STATE,
  decodePosReport,
  joinPosReports,
  keyboardReportStep,
  type PosReport,
} from '../../../src-shared/domain/hid-decode';
import type { HidKeyboardSettings } from '../../../src-shared/ipc/devices';
import { reconnectDelayMs, sleep } from '../backoff';
import { asDeviceError } from '../errors';
import type { DeviceSink } from '../sink';
import { scannerLineToRead } from '../serial/scanner-read';
import type { HidDeviceInfo, HidDriver, HidHandle } from './binding';

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const USAGE_PAGE_GENERIC_DESKTOP = 0x01;
const USAGE_KEYBOARD = 0x06;

/** A HID POS scanner's stable id: VID:PID and serial number (the OS path changes on re-plug). */
function hidDeviceId(info: HidDeviceInfo): string {
  return `hid:${hex4(info.vendorId)}:${hex4(info.productId)}${info.serialNumber ? `:${info.serialNumber}` : ''}`;
}

/** A keyboard-mode scanner's id: the VID:PID it was configured by. */
export function hidKeyboardId(settings: Pick<HidKeyboardSettings, 'vendorId' | 'productId'>): string {
  return `hid:${settings.vendorId}:${settings.productId}`;
}

export interface HidSourceOptions {
  pollMs?: number;
  /** Keyboard-mode scanners to open (keyboards are never opened unless configured). */
  keyboards: () => readonly HidKeyboardSettings[];
}

type Mode = { kind: 'pos' } | { kind: 'keyboard'; settings: HidKeyboardSettings };

/**
 * Finds HID scanners by listing devices every `pollMs` and diffing (hot-plug without OS
 * notifications): HID POS scanners (usage page 0x8C) by themselves, keyboard-mode
 * scanners when configured by VID:PID. Keeps each open while it is there and turns its
 * reports into reads with the pure decoders.
 */
export class HidScannerSource {
  readonly #driver: HidDriver;
  readonly #sink: DeviceSink;
  readonly #pollMs: number;
  readonly #keyboards: () => readonly HidKeyboardSettings[];
  readonly #stop = new AbortController();
  readonly #open = new Map<string, { handle: HidHandle; done: Promise<void> }>();
  #done: Promise<void> | undefined;

  constructor(driver: HidDriver, sink: DeviceSink, options: HidSourceOptions) {
    this.#driver = driver;
    this.#sink = sink;
    this.#pollMs = options.pollMs ?? 2000;
    this.#keyboards = options.keyboards;
  }

  start(): void {
    this.#done ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await Promise.all([...this.#open.values()].map((o) => o.handle.close()));
    await this.#done;
    await Promise.all([...this.#open.values()].map((o) => o.done));
  }

  /** Closes one device (its configuration was removed). */
  async detach(id: string): Promise<void> {
    const open = this.#open.get(id);
    if (!open) return;
    this.#open.delete(id);
    await open.handle.close();
    await open.done;
  }

  #candidates(devices: HidDeviceInfo[]): { id: string; info: HidDeviceInfo; mode: Mode }[] {
    const keyboards = this.#keyboards();
    const out: { id: string; info: HidDeviceInfo; mode: Mode }[] = [];
    for (const info of devices) {
      if (info.usagePage === HID_POS_USAGE_PAGE) {
        out.push({ id: hidDeviceId(info), info, mode: { kind: 'pos' } });
        continue;
      }
      if (info.usagePage !== USAGE_PAGE_GENERIC_DESKTOP || info.usage !== USAGE_KEYBOARD) continue;
      const settings = keyboards.find((k) => k.vendorId === hex4(info.vendorId) && k.productId === hex4(info.productId));
      if (settings) out.push({ id: hidKeyboardId(settings), info, mode: { kind: 'keyboard', settings } });
    }
    return out;
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const candidates = this.#candidates(await this.#driver.list());
        failures = 0;
        for (const { id, info, mode } of candidates) {
          if (this.#open.has(id) || signal.aborted) continue;
          this.#sink.discovered({ id, kind: 'scanner', transport: 'hid', name: info.product, vendorId: hex4(info.vendorId), productId: hex4(info.productId) });
          await this.#attach(id, info, mode);
        }
      } catch (error) {
        failures += 1;
        if (failures === 1) {
          // A device of its own so a broken HID stack shows in the list instead of passing silently.
          this.#sink.discovered({ id: 'hid', kind: 'scanner', transport: 'hid', name: 'HID scanners' });
          this.#sink.status('hid', {
            state: 'error',
            code: 'DRIVER_UNAVAILABLE',
            reason: asDeviceError(error, 'DRIVER_UNAVAILABLE', 'Listing HID devices').message,
          });
        }
      }
      await sleep(failures ? reconnectDelayMs(failures, this.#pollMs, this.#pollMs * 5) : this.#pollMs, signal);
    }
  }

  async #attach(id: string, info: HidDeviceInfo, mode: Mode): Promise<void> {
    let handle: HidHandle;
    try {
      handle = await this.#driver.open(info.path);
    } catch (error) {
      const failure = asDeviceError(error, 'OPEN_FAILED', `HID scanner ${info.product}`);
      this.#sink.status(id, { state: 'error', code: failure.code === 'CANCELED' ? 'OPEN_FAILED' : failure.code, reason: failure.message });
      return;
    }
    this.#sink.status(id, { state: 'connected' });
    const pump = mode.kind === 'pos' ? this.#pumpPos(id, handle) : this.#pumpKeyboard(id, handle, mode.settings);
    const done = pump.then(
      () => undefined,
      async (error: unknown) => {
        if (this.#open.get(id)?.handle === handle) this.#open.delete(id);
        await handle.close();
        const failure = asDeviceError(error, 'UNPLUGGED', `HID scanner ${info.product}`);
        if (!failure.canceled && !this.#stop.signal.aborted) {
          this.#sink.status(id, {
            state: 'disconnected',
            code: 'UNPLUGGED',
            reason: `${info.product} was unplugged. Plug it in again; it reconnects by itself.`,
          });
        }
      },
    );
    this.#open.set(id, { handle, done });
  }

  #emitLine(id: string, line: Uint8Array, at: string): void {
    const result = scannerLineToRead(line, id, this.#sink.role(id), at);
    if (result.ok) this.#sink.read(result.read);
    else this.#sink.rejected(result.rejected);
  }

  async #pumpPos(id: string, handle: HidHandle): Promise<void> {
    let pending: PosReport[] = [];
    for (;;) {
      const bytes = await handle.read();
      const at = this.#sink.now().toISOString();
      const decoded = decodePosReport(bytes);
      if (!decoded.ok) {
        this.#sink.rejected({ device: id, code: 'UNKNOWN_USAGE', reason: decoded.reason, bytes: bytes.length, at });
        continue;
      }
      const { reads, rest } = joinPosReports([...pending, decoded.report]);
      pending = rest;
      for (const read of reads) {
        const prefix = new TextEncoder().encode(read.symbology ?? '');
        const line = new Uint8Array(prefix.length + read.data.length);
        line.set(prefix);
        line.set(read.data, prefix.length);
        this.#emitLine(id, line, at);
      }
    }
  }

  async #pumpKeyboard(id: string, handle: HidHandle, settings: HidKeyboardSettings): Promise<void> {
    let state = INITIAL_KEYBOARD_STATE;
    for (;;) {
      const report = await handle.read();
      const at = this.#sink.now().toISOString();
      const step = keyboardReportStep(state, report, settings.layout);
      state = step.state;
      if (step.unknown.length > 0) {
        const usages = step.unknown.map((u) => `0x${u.usage.toString(16).padStart(2, '0')}`).join(', ');
        this.#sink.rejected({
          device: id,
          code: 'UNKNOWN_USAGE',
          reason: `The scanner pressed keys the ${settings.layout} layout has no character for (${usages}). Check its keyboard country setting.`,
          bytes: report.length,
          at,
        });
      }
      for (const line of step.lines) this.#emitLine(id, new TextEncoder().encode(line), at);
    }
  }
}
