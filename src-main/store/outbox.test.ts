import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { openDatabase, type Db } from './database';
import { claimReady, enqueue, flagOrphans, getOp, markDone, recoverInterrupted, reschedule } from './outbox';
import { saveProfile } from './profiles';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

function db(): Db {
  const dir = tempDir('outbox-');
  dirs.push(dir);
  const d = openDatabase({ dataDir: dir.path });
  saveProfile(d, { profileId: 'p', kind: 'remote', name: 'p', baseUrl: 'http://x', orgId: null, teamId: null, locale: null, declaredActor: null });
  return d;
}

const reel = (d: Db, reelId = 'r1') => enqueue(d, { profileId: 'p', kind: 'createReel', subject: reelId, payload: { reelId, name: 'R' } });
const enroll = (d: Db, labelId: string, dep: string, position = 1) =>
  enqueue(d, { profileId: 'p', kind: 'enrollLabel', subject: labelId, payload: { labelId, reelId: 'r1', position, identifiers: [{ tagType: 'TEXT', value: labelId }], indexing: 'default' }, dependsOn: [dep] });

describe('outbox', () => {
  it('holds an operation until the one it depends on is done', () => {
    const d = db();
    const create = reel(d);
    const e1 = enroll(d, 'l1', create);
    expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([create]);
    expect(claimReady(d, 'p', 10)).toEqual([]);
    markDone(d, create, null);
    expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([e1]);
  });

  it('sends operations on one subject in order, different subjects side by side', () => {
    const d = db();
    const a1 = enqueue(d, { profileId: 'p', kind: 'archiveLabel', subject: 'l1', payload: { labelId: 'l1' } });
    const a2 = enqueue(d, { profileId: 'p', kind: 'unarchiveLabel', subject: 'l1', payload: { labelId: 'l1' } });
    const b1 = enqueue(d, { profileId: 'p', kind: 'archiveLabel', subject: 'l2', payload: { labelId: 'l2' } });
    expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([a1, b1]);
    markDone(d, a1, null);
    expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([a2]);
  });

  it('at start-up a row left sending goes back to pending with its outcome unknown', () => {
    const d = db();
    const create = reel(d);
    claimReady(d, 'p', 1);
    expect(getOp(d, create)?.state).toBe('sending');
    expect(recoverInterrupted(d)).toBe(1);
    expect(getOp(d, create)).toMatchObject({ state: 'pending', outcomeUnknown: true, attempts: 1 });
  });

  it('a backed-off row waits for its time', () => {
    const d = db();
    const create = reel(d);
    claimReady(d, 'p', 1);
    reschedule(d, create, Date.now() + 60_000, false);
    expect(claimReady(d, 'p', 1)).toEqual([]);
    expect(claimReady(d, 'p', 1, Date.now() + 61_000).map((o) => o.id)).toEqual([create]);
  });

  it('an operation whose dependency was discarded goes to attention, never silently', () => {
    const d = db();
    const create = reel(d);
    const e1 = enroll(d, 'l1', create);
    d.prepare("UPDATE outbox SET state = 'discarded' WHERE id = ?").run(create);
    expect(flagOrphans(d)).toEqual([e1]);
    expect(getOp(d, e1)?.attention?.code).toBe('STATION_DEPENDENCY_DISCARDED');
  });
});
