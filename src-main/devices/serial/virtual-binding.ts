import { DeviceError, canceledError } from '../errors';
import type { SerialDriver, SerialHandle, SerialOpenOptions } from './binding';

/**
 * The virtual twin of the serial binding: the same rules (pending reads reject as
 * `canceled` on close; unplug rejects them as disconnected; absent and busy ports
 * refuse to open), plus test hooks. It also backs the demo's virtual scanner.
 */
export class VirtualSerialDriver implements SerialDriver {
  readonly #ports = new Map<string, VirtualPort>();
  readonly #opened = new Map<string, SerialOpenOptions>();

  async list() {
    return [...this.#ports.keys()].map((path) => ({ path }));
  }

  async open(options: SerialOpenOptions): Promise<SerialHandle> {
    const port = this.#ports.get(options.path);
    if (!port) throw new DeviceError('PORT_ABSENT', `Serial port ${options.path} does not exist (virtual).`);
    if (port.handle) throw new DeviceError('PORT_BUSY', `Serial port ${options.path} is already open (virtual).`);
    this.#opened.set(options.path, options);
    port.handle = new VirtualHandle(options.path, () => {
      port.handle = undefined;
    });
    return port.handle;
  }

  /** Test hook: the options the port was last opened with (baud and framing), if it was. */
  openedWith(path: string): SerialOpenOptions | undefined {
    return this.#opened.get(path);
  }

  /** Test hook: a port appears (plugged in). */
  createPort(path: string): void {
    if (!this.#ports.has(path)) this.#ports.set(path, {});
  }

  /** Test hook: bytes arrive on the port as if the scanner sent them. Returns false when nobody has it open. */
  emitData(path: string, data: Uint8Array | string): boolean {
    const handle = this.#ports.get(path)?.handle;
    if (!handle) return false;
    handle.push(typeof data === 'string' ? new TextEncoder().encode(data) : data);
    return true;
  }

  /** Test hook: the port disappears (unplugged); an open handle's reads fail as disconnected. */
  unplug(path: string): void {
    this.#ports.get(path)?.handle?.fail(new DeviceError('UNPLUGGED', `Serial port ${path} was unplugged (virtual).`));
    this.#ports.delete(path);
  }

  /** Test hook: forget every port. */
  reset(): void {
    for (const path of [...this.#ports.keys()]) this.unplug(path);
  }
}

interface VirtualPort {
  handle?: VirtualHandle | undefined;
}

class VirtualHandle implements SerialHandle {
  readonly path: string;
  readonly #queue: Uint8Array[] = [];
  #waiter: { resolve(data: Uint8Array): void; reject(error: Error): void } | undefined;
  #error: Error | undefined;
  readonly #onClose: () => void;

  constructor(path: string, onClose: () => void) {
    this.path = path;
    this.#onClose = onClose;
  }

  push(data: Uint8Array): void {
    if (data.length === 0) return;
    if (this.#waiter) {
      this.#waiter.resolve(data);
      this.#waiter = undefined;
    } else this.#queue.push(data);
  }

  fail(error: Error): void {
    this.#error = error;
    this.#waiter?.reject(error);
    this.#waiter = undefined;
    this.#onClose();
  }

  read(): Promise<Uint8Array> {
    const next = this.#queue.shift();
    if (next) return Promise.resolve(next);
    if (this.#error) return Promise.reject(this.#error);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  async close(): Promise<void> {
    if (this.#error) return;
    this.fail(canceledError(`Serial port ${this.path}`));
  }
}
