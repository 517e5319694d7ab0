import { MAX_SCAN_LENGTH } from '../../../src-shared/domain/normalize';
import type { SerialSettings } from '../../../src-shared/ipc/devices';
import { reconnectDelayMs, sleep } from '../backoff';
import { asDeviceError } from '../errors';
import type { DeviceSink } from '../sink';
import type { SerialDriver, SerialHandle } from './binding';
import { LineAssembler, terminatorBytes } from './line-assembler';
import { scannerLineToRead } from './scanner-read';

export interface SerialSourceOptions {
  /** Longest wait between attempts to reopen the port, in ms (default 2000); the first waits are shorter. */
  reconnectMs?: number;
}

/**
 * Keeps one configured serial scanner open: opens it, turns its bytes into reads,
 * and when it goes away (unplugged, pty closed, busy) reports why and reopens it
 * with backoff until stopped: a re-plugged port must reopen by itself (docs/devices.md, "Scanners").
 */
export class SerialScannerSource {
  readonly device: string;
  readonly settings: SerialSettings;
  readonly #driver: SerialDriver;
  readonly #sink: DeviceSink;
  readonly #reconnectMs: number;
  readonly #stop = new AbortController();
  #handle: SerialHandle | undefined;
  #done: Promise<void> | undefined;

  constructor(device: string, settings: SerialSettings, driver: SerialDriver, sink: DeviceSink, options: SerialSourceOptions = {}) {
    this.device = device;
    this.settings = settings;
    this.#driver = driver;
    this.#sink = sink;
    this.#reconnectMs = options.reconnectMs ?? 2000;
  }

  start(): void {
    this.#done ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#handle?.close();
    await this.#done;
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    let attempt = 0;
    let lastCode: string | undefined;
    while (!signal.aborted) {
      try {
        this.#handle = await this.#driver.open({
          path: this.settings.path,
          baudRate: this.settings.baudRate,
          dataBits: this.settings.dataBits,
          parity: this.settings.parity,
          stopBits: this.settings.stopBits,
        });
        if (signal.aborted) break;
        attempt = 0;
        lastCode = undefined;
        this.#sink.status(this.device, { state: 'connected' });
        await this.#readLines(this.#handle);
      } catch (error) {
        const failure = asDeviceError(error, 'OPEN_FAILED', `Serial port ${this.settings.path}`);
        if (failure.canceled || signal.aborted) break;
        if (failure.code !== lastCode) {
          lastCode = failure.code;
          this.#sink.status(this.device, { state: 'disconnected', code: failure.code === 'CANCELED' ? 'CLOSED' : failure.code, reason: failure.message });
        }
      } finally {
        await this.#handle?.close();
        this.#handle = undefined;
      }
      await sleep(reconnectDelayMs(attempt, 200, this.#reconnectMs), signal);
      attempt += 1;
    }
  }

  async #readLines(handle: SerialHandle): Promise<void> {
    const assembler = new LineAssembler(terminatorBytes(this.settings.terminator, this.settings.customTerminator), MAX_SCAN_LENGTH * 4);
    for (;;) {
      const chunk = await handle.read();
      const at = this.#sink.now().toISOString();
      for (const line of assembler.push(chunk)) {
        if (line.kind === 'overflow') {
          this.#sink.rejected({
            device: this.device,
            code: 'TOO_LONG',
            reason: `The scanner sent ${line.bytes} bytes without a line terminator. Check that its terminator matches the device setting (${this.settings.terminator}).`,
            bytes: line.bytes,
            at,
          });
          continue;
        }
        const result = scannerLineToRead(line.bytes, this.device, this.#sink.role(this.device), at);
        if (result.ok) this.#sink.read(result.read);
        else this.#sink.rejected(result.rejected);
      }
    }
  }
}
