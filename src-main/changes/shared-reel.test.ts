import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '../../test/helpers/refusal';
import { openUnitTestStation } from '../../test/helpers/db';
import type { Db } from '../store/database';
import { getLabel, getLabelAt, listLabels, upsertLabel } from '../store/labels';
import { getOp, outboxStore } from '../store/outbox';
import { getReel, saveBenchRange, type LocalReel } from '../store/reels';
import type { ChangeContext } from './context';
import { enrollLabel } from './enroll';
import { importPrintData } from './import';
import { nextFreePosition, repositionOperation } from './queue';
import { adoptServiceReel, labelsMoved, mergeServiceReel, startMirror, type ServiceLabel, type ServiceReel } from './shared-reel';

// The mirror of a Reel shared between benches (docs/sync.md, "Benches sharing a Reel"), with a real station database.

let dir: { path: string; remove(): void };
let db: Db;
let ctx: ChangeContext;

const remote = (labelCount: number): ServiceReel => ({
  collectionId: 'svc-reel',
  name: 'Shared',
  description: null,
  expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }],
  counts: { labelCount, identifiableCount: 0 },
  transferredAt: null,
});
const onService = (position: number, value: string, more: Partial<ServiceLabel> = {}): ServiceLabel => ({
  compositeTagId: `svc-${value}`,
  position,
  members: [{ tagType: 'TEXT', value, archivedAt: null }],
  bound: false,
  archived: false,
  boundThreadId: null,
  ...more,
});

beforeEach(() => {
  ({ dir, db } = openUnitTestStation('shared-reel-'));
  ctx = { db, dataDir: dir.path, profileId: () => 'p' };
});
afterEach(() => {
  db.close();
  dir.remove();
});

const reload = (reel: LocalReel) => getReel(db, reel.reelId) as LocalReel;

