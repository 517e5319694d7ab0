import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { openStation, type TestStation } from '../../helpers/peer';

// Bench skip / void / undo (src-main/changes/bench.ts): skip leaves a gap; taking back an unsent enrollment
// discards it (the row stays, discarded); taking back a Label the service holds queues an archive.

const dir = tempDir('core-bench-ops-');
let s: TestStation;
let reelId: string;
beforeAll(async () => {
  s = await openStation(join(dir.path, 'station'));
  await s.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await s.call('reels.create', { name: 'Bench ops', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
}, 60_000);
afterAll(async () => {
  await s.close();
  dir.remove();
});

const stateAt = async (position: number) => (await s.call('reels.show', { reelId })).labels.find((l) => l.position === position)?.state;

describe('bench actions', () => {
  it('skip records a gap; a gap can still be enrolled later', async () => {
    expect(await s.call('labels.skip', { reelId, position: 1 })).toMatchObject({ state: 'gap', opId: null });
    expect(await stateAt(1)).toBe('gap');
    await s.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'LATE-1' }] });
    expect(await stateAt(1)).toBe('queued');
    const refused = await s.station.call('labels.skip', { reelId, position: 1 });
    expect(refused.ok ? null : refused.error.code).toBe('STATION_CONFLICT');
  });

  it('a void of a damaged label never saved leaves a gap, counted as a void, not a skip, in the report and the shift summary', async () => {
    const { reelId: voided } = await s.call('reels.create', { name: 'Blank void', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    expect(await s.call('labels.skip', { reelId: voided, position: 4, reason: 'void' })).toMatchObject({ state: 'gap', opId: null });
    await s.call('labels.skip', { reelId: voided, position: 5 });
    const report = await s.call('report.reel', { reelId: voided });
    expect(report.counts).toEqual({ gap: 2 });
    expect(report.gapsAndVoids.entries.map((e) => [e.action, e.position])).toEqual([
      ['void', 4],
      ['skip', 5],
    ]);
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const shift = await s.call('report.shift', { day, utcOffsetMinutes: -now.getTimezoneOffset() });
    expect(shift.reels.some((r) => r.reelId === voided)).toBe(false);
    const before = shift.problems;
    await s.call('labels.skip', { reelId: voided, position: 6, reason: 'void' });
    const after = (await s.call('report.shift', { day, utcOffsetMinutes: -now.getTimezoneOffset() })).problems;
    expect([after.voids - before.voids, after.gaps - before.gaps]).toEqual([1, 0]);
  });

  it('void of an unsent enrollment discards it (kept in the queue as discarded) and leaves a gap', async () => {
    const { opId } = await s.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'VOID-2' }] });
    const out = await s.call('labels.void', { reelId, position: 2 });
    expect(out).toMatchObject({ state: 'gap', opId: null });
    expect(await stateAt(2)).toBe('gap');
    const { items } = await s.call('queue.list', { state: 'discarded' });
    expect(items.map((i) => i.opId)).toContain(opId);
    const history = await s.call('labels.history', { labelId: out.labelId });
    expect(history.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['label.enroll', 'label.void']));
    expect(history.operations).toMatchObject([{ opId, kind: 'enrollLabel', state: 'discarded' }]);
  });

  it('enrolling a voided position again with the same value is no repeat; another position with it is', async () => {
    await s.call('labels.enroll', { reelId, position: 5, identifiers: [{ tagType: 'TEXT', value: 'AGAIN-5' }] });
    await s.call('labels.void', { reelId, position: 5 });
    await s.call('labels.enroll', { reelId, position: 5, identifiers: [{ tagType: 'TEXT', value: 'AGAIN-5' }] });
    await s.call('labels.enroll', { reelId, position: 6, identifiers: [{ tagType: 'TEXT', value: 'AGAIN-5' }] });
    const labels = (await s.call('reels.show', { reelId })).labels;
    expect(labels.find((l) => l.position === 5)?.warnings).toEqual([]);
    expect(labels.find((l) => l.position === 6)?.warnings).toEqual(['TEXT "AGAIN-5" is already on the Label at position 5 of this Reel']);
  });

  it('a repeat is the same marking as the service matches it: TEXT in any case, other types byte for byte (src-shared/domain/identifier-values.ts)', async () => {
    await s.call('labels.enroll', { reelId, position: 60, identifiers: [{ tagType: 'TEXT', value: 'again-5' }] });
    await s.call('labels.enroll', {
      reelId,
      position: 61,
      identifiers: [
        { tagType: 'TEXT', value: 'CASE-61' },
        { tagType: 'QR', value: 'qr-case' },
      ],
    });
    await s.call('labels.enroll', {
      reelId,
      position: 62,
      identifiers: [
        { tagType: 'TEXT', value: 'OTHER-62' },
        { tagType: 'QR', value: 'QR-CASE' },
      ],
    });
    const labels = (await s.call('reels.show', { reelId })).labels;
    expect(labels.find((l) => l.position === 60)?.warnings).toEqual(['TEXT "again-5" is already on the Label at position 5 of this Reel']);
    // "QR-CASE" is another QR value than "qr-case": no repeat (this Reel expects TEXT only, hence the other warning).
    expect(labels.find((l) => l.position === 62)?.warnings).toEqual(['the Reel does not expect QR identifiers']);
    // Removing an identifier names it by the same rule.
    const at61 = labels.find((l) => l.position === 61)!;
    await s.call('labels.removeIdentifier', { labelId: at61.labelId, tagType: 'TEXT', value: 'case-61' });
    const wrongCase = await s.station.call('labels.removeIdentifier', { labelId: at61.labelId, tagType: 'QR', value: 'QR-CASE' });
    expect(wrongCase.ok ? null : wrongCase.error.code).toBe('STATION_NOT_FOUND');
    const after = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 61);
    expect(after?.identifiers).toEqual([{ tagType: 'QR', value: 'qr-case' }]);
  });

  it('an import warns of a value printed twice in the same file, and of one already on the Reel', async () => {
    await s.call('labels.import', { reelId, csv: 'position,text\n20,TWICE\n21,TWICE\n22,AGAIN-5\n23,twice\n' });
    const labels = (await s.call('reels.show', { reelId })).labels;
    expect(labels.find((l) => l.position === 20)?.warnings).toEqual([]);
    expect(labels.find((l) => l.position === 21)?.warnings).toEqual(['TEXT "TWICE" is already on the Label at position 20 of this Reel']);
    expect(labels.find((l) => l.position === 22)?.warnings).toEqual(['TEXT "AGAIN-5" is already on the Label at position 5 of this Reel']);
    expect(labels.find((l) => l.position === 23)?.warnings).toEqual(['TEXT "twice" is already on the Label at position 20 of this Reel']);
  });

  it('print data may be imported for positions already enrolled (expected values only); enrolling over them is refused', async () => {
    const refused = await s.station.call('labels.import', { reelId, csv: 'position,text\n5,AGAIN-5\n' });
    expect(refused.ok ? null : refused.error.code).toBe('STATION_IMPORT_INVALID');
    expect(await s.call('labels.import', { reelId, csv: 'position,text\n5,AGAIN-5\n', expectedOnly: true })).toMatchObject({ rows: 1, queued: 0, expected: 1 });
    const label = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 5);
    expect(label).toMatchObject({ state: 'queued', expected: { TEXT: 'AGAIN-5' } });
  });

  it("the same picture as another Label's optical tag is refused at once, naming that position", async () => {
    const image = join(dir.path, 'tag.jpg');
    writeFileSync(image, await speckleTag(4242, { format: 'jpeg' }));
    await s.call('labels.enroll', { reelId, position: 30, identifiers: [{ tagType: 'TEXT', value: 'PIC-30' }], svcImagePath: image });
    const refused = await s.station.call('labels.enroll', { reelId, position: 31, identifiers: [{ tagType: 'TEXT', value: 'PIC-31' }], svcImagePath: image });
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'STATION_SAME_CAPTURE',
      message: expect.stringContaining('same picture as the optical tag of position 30'),
    });
    expect(await stateAt(31)).toBeUndefined();
    // Enrolling position 30 again (a recapture of the same Label) is no conflict with itself.
    await s.call('labels.void', { reelId, position: 30 });
    await s.call('labels.enroll', { reelId, position: 30, identifiers: [{ tagType: 'TEXT', value: 'PIC-30' }], svcImagePath: image });
    expect(await stateAt(30)).toBe('queued');
  });

  it('an import naming the same picture on two rows imports nothing and names the second row', async () => {
    const image = join(dir.path, 'twice.jpg');
    writeFileSync(image, await speckleTag(4343, { format: 'jpeg' }));
    writeFileSync(join(dir.path, 'twice.csv'), `position,text,svc\n40,TW-40,twice.jpg\n41,TW-41,twice.jpg\n`);
    const out = await s.station.call('labels.import', { reelId, path: join(dir.path, 'twice.csv') });
    expect(out.ok ? null : out.error).toMatchObject({
      code: 'STATION_IMPORT_INVALID',
      message: expect.stringContaining('line 3 (position 41): svc image "twice.jpg" is the same picture as on line 2'),
    });
    expect(await stateAt(40)).toBeUndefined();
  });

  it('undo of a Label already on the service queues an archive; after sync it is archived', async () => {
    await s.call('labels.enroll', { reelId, position: 3, identifiers: [{ tagType: 'TEXT', value: 'UNDO-3' }] });
    await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    expect(await stateAt(3)).toBe('enrolled');
    const out = await s.call('labels.void', { reelId, position: 3, reason: 'undo' });
    expect(out.opId).toBeTruthy();
    await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    expect(await stateAt(3)).toBe('archived');
    const history = await s.call('labels.history', { labelId: out.labelId });
    expect(history.operations.map((o) => [o.kind, o.state])).toEqual([
      ['enrollLabel', 'done'],
      ['archiveLabel', 'done'],
    ]);
    expect(history.operations[0]?.attempts[0]).toMatchObject({ status: 201, requestId: expect.any(String) });
    expect(history.audit.map((a) => a.action)).toContain('label.undo');
  });

  it('an empty position has nothing to void', async () => {
    const out = await s.station.call('labels.void', { reelId, position: 9 });
    expect(out.ok ? null : out.error.code).toBe('STATION_NOT_FOUND');
  });
});
