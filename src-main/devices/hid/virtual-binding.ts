import { DeviceError } from '../errors';
import { EventQueue } from '../event-queue';
import type { HidDeviceInfo, HidDriver, HidHandle } from './binding';

/** The virtual twin of the HID binding: same rules, plus hooks to plug, feed and unplug devices. */
export class VirtualHidDriver implements HidDriver {
  readonly #devices = new Map<string, { info: HidDeviceInfo; queue?: EventQueue<Uint8Array> | undefined }>();

  async list() {
    return [...this.#devices.values()].map((d) => d.info);
  }

  async open(path: string): Promise<HidHandle> {
    const device = this.#devices.get(path);
    if (!device) throw new DeviceError('PORT_ABSENT', `HID device ${path} does not exist (virtual).`);
    const queue = new EventQueue<Uint8Array>();
    device.queue = queue;
    return {
      read: () => queue.next(),
      close: async () => {
        queue.cancel(`HID device ${path}`);
        if (device.queue === queue) device.queue = undefined;
      },
    };
  }

  /** Test hook: a device is plugged in. */
  createDevice(info: HidDeviceInfo): void {
    this.#devices.set(info.path, { info });
  }

  /** Test hook: the device sends one input report. */
  emitReport(path: string, report: Uint8Array): boolean {
    const queue = this.#devices.get(path)?.queue;
    if (!queue) return false;
    queue.push(report);
    return true;
  }

  /** Test hook: the device is unplugged. */
  unplug(path: string): void {
    this.#devices.get(path)?.queue?.fail(new DeviceError('UNPLUGGED', `HID device ${path} was unplugged (virtual).`));
    this.#devices.delete(path);
  }

  reset(): void {
    for (const path of [...this.#devices.keys()]) this.unplug(path);
  }
}