describe('opening and refreshing a shared Reel', () => {
  it('opening twice is one local Reel; its Labels are read again only when the counts moved', () => {
    const reel = adoptServiceReel(ctx, remote(1));
    expect(adoptServiceReel(ctx, remote(1)).reelId).toBe(reel.reelId);
    expect(labelsMoved(reel, remote(1))).toBe(true);
    mergeServiceReel(db, reel, remote(1), [onService(1, 'X-1')]);
    expect(labelsMoved(reload(reel), remote(1))).toBe(false);
    expect(labelsMoved(reload(reel), remote(2))).toBe(true);
    expect(listLabels(db, reel.reelId).map((l) => [l.position, l.origin, l.state])).toEqual([[1, 'elsewhere', 'enrolled']]);
  });

  it("fills print data with the Label enrolled elsewhere, keeps this bench's queued Label where both enrolled, drops one that left", async () => {
    const reel = adoptServiceReel(ctx, remote(0));
    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n2,X-2\n' }, baseDir: dir.path, expectedOnly: true });
    await enrollLabel(ctx, { reelId: reel.reelId, position: 3, identifiers: [{ tagType: 'TEXT', value: 'MINE-3' }] });
    mergeServiceReel(db, reel, remote(3), [onService(1, 'X-1'), onService(2, 'X-2'), onService(3, 'X-3')]);
    const labels = listLabels(db, reel.reelId);
    expect(labels.map((l) => [l.position, l.origin, l.state, l.identifiers[0]?.value])).toEqual([
      [1, 'elsewhere', 'enrolled', 'X-1'],
      [2, 'elsewhere', 'enrolled', 'X-2'],
      [3, 'here', 'queued', 'MINE-3'],
    ]);
    expect(labels[1]!.expected).toEqual({ TEXT: 'X-2' });
    // Bound elsewhere; position 1 moved off the Reel.
    mergeServiceReel(db, reload(reel), remote(1), [onService(2, 'X-2', { bound: true, boundThreadId: 't' })]);
    expect(listLabels(db, reel.reelId).map((l) => [l.position, l.state])).toEqual([
      [2, 'bound'],
      [3, 'queued'],
    ]);
  });

  it("follows this bench's Label another bench moved: to a Reel open here it moves with its origin, off every open Reel it leaves", () => {
    const first = adoptServiceReel(ctx, remote(2));
    const second = adoptServiceReel(ctx, { ...remote(0), collectionId: 'svc-other', name: 'Other' });
    mergeServiceReel(db, first, remote(2), [onService(1, 'X-1'), onService(2, 'X-2')]);
    // As if this bench had enrolled them (the origin is all the mirror looks at here).
    for (const label of listLabels(db, first.reelId)) db.prepare("UPDATE labels SET origin = 'here' WHERE label_id = ?").run(label.labelId);
    // Another bench moved both off the Reel: read again, they leave it.
    mergeServiceReel(db, reload(first), remote(0), []);
    expect(listLabels(db, first.reelId)).toEqual([]);
    // Another bench moved X-7 from the third Reel to the second one's position 5; the second Reel is read first: the row follows.
    const third = adoptServiceReel(ctx, { ...remote(1), collectionId: 'svc-third', name: 'Third' });
    mergeServiceReel(db, third, { ...remote(1), collectionId: 'svc-third' }, [onService(7, 'X-7')]);
    db.prepare("UPDATE labels SET origin = 'here' WHERE reel_id = ?").run(third.reelId);
    mergeServiceReel(db, reload(second), { ...remote(1), collectionId: 'svc-other' }, [onService(5, 'X-7')]);
    expect(listLabels(db, second.reelId).map((l) => [l.position, l.origin, l.serviceId])).toEqual([[5, 'here', 'svc-X-7']]);
    expect(listLabels(db, third.reelId)).toEqual([]);
  });

  it('answers the Labels it wrote as the database holds them, a hundred rows a statement; after a write of another command, from the database', async () => {
    const reel = adoptServiceReel(ctx, remote(250));
    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n2,X-2\n260,P-260\n' }, baseDir: dir.path, expectedOnly: true });
    await enrollLabel(ctx, { reelId: reel.reelId, position: 3, identifiers: [{ tagType: 'TEXT', value: 'MINE-3' }] });
    const all = Array.from({ length: 250 }, (_, n) => onService(n + 1, `X-${n + 1}`));
    // Pages of 120 and 130 (two statements of a hundred rows and the rest one by one), as reels.open reads them.
    const first = startMirror(db, reel);
    first.page(all.slice(0, 120));
    first.page(all.slice(120));
    first.finish(remote(250));
    const answered = first.labels();
    expect(answered).toEqual(listLabels(db, reel.reelId));
    expect(answered).toHaveLength(251);
    expect(answered[1]).toMatchObject({ position: 2, origin: 'elsewhere', expected: { TEXT: 'X-2' } });
    expect(answered[2]).toMatchObject({ position: 3, origin: 'here', state: 'queued' });
    // Read again: 150 bound elsewhere meanwhile (written in bulk), one gone; a command writes between two pages.
    const again = startMirror(db, reload(reel));
    const next = all.filter((l) => l.position !== 7).map((l) => (l.position > 100 ? { ...l, bound: true, boundThreadId: `t-${l.position}` } : l));
    again.page(next.slice(0, 100));
    await enrollLabel(ctx, { reelId: reel.reelId, position: 300, identifiers: [{ tagType: 'TEXT', value: 'MINE-300' }] });
    again.page(next.slice(100));
    again.finish(remote(249));
    const reread = again.labels();
    expect(reread).toEqual(listLabels(db, reel.reelId));
    expect(reread.filter((l) => l.state === 'bound')).toHaveLength(150);
    expect(reread.map((l) => l.position)).not.toContain(7);
    expect(reread.at(-1)).toMatchObject({ position: 300, state: 'queued' });
  });

  it("opened again, the Reel's rows read before the service answers: the command's own write alongside is not another writer's, one before it is", async () => {
    const reel = adoptServiceReel(ctx, remote(3));
    const all = [1, 2, 3].map((p) => onService(p, `X-${p}`));
    mergeServiceReel(db, reel, remote(3), all);
    // As reels.open: the mirror starts, the Reel's settings from the service are written alongside, then the pages.
    const quiet = startMirror(db, reload(reel));
    quiet.alongside(() => adoptServiceReel(ctx, { ...remote(3), name: 'Renamed' }));
    quiet.page(all);
    quiet.finish(remote(3));
    expect(quiet.labels()).toEqual(listLabels(db, reel.reelId));
    expect(getReel(db, reel.reelId)?.name).toBe('Renamed');
    // Another command enrolls between the mirror's start and the write alongside: the answer holds its Label.
    const busy = startMirror(db, reload(reel));
    await enrollLabel(ctx, { reelId: reel.reelId, position: 4, identifiers: [{ tagType: 'TEXT', value: 'MINE-4' }] });
    busy.alongside(() => adoptServiceReel(ctx, remote(3)));
    busy.page(all);
    busy.finish(remote(3));
    expect(busy.labels().map((l) => [l.position, l.origin])).toEqual([
      [1, 'elsewhere'],
      [2, 'elsewhere'],
      [3, 'elsewhere'],
      [4, 'here'],
    ]);
  });

  it('refuses an enrollment at a position held elsewhere, naming the position and the Label', async () => {
    const reel = adoptServiceReel(ctx, remote(1));
    mergeServiceReel(db, reel, remote(1), [onService(4, 'X-4')]);
    const error = await refusal(enrollLabel(ctx, { reelId: reel.reelId, position: 4, identifiers: [{ tagType: 'TEXT', value: 'MINE-4' }] }));
    expect(error).toMatchObject({ code: 'STATION_CONFLICT' });
    expect(error.message).toContain('Position 4');
    expect(error.message).toContain('svc-X-4');
    expect(getLabelAt(db, reel.reelId, 4)?.origin).toBe('elsewhere');
  });
});

