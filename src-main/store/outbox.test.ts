import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { openDatabase, type Db } from './database';
import { claimReady, discardOp, enqueue, flagOrphans, getOp, listOps, markDone, openRangeOpsCovering, recoverInterrupted, reschedule } from './outbox';
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
  enqueue(d, {
    profileId: 'p',
    kind: 'enrollLabel',
    subject: labelId,
    payload: { labelId, reelId: 'r1', position, identifiers: [{ tagType: 'TEXT', value: labelId }], indexing: 'default' },
    dependsOn: [dep],
  });

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

  describe('lanes (docs/sync.md, "Lanes")', () => {
    const benchEnroll = (d: Db, labelId: string, dep: string, position: number) =>
      enqueue(d, {
        profileId: 'p',
        kind: 'enrollLabel',
        subject: labelId,
        payload: { labelId, reelId: 'r1', position, identifiers: [{ tagType: 'TEXT', value: labelId }], indexing: 'default' },
        dependsOn: [dep],
        lane: 'bench',
      });

    it('claims the bench lane first, each lane in queue order', () => {
      const d = db();
      const create = reel(d);
      markDone(d, create, null);
      const bulk = Array.from({ length: 5 }, (_, i) => enroll(d, `i${i}`, create, i + 1));
      const bench = [benchEnroll(d, 'b1', create, 10), benchEnroll(d, 'b2', create, 11)];
      const more = enroll(d, 'i5', create, 6);
      const b3 = benchEnroll(d, 'b3', create, 12);
      expect(claimReady(d, 'p', 2).map((o) => o.id)).toEqual(bench);
      expect(claimReady(d, 'p', 3).map((o) => o.id)).toEqual([b3, bulk[0], bulk[1]]);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([...bulk.slice(2), more]);
      expect(getOp(d, b3)?.lane).toBe('bench');
      expect(getOp(d, more)?.lane).toBe('bulk');
    });

    it('what a bench operation waits for joins its lane: the Reel creation, earlier work on its Label', () => {
      const d = db();
      const collection = enqueue(d, { profileId: 'p', kind: 'createCollection', subject: 'c1', payload: { collectionId: 'c1', name: 'C' } });
      const create = enqueue(d, {
        profileId: 'p',
        kind: 'createReel',
        subject: 'r1',
        payload: { reelId: 'r1', name: 'R', collectionId: 'c1' },
        dependsOn: [collection],
      });
      const imported = Array.from({ length: 3 }, (_, i) => enroll(d, `i${i}`, create, i + 1));
      const archive = enqueue(d, { profileId: 'p', kind: 'archiveLabel', subject: 'i2', payload: { labelId: 'i2' }, lane: 'bench' });
      expect([collection, create, ...imported.slice(2)].map((id) => getOp(d, id)?.lane)).toEqual(['bench', 'bench', 'bench']);
      expect(imported.slice(0, 2).map((id) => getOp(d, id)?.lane)).toEqual(['bulk', 'bulk']);
      expect(claimReady(d, 'p', 1).map((o) => o.id)).toEqual([collection]);
      markDone(d, collection, null);
      expect(claimReady(d, 'p', 1).map((o) => o.id)).toEqual([create]);
      markDone(d, create, null);
      expect(claimReady(d, 'p', 1).map((o) => o.id)).toEqual([imported[2]]);
      markDone(d, imported[2] as string, null);
      expect(claimReady(d, 'p', 1).map((o) => o.id)).toEqual([archive]);
    });
  });

  it('lists what needs a person, then what is being sent, then what waits, then what ended, newest first (docs/sync.md, "What the operator sees")', () => {
    const d = db();
    const archive = (labelId: string, dependsOn?: string[]) =>
      enqueue(d, { profileId: 'p', kind: 'archiveLabel', subject: labelId, payload: { labelId }, ...(dependsOn ? { dependsOn } : {}) });
    const [done1, done2, gone, sent, waits] = ['l1', 'l2', 'l3', 'l4', 'l5'].map((l) => archive(l)) as [string, string, string, string, string];
    markDone(d, done1, null);
    markDone(d, done2, null);
    discardOp(d, gone);
    const needsYou = archive('l6', [gone]);
    expect(flagOrphans(d)).toEqual([needsYou]);
    expect(claimReady(d, 'p', 1).map((o) => o.id)).toEqual([sent]);

    expect(listOps(d).map((o) => o.id)).toEqual([needsYou, sent, waits, gone, done2, done1]);
    // A long history never pushes what waits out of the list.
    expect(listOps(d, { limit: 3 }).map((o) => o.id)).toEqual([needsYou, sent, waits]);
    expect(listOps(d, { limit: 5 }).map((o) => o.id)).toEqual([needsYou, sent, waits, gone, done2]);
    expect(listOps(d, { state: 'done' }).map((o) => o.id)).toEqual([done2, done1]);
    expect(listOps(d, { subject: 'l3' }).map((o) => o.id)).toEqual([gone]);
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

  describe('a range operation (subject: the Reel) and later operations on a Label it covers', () => {
    const bulkBind = (d: Db) =>
      enqueue(d, { profileId: 'p', kind: 'bulkBind', subject: 'r1', payload: { reelId: 'r1', fromPosition: 1, toPosition: 3, threadIds: ['t1', 't2', 't3'] } });
    const move = (d: Db, labelIds: string[]) =>
      enqueue(d, {
        profileId: 'p',
        kind: 'moveLabels',
        subject: 'r1',
        payload: { reelId: 'r1', fromPosition: 1, toPosition: 2, labelIds, target: { reelId: 'r2' } },
      });
    const onLabel = (d: Db, kind: 'unbindLabel' | 'archiveLabel', labelId: string, position: number) =>
      enqueue(d, { profileId: 'p', kind, subject: labelId, payload: { labelId }, dependsOn: openRangeOpsCovering(d, { labelId, reelId: 'r1', position }) });

    it('a bulk-bind covers the positions of its range on its Reel', () => {
      const d = db();
      const bind = bulkBind(d);
      expect(openRangeOpsCovering(d, { labelId: 'l2', reelId: 'r1', position: 2 })).toEqual([bind]);
      expect(openRangeOpsCovering(d, { labelId: 'l4', reelId: 'r1', position: 4 })).toEqual([]);
      expect(openRangeOpsCovering(d, { labelId: 'x2', reelId: 'r2', position: 2 })).toEqual([]);
      // The unbind of a Label in the range waits for the bind; one outside it does not.
      const unbind2 = onLabel(d, 'unbindLabel', 'l2', 2);
      const unbind4 = onLabel(d, 'unbindLabel', 'l4', 4);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([bind, unbind4]);
      expect(claimReady(d, 'p', 10)).toEqual([]);
      markDone(d, bind, null);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([unbind2]);
    });

    it('a move covers the Labels it recorded, and only while it is unfinished', () => {
      const d = db();
      const m = move(d, ['l1', 'l2']);
      expect(openRangeOpsCovering(d, { labelId: 'l1', reelId: 'r1', position: 1 })).toEqual([m]);
      expect(openRangeOpsCovering(d, { labelId: 'l3', reelId: 'r1', position: 3 })).toEqual([]);
      const archive = onLabel(d, 'archiveLabel', 'l1', 1);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([m]);
      markDone(d, m, null);
      expect(openRangeOpsCovering(d, { labelId: 'l1', reelId: 'r1', position: 1 })).toEqual([]);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([archive]);
    });

    it('a discarded range operation releases the Label operations that waited for it (no orphan)', () => {
      const d = db();
      const bind = bulkBind(d);
      const archive = onLabel(d, 'archiveLabel', 'l1', 1);
      d.prepare("UPDATE outbox SET state = 'attention' WHERE id = ?").run(bind);
      // A range operation in attention still holds them back.
      expect(claimReady(d, 'p', 10)).toEqual([]);
      d.prepare("UPDATE outbox SET state = 'discarded' WHERE id = ?").run(bind);
      expect(flagOrphans(d)).toEqual([]);
      expect(claimReady(d, 'p', 10).map((o) => o.id)).toEqual([archive]);
    });

    it('a range operation that creates what another needs still orphans it when discarded', () => {
      const d = db();
      // A move to a new Reel creates that Reel: an enrollment on it needs the move, it is not only ordered after it.
      const m = move(d, ['l1']);
      const e = enroll(d, 'l9', m, 9);
      d.prepare("UPDATE outbox SET state = 'discarded' WHERE id = ?").run(m);
      expect(flagOrphans(d)).toEqual([e]);
    });
  });
});
