import { closeSync, openSync, writeSync } from 'node:fs';
import { SerialPort } from 'serialport';
import { DeviceSupervisor, createSerialportDriver, memoryPreferencesStore } from '../../src-main/devices';
import { openPtyPair } from '../helpers/pty-pair';
import { tempDir } from '../helpers/tmp';
import { percentile, type Bench } from './harness';

const LINES = 400;
const GAP_MS = 3;

/** Writes LINES scanner lines and returns the latency of each, from write to `arrived(value)`. */
async function measure(scannerPath: string, arrived: (register: (value: string) => void) => void): Promise<number[]> {
  const started = new Map<string, number>();
  const latencies: number[] = [];
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  arrived((value) => {
    const t0 = started.get(value);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    if (latencies.length === LINES) resolveDone();
  });
  const fd = openSync(scannerPath, 'w');
  try {
    for (let i = 0; i < LINES; i += 1) {
      const value = `REEL-${String(i).padStart(6, '0')}-https://example.org/l/${i}`;
      started.set(value, performance.now());
      writeSync(fd, `]Q1${value}\r`);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${latencies.length}/${LINES} lines arrived`)), 10_000))]);
  } finally {
    closeSync(fd);
  }
  return latencies;
}

/** Scanner line → IdentifierRead event latency over a socat pty, against a raw serialport read of the same lines. */
export const scannerBench: Bench = {
  name: 'scanner latency',
  async run() {
    const dir = tempDir('station-bench-scanner-');
    const pty = await openPtyPair(dir.path);
    try {
      // Raw baseline: serialport's stream on the same pty, line found by scanning for CR.
      const raw = new SerialPort({ path: pty.station, baudRate: 9600, autoOpen: false });
      await new Promise<void>((resolve, reject) => raw.open((e) => (e ? reject(e) : resolve())));
      let buffer = '';
      const rawLatencies = await measure(pty.scanner, (register) =>
        raw.on('data', (chunk: Buffer) => {
          buffer += chunk.toString('latin1');
          let end: number;
          while ((end = buffer.indexOf('\r')) >= 0) {
            register(buffer.slice(3, end));
            buffer = buffer.slice(end + 1);
          }
        }),
      );
      await new Promise((resolve) => raw.close(resolve));

      const supervisor = new DeviceSupervisor({
        serialDriver: createSerialportDriver(),
        preferences: memoryPreferencesStore(),
        extraSerialPorts: [{ path: pty.station }],
      });
      const connected = new Promise<void>((resolve) =>
        supervisor.subscribe(
          (name, payload) => name === 'devices.status' && (payload as { status: { state: string } }).status.state === 'connected' && resolve(),
        ),
      );
      let onRead: (value: string) => void = () => undefined;
      supervisor.subscribe((name, payload) => name === 'devices.read' && onRead((payload as { value: string }).value));
      supervisor.start();
      await connected;
      const latencies = await measure(pty.scanner, (register) => (onRead = register));
      await supervisor.close();

      return [
        {
          name: 'scanner line → IdentifierRead event, p50',
          value: percentile(latencies, 50),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'raw serialport read, p50', value: percentile(rawLatencies, 50) },
        },
        {
          name: 'scanner line → IdentifierRead event, p99',
          value: percentile(latencies, 99),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'raw serialport read, p99', value: percentile(rawLatencies, 99) },
          target: 'p99 < 10 ms',
        },
      ];
    } finally {
      await pty.close();
      dir.remove();
    }
  },
};
