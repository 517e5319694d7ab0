import { DeviceError, asDeviceError, canceledError } from '../errors';
import type { HidDriver, HidHandle } from './binding';

// The real HID binding: a thin adapter over node-hid's async API. No meaning is given
// to report bytes here; the pure decoders in src-shared/domain/hid-decode.ts do that.
// (Not exercised by tests on this machine: it has no /dev/uhid to fake a device.)

const READ_POLL_MS = 250;

export function createNodeHidDriver(): HidDriver {
  return {
    async list() {
      const { devicesAsync } = await import('node-hid');
      const devices = await devicesAsync();
      return devices
        .filter((d) => d.path)
        .map((d) => ({
          path: d.path as string,
          vendorId: d.vendorId,
          productId: d.productId,
          product: d.product ?? 'HID device',
          ...(d.serialNumber ? { serialNumber: d.serialNumber } : {}),
          usagePage: d.usagePage ?? 0,
          usage: d.usage ?? 0,
        }));
    },
    async open(path) {
      const { HIDAsync } = await import('node-hid');
      let device: Awaited<ReturnType<typeof HIDAsync.open>>;
      try {
        device = await HIDAsync.open(path);
      } catch (error) {
        throw asDeviceError(error, 'OPEN_FAILED', `Cannot open HID device ${path} (on Linux, a udev rule must give the station's user access to hidraw)`);
      }
      let closed = false;
      const handle: HidHandle = {
        async read() {
          // node-hid's read has a timeout instead of cancellation: poll so close() is noticed.
          for (;;) {
            if (closed) throw canceledError(`HID device ${path}`);
            let data: Buffer | undefined;
            try {
              data = await device.read(READ_POLL_MS);
            } catch (error) {
              if (closed) throw canceledError(`HID device ${path}`);
              throw new DeviceError('UNPLUGGED', `HID device ${path} stopped responding (unplugged?).`, { cause: error });
            }
            if (data && data.length > 0) return new Uint8Array(data);
          }
        },
        async close() {
          if (closed) return;
          closed = true;
          await device.close().catch(() => undefined);
        },
      };
      return handle;
    },
  };
}
