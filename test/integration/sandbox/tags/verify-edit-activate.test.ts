// /api/v1/tags/verify, /unbind, /text, /update and /activate over HTTP. spec: Scanning and identifiers
// ("Verify response by candidate count"); Identifier (tag); States (identifier archive/restore, activation).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCapture, speckleTag } from '../../../fixtures';
import { detail, startTagsSandbox, type TagsSandbox } from '../../../helpers/tags-harness';

const SIZE = { width: 800, height: 600 };
let t: TagsSandbox;
let threadId: string;
let optical: { tagId: string; image: Buffer };
let qr: { tagId: string };

beforeAll(async () => {
  t = await startTagsSandbox();
  threadId = await t.createThread('Verified item');
  const image = await speckleTag(30, SIZE);
  optical = { tagId: ((await t.form('bind', { threadId, tagType: 'SVC', data: await freshCapture(image, 1) })).body.tag as { tagId: string }).tagId, image };
  qr = (await t.json('bind', { threadId, tagType: 'QR', data: 'VER-1' })).body.tag as { tagId: string };
});
afterAll(async () => t.close());

describe('POST /api/v1/tags/verify', () => {
  it('one candidate, match: 200 {tag, scan} with scan.svcId the identifier', async () => {
    const res = await t.form('verify', {
      threadId,
      tagType: 'SVC',
      data: await freshCapture(optical.image, 2),
      tags: [{ tagId: optical.tagId, tagType: 'SVC' }],
    });
    expect(res.status).toBe(200);
    expect((res.body.tag as { tagId: string }).tagId).toBe(optical.tagId);
    expect(res.body.scan).toMatchObject({ svcId: optical.tagId });
  });

  it('one candidate, no match: 500 IDENTIFIER_VERIFY_FAILED with the receipt in detail.scan', async () => {
    const res = await t.form('verify', {
      threadId,
      tagType: 'SVC',
      data: await speckleTag(31, { ...SIZE, format: 'jpeg' }),
      tags: [{ tagId: optical.tagId, tagType: 'SVC' }],
    });
    expect([res.status, res.body.code]).toEqual([500, 'IDENTIFIER_VERIFY_FAILED']);
    expect(detail(res).scan).toMatchObject({ scanId: expect.any(String), fingerprintId: expect.any(String), svcId: null });
  });

  it('fails for an identifier not bound to the named Thread even when the scan matches it', async () => {
    const otherThread = await t.createThread('Not this one');
    const res = await t.form('verify', {
      threadId: otherThread,
      tagType: 'SVC',
      data: await freshCapture(optical.image, 3),
      tags: [{ tagId: optical.tagId, tagType: 'SVC' }],
    });
    expect([res.status, res.body.code]).toEqual([500, 'IDENTIFIER_VERIFY_FAILED']);
  });

  it('several candidates, match: 200 {success: true, verifiedTag, attemptedCount, failedCount, scan}', async () => {
    const res = await t.form('verify', {
      threadId,
      tagType: 'SVC',
      data: await freshCapture(optical.image, 4),
      tags: [
        { tagId: qr.tagId, tagType: 'QR' },
        { tagId: optical.tagId, tagType: 'SVC' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, verifiedTag: { tagId: optical.tagId }, attemptedCount: 2, failedCount: 1, scan: { svcId: optical.tagId } });
  });

  it('several candidates, no match: still 200, with success false (the status alone proves nothing)', async () => {
    const res = await t.form('verify', {
      threadId,
      tagType: 'SVC',
      data: await speckleTag(32, { ...SIZE, format: 'jpeg' }),
      tags: [
        { tagId: optical.tagId, tagType: 'SVC' },
        { tagId: randomUUID(), tagType: 'SVC' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, attemptedCount: 2, failedCount: 2, error: { code: 'IDENTIFIER_VERIFY_FAILED' }, scan: { svcId: null } });
  });

  it('verifies string types by value (TEXT case-insensitive) and needs tags', async () => {
    const text = (await t.json('bind', { threadId, tagType: 'TEXT', data: 'Print-9' })).body.tag as { tagId: string };
    const ok = await t.json('verify', { threadId, tagType: 'TEXT', data: 'PRINT-9', tags: [{ tagId: text.tagId, tagType: 'TEXT' }] });
    expect(ok.status).toBe(200);
    expect(ok.body.scan).toBeUndefined();
    const qrWrongCase = await t.json('verify', { threadId, tagType: 'QR', data: 'ver-1', tags: [{ tagId: qr.tagId, tagType: 'QR' }] });
    expect(qrWrongCase.body.code).toBe('IDENTIFIER_VERIFY_FAILED');
    expect((await t.json('verify', { threadId, tagType: 'QR', data: 'VER-1' })).body.code).toBe('INVALID_REQUEST');
  });
});

describe('POST /api/v1/tags/unbind, /text, /update', () => {
  it('sets name and description with /text and refuses the immutable value', async () => {
    const res = await t.json('text', { tagId: qr.tagId, threadId, name: 'Lid code', description: 'on the lid' });
    expect(res.status).toBe(200);
    expect(res.body.tag).toMatchObject({ name: 'Lid code', description: 'on the lid', value: 'VER-1' });
    expect((await t.json('text', { tagId: qr.tagId, threadId, value: 'changed' })).body.code).toBe('INVALID_REQUEST');
  });

  it('archives with an archivedAt timestamp and restores with null; an archived identifier is not identified', async () => {
    const archivedAt = '2026-01-02T03:04:05.000Z';
    const archived = await t.json('update', { tagId: qr.tagId, threadId, archivedAt, isPrivate: true });
    expect(archived.body.tag).toMatchObject({ archivedAt, isPrivate: true });
    expect((await t.form('identify', { tagType: 'QR', data: 'VER-1' })).body.code).toBe('IDENTIFIER_NOT_FOUND');
    const restored = await t.json('update', { tagId: qr.tagId, threadId, archivedAt: null });
    expect((restored.body.tag as { archivedAt: null }).archivedAt).toBeNull();
    expect((await t.form('identify', { tagType: 'QR', data: 'VER-1' })).body.type).toBe('identified');
  });

  it('unbinds, recording an event; naming the wrong Thread is 404', async () => {
    const nfc = (await t.json('bind', { threadId, tagType: 'NFC', data: '04AABBCC' })).body.tag as { tagId: string };
    const other = await t.createThread('Elsewhere');
    expect((await t.json('unbind', { tagId: nfc.tagId, threadId: other })).status).toBe(404);
    const res = await t.json('unbind', { tagId: nfc.tagId, threadId });
    expect(res.status).toBe(200);
    expect((res.body.tag as { threadId: null }).threadId).toBeNull();
    const events = t.sb.db.prepare("SELECT COUNT(*) AS n FROM thread_events WHERE thread_id = ? AND action = 'tag_unbound'").get(threadId) as { n: number };
    expect(events.n).toBe(1);
  });

  it('unbinding a Label member detaches the whole Label', async () => {
    const labelThread = await t.createThread('Label holder');
    const { tagIds } = t.createLabel({
      members: [
        { tagType: 'QR', value: 'UNB-1' },
        { tagType: 'TEXT', value: 'U-1' },
      ],
      boundThreadId: labelThread,
    });
    expect((await t.json('unbind', { tagId: tagIds[0], threadId: labelThread })).status).toBe(200);
    const rows = t.sb.db.prepare('SELECT thread_id FROM tags WHERE tag_id IN (?, ?)').all(tagIds[0], tagIds[1]) as { thread_id: string | null }[];
    expect(rows.every((r) => r.thread_id === null)).toBe(true);
  });
});

describe('POST /api/v1/tags/activate', () => {
  it('makes a verify-only optical identifier identifiable, one outcome per identifier, forward-only', async () => {
    const item = await t.createThread('Verify-only');
    const image = await speckleTag(33, SIZE);
    const tag = (await t.form('bind', { threadId: item, tagType: 'SVC', data: await freshCapture(image, 1), options: { indexing: 'none' } })).body.tag as {
      tagId: string;
    };
    expect((await t.form('identify', { tagType: 'SVC', data: await freshCapture(image, 2) })).body.code).toBe('IDENTIFIER_NOT_FOUND');
    const unknown = randomUUID();
    const res = await t.json('activate', { tagIds: [tag.tagId, qr.tagId, unknown] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { tagId: tag.tagId, outcome: 'activated' },
      { tagId: qr.tagId, outcome: 'not_optical' },
      { tagId: unknown, outcome: 'not_found' },
    ]);
    expect((await t.form('identify', { tagType: 'SVC', data: await freshCapture(image, 3) })).body.type).toBe('identified');
    expect((await t.json('activate', { tagIds: [tag.tagId] })).body.results).toEqual([{ tagId: tag.tagId, outcome: 'already_active' }]);
  });

  it('skips a marking that duplicates an identifiable one', async () => {
    const fingerprint = (t.sb.db.prepare('SELECT fingerprint_id FROM tags WHERE tag_id = ?').get(optical.tagId) as { fingerprint_id: string }).fingerprint_id;
    const { tagIds } = t.createLabel({ members: [{ tagType: 'SVC', fingerprintId: fingerprint }] });
    expect((await t.json('activate', { tagIds })).body.results).toEqual([{ tagId: tagIds[0], outcome: 'duplicate' }]);
  });

  it('takes at most 200 tagIds (400 INVALID_REQUEST)', async () => {
    const tagIds = Array.from({ length: 201 }, () => randomUUID());
    const res = await t.json('activate', { tagIds });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_REQUEST']);
    expect((await t.json('activate', { tagIds: tagIds.slice(0, 200) })).status).toBe(200);
  });
});
