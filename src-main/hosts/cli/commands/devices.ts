import type { DeviceInfo, DeviceStatus, EventName, EventPayload } from '../../../../src-shared/ipc';
import { parseSerialSpec, SerialSpecError } from '../../../devices/serial/serial-spec';
import { createStation, type Station } from '../../../station';
import { UsageError } from '../context';
import type { CliCommand } from '../command';
import { parseCommand } from '../flags';
import { writeStdout } from '../output';

/** Waits until no device event came for `quietMs` (discovery settled), at most `maxMs`. */
function settled(station: Station, quietMs = 400, maxMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    let quiet = setTimeout(done, quietMs);
    const max = setTimeout(done, maxMs);
    const unsubscribe = station.subscribe((name) => {
      if (!name.startsWith('devices.')) return;
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    });
    function done() {
      clearTimeout(quiet);
      clearTimeout(max);
      unsubscribe();
      resolve();
    }
  });
}

function statusText(status: DeviceStatus): string {
  return `${status.state}${status.code ? ` (${status.code})` : ''}${status.reason ? ` — ${status.reason}` : ''}`;
}

function statusLine(device: string, status: DeviceStatus): Record<string, unknown> {
  return { device, status: status.state, ...(status.code ? { code: status.code } : {}), ...(status.reason ? { reason: status.reason } : {}) };
}

export const devicesListCommand: CliCommand = {
  path: ['devices'],
  usage: 'station [--data DIR] [--json] devices',
  summary: 'List scanners, NFC readers and cameras with their status and slot.',
  stationOptions: { deviceSupervisor: 'withStation' },
  async run(ctx, args) {
    parseCommand(args, { command: 'devices', options: {}, hint: 'Use "devices" or "devices watch".' });
    await settled(await ctx.station());
    const { devices } = await ctx.call('devices.list', {});
    const width = Math.max(2, ...devices.map((d: DeviceInfo) => d.id.length));
    ctx.print(
      { devices },
      devices.length === 0
        ? 'No devices.'
        : devices.map((d: DeviceInfo) => `${d.id.padEnd(width)}  ${d.kind.padEnd(7)}  slot ${(d.role ?? '-').padEnd(11)}  ${statusText(d.status)}`).join('\n'),
    );
    return 0;
  },
};

export const devicesWatchCommand: CliCommand = {
  path: ['devices', 'watch'],
  usage: 'station [--data DIR] devices watch [--serial PATH[:BAUD[:8N1]]]...',
  summary: 'Print each read and device status change as one JSON line until stopped (Ctrl+C).',
  longRunning: true,
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'devices watch', options: { serial: { type: 'string', multiple: true } } });
    let extraSerialPorts;
    try {
      extraSerialPorts = (values.serial ?? []).map(parseSerialSpec);
    } catch (error) {
      if (error instanceof SerialSpecError) throw new UsageError(`--serial ${error.message}`);
      throw error;
    }
    // A device tool: it neither sends the queue nor takes the data folder's sync lock.
    const station = await createStation({ dataDir: ctx.dataDir, autoSync: false, devices: { extraSerialPorts } });
    const write = (value: unknown) => writeStdout(`${JSON.stringify(value)}\n`);
    const printed = new Map<string, string>();
    const printStatus = (device: string, status: DeviceStatus) => {
      const key = `${status.state}/${status.code ?? ''}`;
      if (printed.get(device) === key) return;
      printed.set(device, key);
      write(statusLine(device, status));
    };
    const unsubscribe = station.subscribe((name: EventName, payload: unknown) => {
      if (name === 'devices.read') {
        const read = payload as EventPayload<'devices.read'>;
        write({ tagType: read.tagType, value: read.value, device: read.device, at: read.at });
      } else if (name === 'devices.status') {
        const { device, status } = payload as EventPayload<'devices.status'>;
        printStatus(device, status);
      } else if (name === 'devices.readRejected') {
        const { device, code, reason, at } = payload as EventPayload<'devices.readRejected'>;
        write({ device, rejected: { code, reason }, at });
      }
    });
    const listed = await station.call('devices.list', {});
    if (listed.ok) for (const d of (listed.value as { devices: DeviceInfo[] }).devices) printStatus(d.id, d.status);
    await new Promise<void>((resolveStop) => {
      process.once('SIGINT', () => resolveStop());
      process.once('SIGTERM', () => resolveStop());
    });
    unsubscribe();
    await station.close();
    return 0;
  },
};
