import { DeviceError } from '../errors';
import { EventQueue } from '../event-queue';
import type { NfcContext, NfcDriver, NfcEvent } from './binding';

/**
 * The virtual twin of the NFC binding: the same rules (closing cancels a pending
 * `next()`; a stopped service fails open contexts and refuses new ones), plus test
 * hooks. It also backs the demo's virtual NFC reader.
 */
export class VirtualNfcDriver implements NfcDriver {
  readonly #readers = new Map<string, string | undefined>();
  readonly #contexts = new Set<EventQueue<NfcEvent>>();
  #serviceRunning = true;

  async open(): Promise<NfcContext> {
    if (!this.#serviceRunning) throw new DeviceError('NO_PCSC_SERVICE', 'No smart-card service runs (virtual).');
    const queue = new EventQueue<NfcEvent>();
    this.#contexts.add(queue);
    for (const [reader, uid] of this.#readers) {
      queue.push({ type: 'reader-attached', reader });
      if (uid) queue.push({ type: 'card', reader, uid });
    }
    return {
      next: () => queue.next(),
      close: async () => {
        this.#contexts.delete(queue);
        queue.cancel('The NFC context');
      },
    };
  }

  #broadcast(event: NfcEvent): void {
    for (const queue of this.#contexts) queue.push(event);
  }

  /** Test hook: a reader is plugged in. */
  addReader(reader: string): void {
    if (this.#readers.has(reader)) return;
    this.#readers.set(reader, undefined);
    this.#broadcast({ type: 'reader-attached', reader });
  }

  /** Test hook: a reader is unplugged. */
  removeReader(reader: string): void {
    if (!this.#readers.delete(reader)) return;
    this.#broadcast({ type: 'reader-detached', reader });
  }

  /** Test hook: a card with `uid` (hex) is placed on `reader`. */
  placeCard(reader: string, uid: string): void {
    if (!this.#readers.has(reader)) throw new Error(`No virtual reader "${reader}".`);
    if (this.#readers.get(reader)) this.removeCard(reader);
    this.#readers.set(reader, uid);
    this.#broadcast({ type: 'card', reader, uid });
  }

  /** Test hook: the card is taken off `reader`. */
  removeCard(reader: string): void {
    if (!this.#readers.get(reader)) return;
    this.#readers.set(reader, undefined);
    this.#broadcast({ type: 'card-removed', reader });
  }

  /**
   * Test hook: the service stops (open contexts die) or starts again. With `readersEndFirst`,
   * each reader reports its end before the context fails, as libpcsclite sometimes does
   * when pcscd is killed.
   */
  setServiceRunning(running: boolean, options: { readersEndFirst?: boolean } = {}): void {
    this.#serviceRunning = running;
    if (running) return;
    if (options.readersEndFirst) for (const reader of this.#readers.keys()) this.#broadcast({ type: 'reader-detached', reader });
    for (const queue of this.#contexts) queue.fail(new DeviceError('NO_PCSC_SERVICE', 'The smart-card service stopped (virtual).'));
    this.#contexts.clear();
  }

  /** Test hook: no readers, service running. */
  reset(): void {
    for (const reader of [...this.#readers.keys()]) this.removeReader(reader);
    this.#serviceRunning = true;
  }
}
