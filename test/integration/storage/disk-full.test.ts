import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVE_BYTES, reservePath } from '../../../src-main/changes/housekeeping';
import { StationErrorCode, type Envelope } from '../../../src-shared/ipc';
import { speckleTag } from '../../fixtures';
import { startPeer, openStation, serviceLabels, type Peer, type TestStation } from '../../helpers/peer';
import { halfWritten, mountSmallDisk, type SmallDisk } from '../../helpers/small-disk';
import { tempDir } from '../../helpers/tmp';

// A data folder on a small filesystem (docs/storage.md): enrollments with 1600×1200 captures fill it until the floor
// (STATION_DISK_LOW, refused before anything is written), then, the floor lowered to 0, until ENOSPC
// (STATION_DISK_FULL). Nothing is half-written, reads and sending the queue go on with the disk full, and once space is
// freed nothing is lost.

let disk: SmallDisk;
let peer: Peer;
let s: TestStation;
let dataDir: string;
let reelId: string;
const images = tempDir('disk-full-images-');
let ballast: string;

beforeAll(async () => {
  disk = mountSmallDisk(48);
  dataDir = join(disk.path, 'station');
  peer = await startPeer();
  s = await openStation(dataDir, { housekeeping: true });
  await s.call('profiles.connect', {
    kind: 'remote',
    baseUrl: peer.proxy.url,
    apiKey: peer.sandbox.apiKey,
    orgId: peer.sandbox.orgId,
    teamId: peer.sandbox.teamId,
  });
  ({ reelId } = await s.call('reels.create', {
    name: 'Full disk',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
  // Room the test gives back at the end ("free space").
  ballast = disk.ballast('ballast', RESERVE_BYTES + 4_000_000);
}, 120_000);

afterAll(async () => {
  await s?.close();
  await peer?.close();
  disk?.unmount();
  images.remove();
});

async function enroll(position: number): Promise<Envelope> {
  const file = join(images.path, `${position}.jpg`);
  writeFileSync(file, await speckleTag(position, { format: 'jpeg' }));
  return s.station.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `P-${position}` }], svcImagePath: file });
}

/** Enrolls from `position` on until one is refused; returns the refusal and the next position. */
async function fillUntilRefused(position: number, saved: number[]): Promise<{ error: { code: string; message: string; detail?: unknown }; next: number }> {
  for (let p = position; p < position + 200; p += 1) {
    const out = await enroll(p);
    if (!out.ok) return { error: out.error, next: p };
    saved.push(p);
  }
  throw new Error('the disk never filled');
}

function check(): string[] {
  const db = new Database(join(dataDir, 'station.sqlite3'), { readonly: true });
  try {
    return halfWritten(db, dataDir);
  } finally {
    db.close();
  }
}

describe('a data folder on a disk that fills up', () => {
  const saved: number[] = [];
  let next = 1;

  it('below the floor a new enrollment is refused with STATION_DISK_LOW, naming the folder, the free space and what to do', async () => {
    await s.call('storage.set', { floorBytes: 15_000_000 });
    const before = await s.call('station.status', {});
    expect(before.disk).toMatchObject({ low: false, full: false, floor: 15_000_000 });
    expect(existsSync(reservePath(dataDir))).toBe(true);
    expect(before.disk?.total).toBeGreaterThan(30_000_000);
    const refused = await fillUntilRefused(next, saved);
    next = refused.next;
    expect(saved.length).toBeGreaterThan(3);
    expect(refused.error.code).toBe(StationErrorCode.diskLow);
    expect(refused.error.message).toContain(dataDir);
    expect(refused.error.message).toMatch(/free/);
    expect(refused.error.message).toContain('--data');
    const status = await s.call('station.status', {});
    expect(status.disk).toMatchObject({ low: true, full: false, labelsLeft: 0 });
    expect(check()).toEqual([]);
  }, 180_000);

  it('past the floor, ENOSPC is STATION_DISK_FULL; nothing is half-written; reads still answer', async () => {
    await s.call('storage.set', { floorBytes: 0 });
    const refused = await fillUntilRefused(next, saved);
    next = refused.next;
    expect(refused.error.code).toBe(StationErrorCode.diskFull);
    expect(refused.error.message).toContain(dataDir);
    expect(refused.error.message).toMatch(/full \(.* free\)/);
    expect(refused.error.message).toContain('STATION_DATA_DIR');
    expect(refused.error.message).not.toMatch(/ENOSPC|at .*\.ts/);
    expect(check()).toEqual([]);
    // The disk reserve was given up for sending; the status says full until room is back.
    expect(existsSync(reservePath(dataDir))).toBe(false);
    // Another try is refused the same way and leaves nothing either.
    const again = await enroll(next);
    expect(again.ok ? null : again.error.code).toBe(StationErrorCode.diskFull);
    expect(check()).toEqual([]);

    const status = await s.call('station.status', {});
    expect(status.disk?.full).toBe(true);
    expect(status.queue.pending).toBe(saved.length + 1);
    const reel = await s.call('reels.show', { reelId });
    expect(reel.labels.filter((l) => l.state === 'queued').map((l) => l.position)).toEqual(saved);
    const queue = await s.call('queue.list', {});
    expect(queue.counts.pending).toBe(saved.length + 1);
  }, 180_000);

  it('sends its queue with the disk full', async () => {
    const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 120 });
    expect(summary).toMatchObject({});
    const status = await s.call('station.status', {});
    expect(status.queue).toMatchObject({ pending: 0, sending: 0, attention: 0 });
    const reel = await s.call('reels.show', { reelId });
    const onService = await serviceLabels(peer, reel.serviceId as string);
    expect(onService.map((l) => l.position).sort((a, b) => a - b)).toEqual(saved);
    expect(check()).toEqual([]);
  }, 180_000);

  it('once space is freed: the banner state clears, enrollments go on, nothing was lost', async () => {
    rmSync(ballast);
    const status = await s.call('station.status', {});
    expect(status.disk?.full).toBe(false);
    const out = await enroll(next);
    expect(out.ok).toBe(true);
    saved.push(next);
    await s.call('sync.run', { untilIdle: true, timeoutSeconds: 120 });
    const reel = await s.call('reels.show', { reelId });
    const onService = await serviceLabels(peer, reel.serviceId as string);
    expect(onService.map((l) => l.position).sort((a, b) => a - b)).toEqual(saved);
    expect(reel.labels.filter((l) => l.state !== 'expected' && l.state !== 'gap').every((l) => l.serviceId !== null)).toBe(true);
    expect(check()).toEqual([]);
    // The reserve is back for the next time.
    expect(existsSync(reservePath(dataDir))).toBe(true);
  }, 180_000);
});
