import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { devicesCommands } from '../../src-shared/ipc/devices';
import type { DeviceSupervisor } from '../devices/supervisor';

/**
 * The device commands of the station contract, over the supervisor. `supervisor` gives the running
 * supervisor, starting it on the first command when the station starts it on first use (station.ts).
 */
export function devicesHandlers(supervisor: () => Promise<DeviceSupervisor>): CommandHandlers<keyof typeof devicesCommands> {
  return {
    'devices.list': async () => ({ devices: (await supervisor()).list() }),
    'devices.status': async ({ device }) => (await supervisor()).info(device),
    'devices.assignRole': async ({ device, role }) => (await supervisor()).assignRole(device, role),
    'devices.configureSerial': async (settings) => (await supervisor()).configureSerial(settings),
    'devices.removeSerial': async ({ device }) => ({ removed: await (await supervisor()).removeSerial(device) }),
    'devices.configureHidKeyboard': async (settings) => (await supervisor()).configureHidKeyboard(settings),
    'devices.removeHidKeyboard': async ({ device }) => ({ removed: await (await supervisor()).removeHidKeyboard(device) }),
    'devices.testRead': async ({ device, timeoutMs }) => ({ read: await (await supervisor()).testRead(device, timeoutMs) }),
    'devices.submitWedgeScan': async ({ text }) => (await supervisor()).submitWedgeScan(text),
    'devices.checkWedgeLayout': async ({ text }) => (await supervisor()).checkWedgeLayout(text),
    'devices.inject': async ({ device, data }) => ({ accepted: (await supervisor()).inject(device, data) }),
  };
}
