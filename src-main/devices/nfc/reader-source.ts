import { normalizeNfcUid } from '../../../src-shared/domain/nfc-uid';
import type { DeviceTransport } from '../../../src-shared/ipc/devices';
import { reconnectDelayMs, sleep } from '../backoff';
import { asDeviceError } from '../errors';
import type { DeviceSink } from '../sink';
import type { NfcContext, NfcDriver, NfcEvent } from './binding';

export interface NfcSourceOptions {
  /** Device ids are `${idPrefix}${reader name}`. */
  idPrefix: string;
  transport: DeviceTransport;
  /** The device that stands for the smart-card service itself, so "no service" has a place to show. */
  serviceDevice?: { id: string; name: string };
  /** Longest wait between attempts to reach a missing service. */
  pollMs?: number;
  /**
   * Sees every event first; returning true takes a card (or card error) from the reads: the encoder has it
   * (docs/devices.md, "Encoding a chip").
   */
  claim?: (event: NfcEvent) => boolean;
}

/** A reader that ended this shortly before the service failed went with the service, not with its cable. */
const DETACH_WITH_SERVICE_MS = 2_000;

/**
 * Keeps a context on the smart-card service: readers attach and detach as devices,
 * each card placed becomes one NFC read (UID as uppercase hex), and when the service
 * dies the context is recreated once it is back — no station restart (docs/devices.md, "NFC over PC/SC").
 */
export class NfcReaderSource {
  readonly #driver: NfcDriver;
  readonly #sink: DeviceSink;
  readonly #options: NfcSourceOptions;
  readonly #stop = new AbortController();
  readonly #attached = new Set<string>();
  /** Readers that detached just now, by time: when pcscd dies, libpcsclite may end a reader before it reports the service error. */
  readonly #justDetached = new Map<string, number>();
  #context: NfcContext | undefined;
  #done: Promise<void> | undefined;

  constructor(driver: NfcDriver, sink: DeviceSink, options: NfcSourceOptions) {
    this.#driver = driver;
    this.#sink = sink;
    this.#options = options;
  }

  start(): void {
    const service = this.#options.serviceDevice;
    if (service) this.#sink.discovered({ id: service.id, kind: 'nfc', transport: this.#options.transport, name: service.name });
    this.#done ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#context?.close();
    await this.#done;
  }

  #id(reader: string): string {
    return `${this.#options.idPrefix}${reader}`;
  }

  #serviceStatus(update: Parameters<DeviceSink['status']>[1]): void {
    if (this.#options.serviceDevice) this.#sink.status(this.#options.serviceDevice.id, update);
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    let attempt = 0;
    let lastCode: string | undefined;
    while (!signal.aborted) {
      try {
        this.#context = await this.#driver.open();
        if (signal.aborted) break;
        attempt = 0;
        lastCode = undefined;
        this.#serviceStatus({ state: 'connected' });
        await this.#pump(this.#context);
      } catch (error) {
        const failure = asDeviceError(error, 'NO_PCSC_SERVICE', 'The smart-card service');
        if (failure.canceled || signal.aborted) break;
        const code = failure.code === 'CANCELED' ? 'NO_PCSC_SERVICE' : failure.code;
        const recent = this.#sink.now().getTime() - DETACH_WITH_SERVICE_MS;
        for (const [reader, at] of this.#justDetached) if (at >= recent) this.#attached.add(reader);
        for (const reader of this.#attached) this.#sink.status(this.#id(reader), { state: 'disconnected', code, reason: failure.message });
        this.#attached.clear();
        this.#justDetached.clear();
        if (code !== lastCode) {
          lastCode = code;
          this.#serviceStatus({ state: 'disconnected', code, reason: failure.message });
        }
      } finally {
        await this.#context?.close();
        this.#context = undefined;
      }
      await sleep(reconnectDelayMs(attempt, 250, this.#options.pollMs ?? 1000), signal);
      attempt += 1;
    }
  }

  async #pump(context: NfcContext): Promise<void> {
    for (;;) {
      const event = await context.next();
      const id = this.#id(event.reader);
      if (this.#options.claim?.(event) && (event.type === 'card' || event.type === 'card-error')) {
        this.#sink.status(id, { state: event.type === 'card' ? 'reading' : 'connected' });
        continue;
      }
      const at = this.#sink.now().toISOString();
      switch (event.type) {
        case 'reader-attached':
          this.#attached.add(event.reader);
          this.#justDetached.delete(event.reader);
          this.#sink.discovered({ id, kind: 'nfc', transport: this.#options.transport, name: event.reader });
          this.#sink.status(id, { state: 'connected' });
          break;
        case 'reader-detached':
          this.#attached.delete(event.reader);
          this.#justDetached.set(event.reader, this.#sink.now().getTime());
          this.#sink.status(id, {
            state: 'disconnected',
            code: 'UNPLUGGED',
            reason: `NFC reader "${event.reader}" was unplugged. Plug it in again; it reconnects by itself.`,
          });
          break;
        case 'card': {
          this.#sink.status(id, { state: 'reading' });
          const uid = normalizeNfcUid(event.uid);
          if (uid.ok) this.#sink.read({ tagType: 'NFC', value: uid.value, device: id, at });
          else this.#sink.rejected({ device: id, code: uid.code, reason: uid.reason, bytes: event.uid.length, at });
          break;
        }
        case 'card-error':
          this.#sink.rejected({ device: id, code: 'INVALID_UID', reason: event.reason, bytes: 0, at });
          break;
        case 'card-removed':
          this.#sink.status(id, { state: 'connected' });
          break;
      }
    }
  }
}
