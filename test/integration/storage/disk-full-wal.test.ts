import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationErrorCode } from '../../../src-shared/ipc';
import { openStation, type TestStation } from '../../helpers/peer';
import { mountSmallDisk, type SmallDisk } from '../../helpers/small-disk';

// A disk another program fills to the last byte while the station's WAL holds room SQLite may write again (frames
// already copied back into the database: docs/architecture.md, "Data on disk"). A write there can succeed, so the
// station does not rest on it failing: new work reads the disk first and is refused as full (docs/storage.md,
// "A full disk").

let disk: SmallDisk;
let s: TestStation;
let reelId: string;

beforeAll(async () => {
  disk = mountSmallDisk(48);
  // A host that stays up: the WAL is checkpointed on a thread of its own, which leaves its frames to be written again.
  s = await openStation(join(disk.path, 'station'), { housekeeping: true });
  await s.call('profiles.connect', { kind: 'sandbox' });
  await s.call('storage.set', { floorBytes: 0 });
  ({ reelId } = await s.call('reels.create', { name: 'WAL room' }));
}, 60_000);

afterAll(async () => {
  await s?.close();
  disk?.unmount();
});

function savedPositions(): number[] {
  const db = new Database(join(s.dataDir, 'station.sqlite3'), { readonly: true });
  try {
    return (db.prepare('SELECT position FROM labels ORDER BY position').all() as { position: number }[]).map((r) => r.position);
  } finally {
    db.close();
  }
}

describe('a disk filled to the last byte with room left in the WAL', () => {
  it('refuses the next enrollment as STATION_DISK_FULL before it writes; nothing of it is saved', async () => {
    for (let position = 1; position <= 20; position += 1) {
      await s.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `W-${position}` }] });
    }
    // Every frame of the WAL copied back, as the checkpointing thread does: the next commit writes from the WAL's start.
    const other = new Database(join(s.dataDir, 'station.sqlite3'));
    try {
      const [result] = other.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
      expect(result?.log).toBeGreaterThan(0);
      expect(result?.checkpointed).toBe(result?.log);
    } finally {
      other.close();
    }
    disk.fillUp('filler');

    const out = await s.station.call('labels.enroll', { reelId, position: 21, identifiers: [{ tagType: 'TEXT', value: 'W-21' }] });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe(StationErrorCode.diskFull);
    expect(out.error.message).toContain(s.dataDir);
    expect(savedPositions()).not.toContain(21);
    expect((await s.call('station.status', {})).disk?.full).toBe(true);
  });
});
