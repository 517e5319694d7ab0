// The HID interface every binding keeps (modelled on serialport's bindings-interface;
// docs/devices.md, "The shape of a binding"): the driver lists and opens devices, the
// handle reads input reports.

export interface HidDeviceInfo {
  /** OS path (hidraw node on Linux); changes on re-plug. */
  path: string;
  vendorId: number;
  productId: number;
  product: string;
  serialNumber?: string;
  usagePage: number;
  usage: number;
}

export interface HidDriver {
  list(): Promise<HidDeviceInfo[]>;
  /** Opens a device by path. Rejects with DeviceError PORT_ABSENT, PORT_DENIED or OPEN_FAILED. */
  open(path: string): Promise<HidHandle>;
}

export interface HidHandle {
  /**
   * Resolves with the next input report (report id first). Rules: a read pending when
   * `close()` is called rejects with a DeviceError whose `canceled` is true; any other
   * rejection means the device is gone.
   */
  read(): Promise<Uint8Array>;
  close(): Promise<void>;
}
