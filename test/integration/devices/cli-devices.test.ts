import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { runStation } from '../../helpers/cli';
import { repoRoot } from '../../helpers/processes';
import { openPtyPair, type PtyPair } from '../../helpers/pty-pair';
import { tempDir } from '../../helpers/tmp';

let dir: ReturnType<typeof tempDir>;
let pty: PtyPair;

beforeEach(async () => {
  dir = tempDir('station-cli-devices-');
  pty = await openPtyPair(dir.path);
});

afterEach(async () => {
  await pty.close();
  dir.remove();
});

describe('station devices', () => {
  it('lists devices as JSON, with serial ports from STATION_SERIAL_PORTS', () => {
    const result = runStation(['--data', join(dir.path, 'data'), '--json', 'devices'], { STATION_SERIAL_PORTS: `${pty.station}:19200` });
    expect(result.code, result.stderr).toBe(0);
    const { devices } = result.json() as { devices: { id: string; kind: string; status: { state: string }; serial?: { baudRate: number } }[] };
    const serial = devices.find((d) => d.id === `serial:${pty.station}`);
    expect(serial).toMatchObject({ kind: 'scanner', status: { state: 'connected' }, serial: { baudRate: 19200 } });
    expect(devices.map((d) => d.id)).toEqual(expect.arrayContaining(['virtual:scanner', 'virtual:nfc', 'pcsc']));
  });

  it('watch prints each read and status change as one JSON line', async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'station.mjs'), '--data', join(dir.path, 'data'), 'devices', 'watch', '--serial', `${pty.station}:9600`],
      {
        cwd: repoRoot,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      for (const w of [...waiters]) w();
    });
    // A line comes when the station gets to it, however loaded the machine: no clock here.
    // If one never comes, the test's timeout fails it, and its errors show what did come.
    const awaited: string[] = [];
    onTestFailed(({ task }) => {
      for (const match of awaited)
        task.result?.errors?.push({ name: 'StillWaiting', message: `No line matched ${match}; got ${JSON.stringify(lines)}; stderr ${stderr}`, stacks: [] });
    });
    const waitLine = (match: (l: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        awaited.push(match.toString());
        const check = () => {
          const found = lines.find(match);
          if (found) {
            awaited.splice(awaited.indexOf(match.toString()), 1);
            waiters.splice(waiters.indexOf(check), 1);
            resolve(found);
          }
        };
        waiters.push(check);
        check();
      });
    try {
      const device = `serial:${pty.station}`;
      expect(await waitLine((l) => l.device === device && l.status === 'connected')).toEqual({ device, status: 'connected' });
      const fd = openSync(pty.scanner, 'w');
      writeSync(fd, ']Q1WATCH-1\r]C0WATCH-2\r');
      closeSync(fd);
      const first = await waitLine((l) => l.value === 'WATCH-1');
      expect(Object.keys(first)).toEqual(['tagType', 'value', 'device', 'at']);
      expect(first).toMatchObject({ tagType: 'QR', device });
      expect(await waitLine((l) => l.value === 'WATCH-2')).toMatchObject({ tagType: 'BAR_CODE' });
      await pty.close();
      expect(await waitLine((l) => l.device === device && l.status === 'disconnected')).toMatchObject({ device, status: 'disconnected' });
    } finally {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('refuses a malformed --serial as a usage error', () => {
    const result = runStation(['--data', join(dir.path, 'data'), 'devices', 'watch', '--serial', '']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--serial');
  });
});
