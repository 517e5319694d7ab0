import { constants, read as fsRead } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { SerialPort } from 'serialport';
import { DeviceError, asDeviceError, canceledError } from '../errors';
import type { SerialDriver, SerialHandle, SerialOpenOptions } from './binding';

// The real serial binding: a thin adapter over serialport's native binding, whose
// close already keeps the rules of ./binding (pending reads reject with `canceled`
// on close; other errors mean disconnect). Reads on Linux and macOS are our own
// (readUnix below): the binding's read never reports a port that hung up.

type NativePort = Awaited<ReturnType<typeof SerialPort.binding.open>>;

/** What serialport's Linux and macOS port bindings expose for reading: the fd and its poller. */
interface UnixPort {
  readonly fd: number | null;
  readonly poller: { once(event: 'readable', callback: (error: Error | null) => void): unknown };
}

const READ_CHUNK = 4096;
const readAsync = promisify(fsRead);

/** The port as a UnixPort on Linux and macOS; undefined on Windows, whose binding has no poller. */
function unixPortOf(port: object): UnixPort | undefined {
  return 'poller' in port && 'fd' in port ? (port as UnixPort) : undefined;
}

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
  return new DeviceError(
    'PORT_BUSY',
    `Serial port ${path} is in use by another program. Close it (or the other station) and the scanner reconnects by itself.`,
  );
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
      const buffer = Buffer.alloc(READ_CHUNK);
      const unix = unixPortOf(this.#port);
      const bytesRead = unix ? await this.#readUnix(unix, buffer) : (await this.#port.read(buffer, 0, READ_CHUNK)).bytesRead;
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    } catch (error) {
      if (this.#closed || (error as { canceled?: boolean }).canceled) throw canceledError(`Serial port ${this.path}`);
      throw asDeviceError(error, 'UNPLUGGED', `Serial port ${this.path} stopped responding (unplugged?)`);
    }
  }

  /**
   * serialport's unix read (@serialport/bindings-cpp dist/unix-read.js) retries a read of
   * 0 bytes at once, forever. The port is opened non-blocking with VMIN 1, so "no data
   * yet" is EAGAIN and 0 bytes is end of file: the line hung up (a USB adapter unplugged,
   * a pty whose other side closed). Whenever the hang-up lands before the read, instead of
   * while it waits on the poller, that loop spins a core and the disconnect is never
   * reported, so the port is never reopened. Here 0 bytes is UNPLUGGED.
   */
  async #readUnix(port: UnixPort, buffer: Buffer): Promise<number> {
    for (;;) {
      const fd = port.fd;
      if (this.#closed || fd === null) throw canceledError(`Serial port ${this.path}`);
      let bytesRead: number;
      try {
        ({ bytesRead } = await readAsync(fd, buffer, 0, buffer.length, null));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK' && code !== 'EINTR') throw error;
        // Nothing to read yet: wait for the poller, unless close() came while the read was out
        // (its poller is destroyed and would never answer). close() ends a wait with canceled.
        if (this.#closed || port.fd === null) throw canceledError(`Serial port ${this.path}`);
        await new Promise<void>((resolve, reject) => port.poller.once('readable', (failure) => (failure ? reject(failure) : resolve())));
        continue;
      }
      if (bytesRead > 0) return bytesRead;
      throw new DeviceError('UNPLUGGED', `Serial port ${this.path} hung up (unplugged, or the other side of the pty closed).`);
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
