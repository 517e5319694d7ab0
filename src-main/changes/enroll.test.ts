import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LABEL_STATES } from '../../src-shared/domain/label';
import { StationErrorCode } from '../../src-shared/ipc/envelope';
import { speckleTag } from '../../test/fixtures';
import { storeCounts, openUnitTestStation } from '../../test/helpers/db';
import { refusal } from '../../test/helpers/refusal';
import { readAudit } from '../store/audit';
import { openDatabase, type Db } from '../store/database';
import { getLabel, getLabelAt, updateLabel } from '../store/labels';
import { getOp, openEnrollmentOf, outboxStore } from '../store/outbox';
import { skipPosition, takeBackLabel } from './bench';
import type { ChangeContext } from './context';
import { canEnrollOver, enrollLabel, type EnrollRequest } from './enroll';
import { importPrintData } from './import';
import { createReel } from './reels';

// The enrollment rules with a real station database: what is written together, what is warned about, what is refused.

let dir: { path: string; remove(): void };
let db: Db;
let ctx: ChangeContext;
let reel: { reelId: string; opId: string };
/** Small distinct optical tags (PNG), made once. */
let tags: Buffer[];

beforeAll(async () => {
  tags = await Promise.all([1, 2, 3].map((seed) => speckleTag(seed, { width: 160, height: 120 })));
});

beforeEach(() => {
  ({ dir, db } = openUnitTestStation('enroll-'));
  ctx = { db, dataDir: dir.path, profileId: () => 'p' };
  reel = createReel(ctx, { name: 'Reel A' });
});
afterEach(() => {
  db.close();
  dir.remove();
});

const enroll = (position: number, identifiers: EnrollRequest['identifiers'], more: Partial<EnrollRequest> = {}) =>
  enrollLabel(ctx, { reelId: reel.reelId, position, identifiers, ...more });
const text = (value: string) => ({ tagType: 'TEXT' as const, value });

/** What the sync engine does when the service refuses an enrollment that needs a person (e.g. too little detail). */
function needsAttention(opId: string, labelId: string): void {
  outboxStore(db).finishAttention(
    opId,
    [],
    {
      reason: 'Recapture this Label: the capture has too little usable detail.',
      code: 'SCAN_LOW_KEYPOINTS',
      status: 422,
      requestId: 'req-2',
      actions: ['recapture', 'discard'],
    },
    labelId,
  );
}

