// The serial port interface every binding keeps (modelled on serialport's
// bindings-interface; docs/devices.md, "The shape of a binding"). Two levels: the driver finds and opens ports,
// the handle reads and closes one.

interface SerialPortInfo {
  path: string;
  manufacturer?: string;
  vendorId?: string;
  productId?: string;
}

export interface SerialOpenOptions {
  path: string;
  baudRate: number;
  dataBits: 5 | 6 | 7 | 8;
  parity: 'none' | 'even' | 'odd' | 'mark' | 'space';
  stopBits: 1 | 1.5 | 2;
}

export interface SerialDriver {
  /** Ports the OS enumerates. Ptys and some adapters never show here: scanners are opened by configured path. */
  list(): Promise<SerialPortInfo[]>;
  /**
   * Opens a port exclusively. Rejects with DeviceError code PORT_ABSENT (no such path),
   * PORT_DENIED (no permission), PORT_BUSY (another program holds it) or OPEN_FAILED.
   */
  open(options: SerialOpenOptions): Promise<SerialHandle>;
}

export interface SerialHandle {
  readonly path: string;
  /**
   * Resolves with the next bytes that arrived (never empty). Rules: a read pending when
   * `close()` is called rejects with a DeviceError whose `canceled` is true; any other
   * rejection means the port is gone (`disconnected`): close it and reopen later.
   */
  read(): Promise<Uint8Array>;
  /** Closes the port; a pending read rejects as canceled. Closing twice is harmless. */
  close(): Promise<void>;
}
