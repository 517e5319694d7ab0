import type { z } from 'zod';
import type { devicesCommands } from '../../src-shared/ipc/devices';
import type { DeviceSupervisor } from './supervisor';

type DevicesCommands = typeof devicesCommands;
export type DevicesHandlers = {
  [N in keyof DevicesCommands]: (input: z.infer<DevicesCommands[N]['input']>) => Promise<z.infer<DevicesCommands[N]['output']>> | z.infer<DevicesCommands[N]['output']>;
};

/** The device commands of the station contract, over the supervisor. */
export function devicesHandlers(supervisor: DeviceSupervisor): DevicesHandlers {
  return {
    'devices.list': () => ({ devices: supervisor.list() }),
    'devices.status': ({ device }) => supervisor.info(device),
    'devices.assignRole': ({ device, role }) => supervisor.assignRole(device, role),
    'devices.configureSerial': (settings) => supervisor.configureSerial(settings),
    'devices.removeSerial': async ({ device }) => ({ removed: await supervisor.removeSerial(device) }),
    'devices.configureHidKeyboard': (settings) => supervisor.configureHidKeyboard(settings),
    'devices.removeHidKeyboard': async ({ device }) => ({ removed: await supervisor.removeHidKeyboard(device) }),
    'devices.testRead': async ({ device, timeoutMs }) => ({ read: await supervisor.testRead(device, timeoutMs) }),
    'devices.submitWedgeScan': ({ text }) => supervisor.submitWedgeScan(text),
    'devices.checkWedgeLayout': ({ text }) => supervisor.checkWedgeLayout(text),
    'devices.inject': ({ device, data }) => ({ accepted: supervisor.inject(device, data) }),
  };
}
