import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { logPath } from '../../../src-main/runtime/log';
import { createStation } from '../../../src-main/station';
import { tempDir } from '../../helpers/tmp';

// StationOptions.deviceSupervisor: the CLI's stations start the device supervisor only when a
// devices.* command comes ('onFirstUse'); a UI host's start it with the station (the default).

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

function startsLogged(dataDir: string): number {
  return readFileSync(logPath(dataDir), 'utf8')
    .trim()
    .split('\n')
    .filter((line) => (JSON.parse(line) as { msg?: string }).msg === 'device supervisor started').length;
}

describe('the device supervisor of a station', () => {
  const devices = { pcsc: false, hid: false } as const;

  it("'onFirstUse': not started by other commands", async () => {
    const dir = tempDir('station-devices-');
    dirs.push(dir);
    const station = await createStation({ dataDir: dir.path, autoSync: false, devices, deviceSupervisor: 'onFirstUse' });
    expect((await station.call('station.status', {})).ok).toBe(true);
    await station.close();
    expect(startsLogged(dir.path)).toBe(0);
  });

  it("'onFirstUse': started once by the first devices command, then works like one started with the station", async () => {
    const dir = tempDir('station-devices-');
    dirs.push(dir);
    const station = await createStation({ dataDir: dir.path, autoSync: false, devices, deviceSupervisor: 'onFirstUse' });
    const reads: unknown[] = [];
    station.subscribe((name, payload) => {
      if (name === 'devices.read') reads.push(payload);
    });
    const [first, second] = await Promise.all([station.call('devices.list', {}), station.call('devices.list', {})]);
    expect(first.ok && second.ok).toBe(true);
    const ids = (first.ok ? (first.value as { devices: { id: string }[] }).devices : []).map((d) => d.id);
    expect(ids).toContain('virtual:scanner');
    expect(await station.call('devices.inject', { device: 'virtual:scanner', data: ']Q1LAZY-1' })).toMatchObject({ ok: true, value: { accepted: true } });
    expect(reads).toEqual([expect.objectContaining({ value: 'LAZY-1', device: 'virtual:scanner' })]);
    await station.close();
    expect(startsLogged(dir.path)).toBe(1);
  });

  it('by default: started with the station', async () => {
    const dir = tempDir('station-devices-');
    dirs.push(dir);
    const station = await createStation({ dataDir: dir.path, autoSync: false, devices });
    await station.close();
    expect(startsLogged(dir.path)).toBe(1);
  });
});