describe('queue reposition', () => {
  it('moves the refused Label to the next free position with its identifiers and sends it again; a taken position is refused', async () => {
    const reel = adoptServiceReel(ctx, remote(0));
    const {
      label: { labelId },
      opId,
    } = await enrollLabel(ctx, { reelId: reel.reelId, position: 5, identifiers: [{ tagType: 'TEXT', value: 'MINE-5' }] });
    mergeServiceReel(db, reel, remote(1), [onService(6, 'X-6')]);
    outboxStore(db).finishAttention(
      opId,
      [],
      { reason: 'Position 5 …', code: 'STATION_POSITION_TAKEN', status: 409, requestId: 'r', actions: ['reposition', 'retry', 'discard'] },
      labelId,
    );
    // A Reel of no known length (no print data, no range): the position just after its known extent (6) is free.
    expect(nextFreePosition(ctx, reel.reelId, 5)).toBe(7);
    // This bench's range bounds it: nothing is free after 5 inside 1–6.
    saveBenchRange(db, reel.reelId, { first: 1, last: 6 });
    expect(nextFreePosition(ctx, reel.reelId, 5)).toBeNull();
    expect(await refusal(Promise.resolve().then(() => repositionOperation(ctx, opId, { nextFree: true })))).toMatchObject({
      code: 'STATION_NO_FREE_POSITION',
    });
    // A range reaching further: the next free position inside it.
    saveBenchRange(db, reel.reelId, { first: 1, last: 10 });
    expect(nextFreePosition(ctx, reel.reelId, 5)).toBe(7);
    expect(await refusal(Promise.resolve().then(() => repositionOperation(ctx, opId, { position: 6 })))).toMatchObject({ code: 'STATION_CONFLICT' });
    const { label, from } = repositionOperation(ctx, opId, { nextFree: true });
    expect([from, label.position, label.state, label.identifiers]).toEqual([5, 7, 'queued', [{ tagType: 'TEXT', value: 'MINE-5' }]]);
    expect(getOp(db, opId)).toMatchObject({ state: 'pending', attention: null, payload: { position: 7, labelId } });
    expect(getLabel(db, labelId)?.position).toBe(7);
    expect(getLabelAt(db, reel.reelId, 5)).toBeUndefined();
  });

  it("leaves the position's print data where it was printed: the re-placed Label takes its new position's", async () => {
    const reel = adoptServiceReel(ctx, remote(0));
    for (const position of [2, 9]) {
      upsertLabel(db, {
        labelId: `printed-${position}`,
        reelId: reel.reelId,
        position,
        state: 'expected',
        serviceId: null,
        identifiers: [],
        expected: { TEXT: `W-${position}` },
        captureSha256: null,
        indexing: 'default',
        warnings: [],
        attention: null,
        boundThreadId: null,
      });
    }
    const {
      label: { labelId },
      opId,
    } = await enrollLabel(ctx, { reelId: reel.reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'W-2' }] });
    outboxStore(db).finishAttention(
      opId,
      [],
      { reason: 'Position 2 …', code: 'STATION_POSITION_TAKEN', status: 409, requestId: 'r', actions: ['reposition', 'retry', 'discard'] },
      labelId,
    );
    // Print data holds its position; one with none (3) is free, and nothing past the known extent (9) is.
    expect(nextFreePosition(ctx, reel.reelId, 2)).toBe(3);
    expect(nextFreePosition(ctx, reel.reelId, 9)).toBeNull();
    repositionOperation(ctx, opId, { position: 9 });
    expect(getLabelAt(db, reel.reelId, 2)).toMatchObject({ state: 'expected', expected: { TEXT: 'W-2' } });
    expect(getLabel(db, labelId)).toMatchObject({ position: 9, state: 'queued', expected: { TEXT: 'W-9' } });
  });
});
