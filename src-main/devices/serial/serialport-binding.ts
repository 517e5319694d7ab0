import { constants } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import { DeviceError, asDeviceError, canceledError } from '../errors';
import type { SerialDriver, SerialHandle, SerialOpenOptions } from './binding';

// The real serial binding: a thin adapter over serialport's native binding, whose
// read/close already keep the rules of ./binding (pending reads reject with
// `canceled` on close; other errors mean disconnect).

type NativePort = Awaited<ReturnType<typeof SerialPort.binding.open>>;

const READ_CHUNK = 4096;

/**
 * Tells "absent" and "no permission" from "busy" before opening: the native binding's
 * open errors carry only a message, and we never branch on message text.
 */
async function probePath(path: string): Promise<DeviceError | undefined> {
  try {
    const handle = await openFile(path, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
    await handle.close();
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENXIO' || code === 'ENODEV') {
      return new DeviceError('PORT_ABSENT', `Serial port ${path} does not exist. Plug the scanner in or check the port path in the device settings.`);
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return new DeviceError('PORT_DENIED', `No permission to open ${path}. Add the station's user to the "dialout" group (Linux) and log in again.`);
    }
    if (code === 'EBUSY') return busy(path);
    return asDeviceError(error, 'OPEN_FAILED', `Cannot open ${path}`);
  }
}

function busy(path: string): DeviceError {
  return new DeviceError('PORT_BUSY', `Serial port ${path} is in use by another program. Close it (or the other station) and the scanner reconnects by itself.`);
}

class SerialportHandle implements SerialHandle {
  readonly path: string;
  readonly #port: NativePort;
  #closed = false;

  constructor(path: string, port: NativePort) {
    this.path = path;
    this.#port = port;
  }

  async read(): Promise<Uint8Array> {
    if (this.#closed) throw canceledError(`Serial port ${this.path}`);
    try {
      const { bytesRead, buffer } = await this.#port.read(Buffer.alloc(READ_CHUNK), 0, READ_CHUNK);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    } catch (error) {
      if (this.#closed || (error as { canceled?: boolean }).canceled) throw canceledError(`Serial port ${this.path}`);
      throw asDeviceError(error, 'UNPLUGGED', `Serial port ${this.path} stopped responding (unplugged?)`);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#port.isOpen) await this.#port.close().catch(() => undefined);
  }
}

export function createSerialportDriver(): SerialDriver {
  return {
    async list() {
      const ports = await SerialPort.list();
      return ports.map((p) => ({
        path: p.path,
        ...(p.manufacturer ? { manufacturer: p.manufacturer } : {}),
        ...(p.vendorId ? { vendorId: p.vendorId.toUpperCase() } : {}),
        ...(p.productId ? { productId: p.productId.toUpperCase() } : {}),
      }));
    },
    async open(options: SerialOpenOptions) {
      const probed = await probePath(options.path);
      if (probed) throw probed;
      try {
        const port = await SerialPort.binding.open({ ...options, lock: true });
        return new SerialportHandle(options.path, port);
      } catch (error) {
        // The path opened a moment ago in probePath, so a failure now is the exclusive lock.
        throw new DeviceError('PORT_BUSY', busy(options.path).message, { cause: error });
      }
    },
  };
}
