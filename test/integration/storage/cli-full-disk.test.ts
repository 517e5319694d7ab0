import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservePath } from '../../../src-main/changes/housekeeping';
import { diskSpace } from '../../../src-main/runtime/disk';
import { StationStatus } from '../../../src-shared/ipc';
import { byPosition, runStationAsync, serviceLabels, startPeer, type Peer } from '../../helpers/peer';
import { mountSmallDisk, type SmallDisk } from '../../helpers/small-disk';

// The command line on a data folder whose disk is full to the last byte (docs/storage.md, "A full disk"): each `station`
// is a process of its own, which must open the database where SQLite has no room even for WAL's shared-memory file.
// What needs no new space answers (status, queue, reel show); sync sends the queue with the room of the disk reserve;
// without the reserve, a write is STATION_DISK_FULL naming the folder, never STATION_INTERNAL.

let disk: SmallDisk;
let peer: Peer;
let dataDir: string;
let reelId: string;

async function station(...args: string[]) {
  return runStationAsync(['--data', dataDir, '--json', ...args]);
}

beforeAll(async () => {
  disk = mountSmallDisk(24);
  dataDir = join(disk.path, 'station');
  peer = await startPeer();
  const connected = await station(
    'connect',
    '--base-url',
    peer.proxy.url,
    '--api-key',
    peer.sandbox.apiKey,
    '--org',
    peer.sandbox.orgId,
    '--team',
    peer.sandbox.teamId,
  );
  expect(connected.code, connected.stderr).toBe(0);
  // The floor at 0: this small disk holds a few Labels before it is filled by another program.
  expect((await station('storage', '--floor-mb', '0')).code).toBe(0);
  reelId = ((await station('reel', 'create', '--name', 'Full disk CLI', '--expect', 'TEXT=1')).json() as { reelId: string }).reelId;
  for (const position of [1, 2, 3]) {
    const enrolled = await station('enroll', '--reel', reelId, '--position', String(position), '--text', `FULL-${position}`);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    expect(enrolled.json()).toMatchObject({ state: 'queued' });
  }
  // The CLI keeps the reserve (8 MB) while there is room.
  expect(existsSync(reservePath(dataDir))).toBe(true);
  // Another program fills the disk to the last byte.
  disk.fillUp('filler');
  expect(diskSpace(dataDir).free).toBe(0);
}, 180_000);

afterAll(async () => {
  await peer?.close();
  disk?.unmount();
});

describe('the command line on a disk full to the last byte', () => {
  it('status, queue and reel show answer; the disk says full', async () => {
    const status = await station('status');
    expect(status.code, status.stdout + status.stderr).toBe(0);
    const parsed = StationStatus.parse(status.json());
    expect(parsed.disk).toMatchObject({ full: true, labelsLeft: 0 });
    expect(parsed.queue.pending).toBeGreaterThanOrEqual(4);

    const queue = await station('queue');
    expect(queue.code, queue.stdout).toBe(0);
    expect((queue.json() as { items: { kind: string }[] }).items.filter((i) => i.kind === 'enrollLabel')).toHaveLength(3);

    const shown = await station('reel', 'show', reelId);
    expect(shown.code, shown.stdout).toBe(0);
    expect((shown.json() as { labels: { position: number }[] }).labels.map((l) => l.position)).toEqual([1, 2, 3]);
  }, 120_000);

  it('new work is refused as STATION_DISK_FULL with the folder and what to do', async () => {
    const refused = await station('enroll', '--reel', reelId, '--position', '4', '--text', 'FULL-4');
    expect(refused.code).toBe(1);
    const { error } = refused.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('STATION_DISK_FULL');
    expect(error.message).toContain(dataDir);
    expect(error.message).toMatch(/Free space on that disk/);
  }, 60_000);

  it('sync sends what is queued, in the room of the reserve', async () => {
    const synced = await station('sync', '--until-idle', '--timeout', '60');
    expect(synced.code, synced.stdout + synced.stderr).toBe(0);
    expect(synced.json()).toMatchObject({ pending: 0, attention: 0 });
    const shown = (await station('reel', 'show', reelId)).json() as { serviceId: string | null };
    expect(shown.serviceId).not.toBeNull();
    const onService = byPosition(await serviceLabels(peer, shown.serviceId ?? ''));
    expect([...onService.keys()].sort()).toEqual([1, 2, 3]);
  }, 120_000);

  it('without the reserve, reads still answer and a write is STATION_DISK_FULL, never STATION_INTERNAL', async () => {
    rmSync(reservePath(dataDir), { force: true });
    disk.fillUp('filler-2');
    expect(diskSpace(dataDir).free).toBe(0);
    const status = await station('status');
    expect(status.code, status.stdout + status.stderr).toBe(0);
    expect(StationStatus.parse(status.json()).disk).toMatchObject({ full: true });
    const shown = await station('reel', 'show', reelId);
    expect(shown.code, shown.stdout).toBe(0);
    // Sending records every answer: with no byte left and no reserve, sync too says the disk is full and what to do.
    for (const args of [
      ['sync', '--until-idle', '--timeout', '30'],
      ['reel', 'create', '--name', 'No room'],
      ['enroll', '--reel', reelId, '--position', '5', '--text', 'FULL-5'],
    ]) {
      const refused = await station(...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect((refused.json() as { error: { code: string } }).error.code).toBe('STATION_DISK_FULL');
      expect(refused.stderr).not.toMatch(/SqliteError|at .*\.(ts|mjs):/);
    }
  }, 120_000);
});
