import type { SerialSettingsInput } from '../../src-shared/ipc/devices';
import { createNodeHidDriver } from './hid/node-hid-binding';
import { createPcscDriver } from './nfc/pcsc-binding';
import type { DevicePreferencesStore } from './preferences';
import { createSerialportDriver } from './serial/serialport-binding';
import { parseSerialList } from './serial/serial-spec';
import { DeviceSupervisor } from './supervisor';

/** The station's device options (StationOptions.devices). */
export interface DeviceStationOptions {
  /** Serial scanners for this run, beside the saved ones and STATION_SERIAL_PORTS. */
  extraSerialPorts?: SerialSettingsInput[];
  /** The demo's virtual scanner and NFC reader (default on). */
  virtualDevices?: boolean;
  /** Look for PC/SC NFC readers (default on). */
  pcsc?: boolean;
  /** Look for HID POS scanners (default on). */
  hid?: boolean;
  /** Longest wait between attempts to reach a missing PC/SC service, in ms (default 1000). */
  nfcPollMs?: number;
}

/** Builds the supervisor over the real bindings: the one edge where real or virtual is chosen (docs/devices.md, "The shape of a binding"). */
export function createDeviceSupervisor(options: DeviceStationOptions & { preferences: DevicePreferencesStore }): DeviceSupervisor {
  return new DeviceSupervisor({
    serialDriver: createSerialportDriver(),
    ...(options.pcsc === false ? {} : { nfcDriver: createPcscDriver() }),
    ...(options.hid === false ? {} : { hidDriver: createNodeHidDriver() }),
    preferences: options.preferences,
    extraSerialPorts: [...(options.extraSerialPorts ?? []), ...parseSerialList(process.env.STATION_SERIAL_PORTS)],
    virtualDevices: options.virtualDevices ?? true,
    ...(options.nfcPollMs ? { nfcPollMs: options.nfcPollMs } : {}),
  });
}