describe('one transaction', () => {
  it('saves the Label and its enrollLabel operation together, after the Reel is created', async () => {
    const { label, opId } = await enroll(1, [text('T-1')], { svcImage: tags[0] });
    expect(getLabel(db, label.labelId)).toMatchObject({
      reelId: reel.reelId,
      position: 1,
      state: 'queued',
      serviceId: null,
      captureSha256: label.captureSha256,
    });
    expect(getOp(db, opId)).toMatchObject({
      kind: 'enrollLabel',
      state: 'pending',
      subject: label.labelId,
      dependsOn: [reel.opId],
      payload: {
        labelId: label.labelId,
        reelId: reel.reelId,
        position: 1,
        identifiers: [text('T-1')],
        captureSha256: label.captureSha256,
        indexing: 'default',
      },
    });
    expect(readAudit(db, label.labelId).map((a) => a.action)).toEqual(['label.enroll']);
  });

  it('an operation that does not validate leaves no Label, no capture row and no audit entry', async () => {
    const before = storeCounts(db);
    // An empty QR value passes the bench checks but not the operation's payload schema: the insert that comes last fails.
    await expect(enroll(1, [text('T-1'), { tagType: 'QR', value: '' }], { svcImage: tags[0] })).rejects.toThrow();
    expect(storeCounts(db)).toEqual(before);
    expect(getLabelAt(db, reel.reelId, 1)).toBeUndefined();
    expect(db.inTransaction).toBe(false);
  });

  it('an operation that SQLite refuses to store leaves no Label either', async () => {
    const before = storeCounts(db);
    db.exec("CREATE TEMP TRIGGER fail_enqueue BEFORE INSERT ON outbox WHEN NEW.kind = 'enrollLabel' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    await expect(enroll(1, [text('T-1')], { svcImage: tags[0] })).rejects.toThrow(/disk trouble/);
    expect(storeCounts(db)).toEqual(before);
    expect(getLabelAt(db, reel.reelId, 1)).toBeUndefined();
  });
});

describe('Label ids', () => {
  it('are time-ordered wherever a Label row is made (print data, an enrollment), so new rows go to the end of the index', async () => {
    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n1,T-1\n2,T-2\n' }, baseDir: dir.path, expectedOnly: true });
    const printed = [1, 2].map((p) => getLabelAt(db, reel.reelId, p)?.labelId as string);
    const { label } = await enroll(3, [text('T-3')]);
    const ids = [...printed, label.labelId];
    // UUIDv7 (docs/sync.md, "Opening at shop scale"): version 7, and in the order they were made.
    for (const id of ids) expect(id[14]).toBe('7');
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('warnings (the Label is saved anyway)', () => {
  it('a value that differs from the print data at its position is refused (TEXT ignoring case, other types exactly) unless accepted, then written on the Label', async () => {
    await importPrintData(ctx, {
      reelId: reel.reelId,
      source: { csv: 'position,text,qr\n1,ABC-1,https://x.test/1\n2,ABC-2,https://x.test/2\n' },
      baseDir: dir.path,
      expectedOnly: true,
    });
    const expectedAt1 = getLabelAt(db, reel.reelId, 1);

    const same = await enroll(1, [text('abc-1'), { tagType: 'QR', value: 'https://x.test/1' }]);
    expect(same.label.warnings).toEqual([]);
    // The expected row becomes the enrolled Label and keeps what the print data says.
    expect(same.label.labelId).toBe(expectedAt1?.labelId);
    expect(getLabel(db, same.label.labelId)?.expected).toEqual({ TEXT: 'ABC-1', QR: 'https://x.test/1' });

    const values = [text('ABD-2'), { tagType: 'QR' as const, value: 'HTTPS://X.TEST/2' }];
    await expect(enroll(2, values)).rejects.toMatchObject({ code: 'STATION_MISPRINT', detail: { position: 2, value: 'ABD-2', expected: 'ABC-2' } });
    expect(getLabelAt(db, reel.reelId, 2)?.state).toBe('expected');
    const differs = await enroll(2, values, { acceptMismatch: true });
    expect(differs.label.warnings).toEqual([
      'print data mismatch accepted: TEXT ABD-2 was printed for no position (the print data says ABC-2)',
      'print data mismatch accepted: QR HTTPS://X.TEST/2 was printed for no position (the print data says https://x.test/2)',
    ]);
    expect(getLabel(db, differs.label.labelId)?.warnings).toEqual(differs.label.warnings);
  });

  it('identifier types the Reel does not expect', async () => {
    // The default composition: TEXT, SVC, QR.
    expect((await enroll(1, [text('T-1'), { tagType: 'NFC', value: '04A1B2C3' }], { svcImage: tags[0] })).label.warnings).toEqual([
      'the Reel does not expect NFC identifiers',
    ]);

    // A type the Reel lists with count 0 is not expected either.
    const textOnly = createReel(ctx, {
      name: 'Text only',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 0 },
      ],
    });
    const { label } = await enrollLabel(ctx, {
      reelId: textOnly.reelId,
      position: 1,
      identifiers: [text('T-1'), { tagType: 'QR', value: 'q' }],
      svcImage: tags[1],
    });
    expect(label.warnings).toEqual(['the Reel does not expect QR identifiers', 'the Reel does not expect SVC identifiers']);
  });

  it('a value already on another Label of the same Reel names that position', async () => {
    await enroll(1, [text('R-1'), { tagType: 'QR', value: 'q-1' }]);
    expect((await enroll(2, [text('R-1')])).label.warnings).toEqual(['TEXT "R-1" is already on the Label at position 1 of this Reel']);
    expect((await enroll(3, [{ tagType: 'QR', value: 'q-1' }])).label.warnings).toEqual(['QR "q-1" is already on the Label at position 1 of this Reel']);
    // An archived Label (one set aside) holds its values against no other Label.
    const held = await enroll(4, [text('R-4')]);
    updateLabel(db, held.label.labelId, { state: 'archived' });
    expect((await enroll(5, [text('R-4')])).label.warnings).toEqual([]);
    // Another Reel may carry the same values.
    const other = createReel(ctx, { name: 'Reel B' });
    expect((await enrollLabel(ctx, { reelId: other.reelId, position: 1, identifiers: [text('R-1')] })).label.warnings).toEqual([]);
  });

  it('checks against the print data as it is now, when another process changed it since the last enrollment here', async () => {
    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n5,OLD-5\n6,OLD-6\n' }, baseDir: dir.path, expectedOnly: true });
    await expect(enroll(6, [text('OLD-5')])).rejects.toMatchObject({ code: 'STATION_MISORDER', detail: { printedFor: 5 } });
    // A CLI beside the station (its own connection) puts other print data at position 5 and adds position 8.
    const cli = openDatabase({ dataDir: dir.path });
    try {
      await importPrintData(
        { db: cli, dataDir: dir.path, profileId: () => 'p' },
        { reelId: reel.reelId, source: { csv: 'position,text\n5,NEW-5\n8,NEW-8\n' }, baseDir: dir.path, expectedOnly: true },
      );
    } finally {
      cli.close();
    }
    await expect(enroll(6, [text('NEW-8')])).rejects.toMatchObject({ code: 'STATION_MISORDER', detail: { printedFor: 8 } });
    await expect(enroll(6, [text('NEW-5')])).rejects.toMatchObject({ code: 'STATION_MISORDER', detail: { printedFor: 5 } });
    expect((await enroll(5, [text('NEW-5')])).label.warnings).toEqual([]);
  });

  it('print data and voided positions hold no marking, and a Label enrolled again is no repeat of itself', async () => {
    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n5,R-5\n' }, baseDir: dir.path, expectedOnly: true });
    // Another position's print data is no repeat: it is a misorder (docs/print-run.md), refused unless accepted.
    await expect(enroll(6, [text('R-5')])).rejects.toMatchObject({ code: 'STATION_MISORDER', detail: { position: 6, printedFor: 5 } });
    expect((await enroll(6, [text('R-5')], { acceptMismatch: true })).label.warnings).toEqual([
      'print data mismatch accepted: TEXT R-5 was printed for position 5',
    ]);
    // A voided Label (never sent) leaves a gap that still lists what it carried.
    await enroll(7, [text('R-7')], { svcImage: tags[2] });
    expect(takeBackLabel(ctx, reel.reelId, 7, 'void').label).toMatchObject({
      state: 'gap',
      identifiers: [text('R-7'), expect.objectContaining({ tagType: 'SVC' })],
    });
    expect((await enroll(8, [text('R-7')], { svcImage: tags[2] })).label.warnings).toEqual([]);

    const first = await enroll(4, [text('R-4')], { svcImage: tags[0] });
    needsAttention(first.opId, first.label.labelId);
    const again = await enroll(4, [text('R-4')], { svcImage: tags[1] });
    expect(again.label.labelId).toBe(first.label.labelId);
    expect(again.label.warnings).toEqual([]);
  });
});

describe('refusals', () => {
  it("a capture that is another Label's picture is refused, naming that Reel and position", async () => {
    await enroll(1, [text('T-1')], { svcImage: tags[0] });
    const otherReel = createReel(ctx, { name: 'Reel B' });
    const before = storeCounts(db);

    const elsewhere = await refusal(enrollLabel(ctx, { reelId: otherReel.reelId, position: 2, identifiers: [text('T-2')], svcImage: tags[0] }));
    expect(elsewhere.code).toBe('STATION_SAME_CAPTURE');
    expect(elsewhere.message).toBe(
      'Cannot enroll at position 2: this capture is the same picture as the optical tag of position 1 on Reel "Reel A". Capture this Label again.',
    );
    expect(elsewhere.detail).toEqual({ position: 1, reel: 'Reel A' });

    const sameReel = await refusal(enroll(3, [text('T-3')], { svcImage: tags[0] }));
    expect(sameReel.code).toBe('STATION_SAME_CAPTURE');
    expect(sameReel.detail).toEqual({ position: 1, reel: 'Reel A' });

    expect(storeCounts(db)).toEqual(before);
    expect(getLabelAt(db, otherReel.reelId, 2)).toBeUndefined();
  });

  it('canEnrollOver: expected rows, gaps and Labels needing attention that never reached the service', () => {
    const allowed = LABEL_STATES.filter((state) => canEnrollOver({ state, serviceId: null }));
    expect(allowed).toEqual(['expected', 'attention', 'gap']);
    expect(canEnrollOver({ state: 'attention', serviceId: 'svc-1' })).toBe(false);
  });

  it('a position holding a Label is refused; expected rows and gaps are enrolled over', async () => {
    const queued = await enroll(1, [text('T-1')]);
    const before = storeCounts(db);
    const taken = await refusal(enroll(1, [text('T-other')]));
    expect(taken.code).toBe(StationErrorCode.invalidInput);
    expect(taken.message).toBe('Cannot enroll at position 1: position 1 already holds a Label (queued); pick another position or move that Label first.');
    expect(storeCounts(db)).toEqual(before);
    expect(getLabel(db, queued.label.labelId)?.identifiers).toEqual([text('T-1')]);

    // A Label the service holds, even one needing attention, is never replaced.
    for (const [state, serviceId] of [
      ['enrolled', 'svc-1'],
      ['bound', 'svc-1'],
      ['archived', 'svc-1'],
      ['attention', 'svc-1'],
    ] as const) {
      updateLabel(db, queued.label.labelId, { state, serviceId });
      expect((await refusal(enroll(1, [text('T-other')]))).message).toContain(`position 1 already holds a Label (${state})`);
    }

    await importPrintData(ctx, { reelId: reel.reelId, source: { csv: 'position,text\n2,T-2\n' }, baseDir: dir.path, expectedOnly: true });
    const gap = skipPosition(ctx, reel.reelId, 3);
    const overExpected = await enroll(2, [text('T-2')]);
    const overGap = await enroll(3, [text('T-3')]);
    expect(overExpected.label.labelId).toBe(getLabelAt(db, reel.reelId, 2)?.labelId);
    expect(overGap.label.labelId).toBe(gap.labelId);
    expect([getLabel(db, overExpected.label.labelId)?.state, getLabel(db, overGap.label.labelId)?.state]).toEqual(['queued', 'queued']);
  });
});

describe('recapture', () => {
  it('replaces an enrollment needing attention: the old operation discarded and audited, the Label queued with the new capture', async () => {
    const first = await enroll(1, [text('T-1')], { svcImage: tags[0] });
    needsAttention(first.opId, first.label.labelId);
    expect(getLabel(db, first.label.labelId)).toMatchObject({ state: 'attention', attention: { code: 'SCAN_LOW_KEYPOINTS' } });

    const again = await enroll(1, [text('T-1')], { svcImage: tags[1] });
    expect(again.label.labelId).toBe(first.label.labelId);
    expect(again.label.captureSha256).not.toBe(first.label.captureSha256);
    expect(getOp(db, first.opId)?.state).toBe('discarded');
    expect(getOp(db, again.opId)).toMatchObject({ state: 'pending', payload: { captureSha256: again.label.captureSha256 } });
    expect(openEnrollmentOf(db, first.label.labelId)?.id).toBe(again.opId);
    expect(getLabel(db, first.label.labelId)).toMatchObject({ state: 'queued', attention: null, captureSha256: again.label.captureSha256 });
    expect(readAudit(db, first.opId)).toEqual([
      expect.objectContaining({ action: 'queue.superseded', detail: { labelId: first.label.labelId, reason: 'enrolled again at the same position' } }),
    ]);
  });
});
