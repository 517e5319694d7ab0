import { HID_POS_USAGE_PAGE, decodePosReport, joinPosReports, type PosReport } from '../../../src-shared/domain/hid-decode';
import { reconnectDelayMs, sleep } from '../backoff';
import { asDeviceError } from '../errors';
import type { DeviceSink } from '../sink';
import { scannerLineToRead } from '../serial/scanner-read';
import type { HidDeviceInfo, HidDriver, HidHandle } from './binding';

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/** A HID scanner's stable id: VID:PID and serial number (the OS path changes on re-plug). */
export function hidDeviceId(info: HidDeviceInfo): string {
  return `hid:${hex4(info.vendorId)}:${hex4(info.productId)}${info.serialNumber ? `:${info.serialNumber}` : ''}`;
}

/**
 * Finds HID POS scanners (usage page 0x8C) by listing devices every `pollMs` and
 * diffing (hot-plug without OS notifications), keeps each open while it is there, and
 * turns its reports into reads with the pure decoders.
 */
export class HidScannerSource {
  readonly #driver: HidDriver;
  readonly #sink: DeviceSink;
  readonly #pollMs: number;
  readonly #stop = new AbortController();
  readonly #open = new Map<string, { handle: HidHandle; done: Promise<void> }>();
  #done: Promise<void> | undefined;

  constructor(driver: HidDriver, sink: DeviceSink, pollMs = 2000) {
    this.#driver = driver;
    this.#sink = sink;
    this.#pollMs = pollMs;
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

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const scanners = (await this.#driver.list()).filter((d) => d.usagePage === HID_POS_USAGE_PAGE);
        failures = 0;
        for (const info of scanners) {
          const id = hidDeviceId(info);
          if (this.#open.has(id)) continue;
          this.#sink.discovered({ id, kind: 'scanner', transport: 'hid', name: info.product, vendorId: hex4(info.vendorId), productId: hex4(info.productId) });
          await this.#attach(id, info);
        }
      } catch (error) {
        failures += 1;
        if (failures === 1) this.#sink.status('hid', { state: 'error', code: 'DRIVER_UNAVAILABLE', reason: asDeviceError(error, 'DRIVER_UNAVAILABLE', 'Listing HID devices').message });
      }
      await sleep(failures ? reconnectDelayMs(failures, this.#pollMs, this.#pollMs * 5) : this.#pollMs, signal);
    }
  }

  async #attach(id: string, info: HidDeviceInfo): Promise<void> {
    let handle: HidHandle;
    try {
      handle = await this.#driver.open(info.path);
    } catch (error) {
      const failure = asDeviceError(error, 'OPEN_FAILED', `HID scanner ${info.product}`);
      this.#sink.status(id, { state: 'error', code: failure.code === 'CANCELED' ? 'OPEN_FAILED' : failure.code, reason: failure.message });
      return;
    }
    this.#sink.status(id, { state: 'connected' });
    const done = this.#pump(id, handle).then(
      () => undefined,
      async (error: unknown) => {
        this.#open.delete(id);
        await handle.close();
        const failure = asDeviceError(error, 'UNPLUGGED', `HID scanner ${info.product}`);
        if (!failure.canceled && !this.#stop.signal.aborted) {
          this.#sink.status(id, { state: 'disconnected', code: 'UNPLUGGED', reason: `${info.product} was unplugged. Plug it in again; it reconnects by itself.` });
        }
      },
    );
    this.#open.set(id, { handle, done });
  }

  async #pump(id: string, handle: HidHandle): Promise<void> {
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
        const result = scannerLineToRead(line, id, this.#sink.role(id), at);
        if (result.ok) this.#sink.read(result.read);
        else this.#sink.rejected(result.rejected);
      }
    }
  }
}
