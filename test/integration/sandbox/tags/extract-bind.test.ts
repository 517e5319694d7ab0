// /api/v1/tags/extract and /bind over HTTP. spec: Scanning and identifiers; Errors (scan codes, receipts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankImage, freshCapture, lowDetailImage, speckleTag, undecodableImage } from '../../../fixtures';
import { detail, startTagsSandbox, type TagsSandbox } from '../../../helpers/tags-harness';

const SIZE = { width: 800, height: 600 };
let t: TagsSandbox;
beforeAll(async () => {
  t = await startTagsSandbox();
});
afterAll(async () => t.close());

describe('POST /api/v1/tags/extract', () => {
  it('returns the fingerprint id, a quality score and a receipt with a null svcId, binding nothing', async () => {
    const res = await t.form('extract', { data: await speckleTag(1, { ...SIZE, format: 'jpeg' }) });
    expect(res.status).toBe(200);
    expect(res.body.qualityScore).toBeGreaterThan(0);
    expect(res.body.scan).toEqual({ scanId: expect.any(String), fingerprintId: res.body.id, svcId: null });
    expect(res.body.annotatedImage).toBeUndefined();
    expect((t.sb.db.prepare('SELECT COUNT(*) AS n FROM tags').get() as { n: number }).n).toBe(0);
  });

  it('accepts a base64 data URL and returns an annotated image when asked', async () => {
    const image = await speckleTag(2, { ...SIZE, format: 'jpeg' });
    const res = await t.form('extract', { data: `data:image/jpeg;base64,${image.toString('base64')}`, options: { returnAnnotatedImage: true } });
    expect(res.status).toBe(200);
    expect(res.body.annotatedImage).toMatch(/^data:image\/png;base64,/);
  });

  it('answers a quality-rejected capture with 500 SCAN_EXTRACTION_FAILURE, keeping the scan with a null fingerprint', async () => {
    const res = await t.form('extract', { data: await lowDetailImage(1) });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('SCAN_EXTRACTION_FAILURE');
    expect(detail(res)).toMatchObject({ reason: 'SCAN_LOW_KEYPOINTS', scan: { scanId: expect.any(String), fingerprintId: null, svcId: null } });
  });

  it('refuses the same bytes twice with 400 SCAN_IDENTICAL_SCAN and a receipt', async () => {
    const image = await speckleTag(3, { ...SIZE, format: 'jpeg' });
    expect((await t.form('extract', { data: image })).status).toBe(200);
    const again = await t.form('extract', { data: image });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('SCAN_IDENTICAL_SCAN');
    expect(detail(again)).toMatchObject({ outcome: 'quality_reject', scan: { fingerprintId: null } });
  });

  it('stores nothing and gives no receipt for bytes that are not an image', async () => {
    const before = t.scanCount();
    const res = await t.form('extract', { data: undecodableImage() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_DATA');
    expect(detail(res).scan).toBeUndefined();
    const notDataUrl = await t.form('extract', { data: 'not a data url' });
    expect(notDataUrl.body.code).toBe('INVALID_DATA');
    expect(t.scanCount()).toBe(before);
  });

  it('needs the image: 400 INVALID_REQUEST without data', async () => {
    const res = await t.form('extract', { options: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_REQUEST');
  });
});

describe('POST /api/v1/tags/bind', () => {
  it('binds an optical capture: {tag, scan} with scan.svcId the identifier', async () => {
    const threadId = await t.createThread('Pallet 1');
    const res = await t.form('bind', { threadId, tagType: 'SVC', tagDescription: 'front', data: await speckleTag(10, { ...SIZE, format: 'jpeg' }) });
    expect(res.status).toBe(200);
    const tag = res.body.tag as Record<string, unknown>;
    expect(tag).toMatchObject({ tagType: 'SVC', threadId, description: 'front', archivedAt: null, label: null });
    expect(res.body.scan).toEqual({ scanId: expect.any(String), fingerprintId: tag.fingerprintId, svcId: tag.tagId });
    expect(res.body.label).toBeUndefined();
  });

  it('refuses a fresh capture of a marking bound elsewhere: 409 IDENTIFIER_ALREADY_BOUND with detail.scan', async () => {
    const first = await t.createThread('A');
    const second = await t.createThread('B');
    const tag = await speckleTag(11, SIZE);
    expect((await t.form('bind', { threadId: first, tagType: 'SVC', data: await freshCapture(tag, 1) })).status).toBe(200);
    const res = await t.form('bind', { threadId: second, tagType: 'SVC', data: await freshCapture(tag, 2) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IDENTIFIER_ALREADY_BOUND');
    expect(detail(res)).toMatchObject({
      compositeTagId: null,
      threadId: first,
      scan: { scanId: expect.any(String), fingerprintId: expect.any(String), svcId: null },
    });
    // A fresh capture onto the same Thread is the same identifier again, not a second one.
    const again = await t.form('bind', { threadId: first, tagType: 'SVC', data: await freshCapture(tag, 3) });
    expect(again.status).toBe(200);
    expect((t.sb.db.prepare("SELECT COUNT(*) AS n FROM tags WHERE thread_id = ? AND tag_type = 'SVC'").get(first) as { n: number }).n).toBe(1);
  });

  it('rejects captures without detail with 400 and keeps their receipt', async () => {
    const threadId = await t.createThread('C');
    const low = await t.form('bind', { threadId, tagType: 'SVC', data: await lowDetailImage(2) });
    expect([low.status, low.body.code]).toEqual([400, 'SCAN_LOW_KEYPOINTS']);
    expect(detail(low)).toMatchObject({ outcome: 'quality_reject', scan: { fingerprintId: null } });
    const blank = await t.form('bind', { threadId, tagType: 'SVC', data: await blankImage({ width: 400, height: 300 }) });
    expect([blank.status, blank.body.code]).toEqual([400, 'SCAN_NO_KEYPOINTS']);
  });

  it('binds repeated QR values to different Threads (no uniqueness) and TEXT as typed', async () => {
    const a = await t.createThread('QR A');
    const b = await t.createThread('QR B');
    for (const threadId of [a, b]) {
      const res = await t.form('bind', { threadId, tagType: 'QR', data: 'https://example.test/q/1' });
      expect(res.status).toBe(200);
      expect(res.body.tag).toMatchObject({ tagType: 'QR', value: 'https://example.test/q/1', threadId });
      expect(res.body.scan).toBeUndefined();
    }
    const text = await t.json('bind', { threadId: a, tagType: 'TEXT', data: 'Ab-12' });
    expect(text.status).toBe(200);
    expect(text.body.tag).toMatchObject({ tagType: 'TEXT', value: 'Ab-12' });
  });

  it('answers 404 for a Thread not visible in the Team and 403 for one shared but not owned', async () => {
    const hidden = await t.createThread('Other team', t.otherTeamId);
    const res = await t.form('bind', { threadId: hidden, tagType: 'QR', data: 'x' });
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.sb.admin('POST', `/sandbox/threads/${hidden}/share`, { teamId: t.benchTeamId })).statusCode).toBe(204);
    const shared = await t.form('bind', { threadId: hidden, tagType: 'QR', data: 'x' });
    expect([shared.status, shared.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('validates the parts: 400 INVALID_REQUEST for a bad tagType or a missing value', async () => {
    const threadId = await t.createThread('D');
    expect((await t.form('bind', { threadId, tagType: 'BARCODE', data: 'x' })).body.code).toBe('INVALID_REQUEST');
    expect((await t.form('bind', { threadId, tagType: 'QR' })).body.code).toBe('INVALID_REQUEST');
  });
});

describe('binding a Label member binds the whole Label', () => {
  it('answers label and boundTags, binds every active member with one shared operation id', async () => {
    const threadId = await t.createThread('Labelled');
    const { compositeTagId, tagIds } = t.createLabel({
      members: [
        { tagType: 'QR', value: 'LBL-1' },
        { tagType: 'TEXT', value: 'L-1' },
      ],
    });
    const res = await t.form('bind', { threadId, tagType: 'QR', data: 'LBL-1' });
    expect(res.status).toBe(200);
    expect(res.body.tag).toMatchObject({ tagId: tagIds[0], threadId, label: { compositeTagId, position: 1 } });
    expect((res.body.label as Record<string, unknown>).boundThreadId).toBe(threadId);
    expect((res.body.boundTags as { tagId: string }[]).map((b) => b.tagId).sort()).toEqual([...tagIds].sort());
    const events = t.sb.db.prepare("SELECT operation_id FROM thread_events WHERE thread_id = ? AND action = 'tag_bound'").all(threadId) as {
      operation_id: string;
    }[];
    expect(events).toHaveLength(2);
    expect(new Set(events.map((e) => e.operation_id)).size).toBe(1);
  });

  it('refuses a Label already on another Thread: 409 IDENTIFIER_ALREADY_BOUND with detail.compositeTagId', async () => {
    const first = await t.createThread('L first');
    const second = await t.createThread('L second');
    const { compositeTagId } = t.createLabel({ members: [{ tagType: 'QR', value: 'LBL-2' }], boundThreadId: first });
    const res = await t.form('bind', { threadId: second, tagType: 'QR', data: 'LBL-2' });
    expect([res.status, res.body.code]).toEqual([409, 'IDENTIFIER_ALREADY_BOUND']);
    expect(detail(res).compositeTagId).toBe(compositeTagId);
  });

  it('refuses a member onto a Thread of another Team: 409 COMPOSITE_TAG_CONFLICT label_owned_by_other_team', async () => {
    const threadId = await t.createThread('Bench thread');
    const { compositeTagId } = t.createLabel({ team: t.otherTeamId, members: [{ tagType: 'QR', value: 'LBL-3' }] });
    const res = await t.form('bind', { threadId, tagType: 'QR', data: 'LBL-3' });
    expect([res.status, res.body.code]).toEqual([409, 'COMPOSITE_TAG_CONFLICT']);
    expect(detail(res)).toMatchObject({ reason: 'label_owned_by_other_team', compositeTagId });
  });

  it('binds a Label through a fresh capture of its optical member, with the receipt naming that member', async () => {
    const threadId = await t.createThread('Optical label');
    const tag = await speckleTag(12, SIZE);
    const enrolled = await t.form('extract', { data: await freshCapture(tag, 1) });
    const { tagIds } = t.createLabel({
      members: [
        { tagType: 'SVC', fingerprintId: enrolled.body.id as string },
        { tagType: 'QR', value: 'LBL-4' },
      ],
    });
    const res = await t.form('bind', { threadId, tagType: 'SVC', data: await freshCapture(tag, 2), activateLabel: 'true' });
    expect(res.status).toBe(200);
    expect((res.body.scan as { svcId: string }).svcId).toBe(tagIds[0]);
    expect(res.body.boundTags).toHaveLength(2);
    expect((res.body.label as { identifiable: boolean }).identifiable).toBe(true);
  });
});
