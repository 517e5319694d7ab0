// /api/v1/tags/identify over HTTP: all eight outcomes of spec Errors, "Identify outcomes (eight)", and the
// searchTeamIds scope rules of "Scanning and identifiers".
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearUnreachableTeams, markTeamUnreachable } from '../../../../src-sandbox/optical';
import { freshCapture, lowDetailImage, blankImage, speckleTag } from '../../../fixtures';
import { detail, startTagsSandbox, type TagsSandbox } from '../../../helpers/tags-harness';

const SIZE = { width: 800, height: 600 };
let t: TagsSandbox;
/** The tag bound in Bench (seed 20) and its Thread. */
let bound: { tagId: string; fingerprintId: string; threadId: string; image: Buffer };

beforeAll(async () => {
  t = await startTagsSandbox();
  const threadId = await t.createThread('Bound in Bench');
  const image = await speckleTag(20, SIZE);
  const res = await t.form('bind', { threadId, tagType: 'SVC', data: await freshCapture(image, 1) });
  const tag = res.body.tag as { tagId: string; fingerprintId: string };
  bound = { tagId: tag.tagId, fingerprintId: tag.fingerprintId, threadId, image };
});
afterAll(async () => t.close());
afterEach(() => clearUnreachableTeams(t.sb.db));

describe('identify outcomes', () => {
  it('1. identified: 200 {type: identified, identified: {tag, thread}, scan} with scan.svcId the resolved identifier', async () => {
    const res = await t.form('identify', { tagType: 'SVC', data: await freshCapture(bound.image, 2) });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('identified');
    const identified = res.body.identified as { tag: { tagId: string }; thread: { threadId: string; name: string } };
    expect(identified.tag.tagId).toBe(bound.tagId);
    expect(identified.thread).toMatchObject({ threadId: bound.threadId, name: 'Bound in Bench' });
    expect(res.body.scan).toMatchObject({ svcId: bound.tagId, fingerprintId: expect.any(String) });
  });

  it('2. several candidates: 200 {type: matches} for a value on several Threads, TEXT case-insensitive', async () => {
    const a = await t.createThread('Text A');
    const b = await t.createThread('Text B');
    await t.json('bind', { threadId: a, tagType: 'TEXT', data: 'SN-777' });
    await t.json('bind', { threadId: b, tagType: 'TEXT', data: 'sn-777' });
    const res = await t.form('identify', { tagType: 'TEXT', data: 'Sn-777' });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('matches');
    const matches = res.body.matches as { thread: { threadId: string }; svcId: null }[];
    expect(matches.map((m) => m.thread.threadId).sort()).toEqual([a, b].sort());
    expect(matches.every((m) => m.svcId === null)).toBe(true);
  });

  it('matches QR byte for byte', async () => {
    const threadId = await t.createThread('QR exact');
    await t.form('bind', { threadId, tagType: 'QR', data: 'AbC-1' });
    expect((await t.form('identify', { tagType: 'QR', data: 'AbC-1' })).body.type).toBe('identified');
    expect((await t.form('identify', { tagType: 'QR', data: 'abc-1' })).body.code).toBe('IDENTIFIER_NOT_FOUND');
  });

  it('3. unbound Label: 200 {type: label, label: {label, tags}}', async () => {
    const image = await speckleTag(21, SIZE);
    const enrolled = await t.form('extract', { data: await freshCapture(image, 1) });
    const { compositeTagId, tagIds } = t.createLabel({
      members: [
        { tagType: 'SVC', fingerprintId: enrolled.body.id as string, identifiable: true },
        { tagType: 'QR', value: 'LBL-ID' },
      ],
    });
    const res = await t.form('identify', { tagType: 'SVC', data: await freshCapture(image, 2) });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('label');
    const label = res.body.label as { label: { compositeTagId: string; boundThreadId: null }; tags: { tagId: string }[] };
    expect(label.label).toMatchObject({ compositeTagId, boundThreadId: null });
    expect(label.tags.map((x) => x.tagId).sort()).toEqual([...tagIds].sort());
    expect((res.body.scan as { svcId: string }).svcId).toBe(tagIds[0]);
  });

  it('4. no match: 404 IDENTIFIER_NOT_FOUND, detail.outcome no_match, teamsSearched, receipt in detail.scan', async () => {
    const res = await t.form('identify', { tagType: 'SVC', data: await speckleTag(22, { ...SIZE, format: 'jpeg' }) });
    expect([res.status, res.body.code]).toEqual([404, 'IDENTIFIER_NOT_FOUND']);
    expect(detail(res)).toEqual({
      outcome: 'no_match',
      teamsSearched: [t.benchTeamId],
      scan: { scanId: expect.any(String), fingerprintId: expect.any(String), svcId: null },
    });
  });

  it('5. incomplete search: 503 SCAN_SEARCH_INCOMPLETE with teamsSearched, teamsUnreachable, orgsUnreachable', async () => {
    markTeamUnreachable(t.sb.db, t.otherTeamId);
    const res = await t.form('identify', {
      tagType: 'SVC',
      data: await speckleTag(23, { ...SIZE, format: 'jpeg' }),
      searchTeamIds: [t.benchTeamId, t.otherTeamId],
    });
    expect([res.status, res.body.code]).toEqual([503, 'SCAN_SEARCH_INCOMPLETE']);
    expect(detail(res)).toMatchObject({
      outcome: 'search_incomplete',
      teamsSearched: [t.benchTeamId],
      teamsUnreachable: [t.otherTeamId],
      orgsUnreachable: [],
      scan: { svcId: null },
    });
    // A match in a reachable partition is still an answer.
    const found = await t.form('identify', { tagType: 'SVC', data: await freshCapture(bound.image, 3), searchTeamIds: [t.benchTeamId, t.otherTeamId] });
    expect(found.body.type).toBe('identified');
  });

  it('6. ambiguous: 409 SCAN_AMBIGUOUS_MATCH with candidates, boundCandidates and attempts', async () => {
    // The same marking bound in the other Team as well (only possible by writing the store directly).
    const otherThread = await t.createThread('Duplicate in other team', t.otherTeamId);
    const at = new Date().toISOString();
    const duplicateId = randomUUID();
    t.sb.db
      .prepare(
        `INSERT INTO tags (tag_id, tag_type, fingerprint_id, thread_id, org_id, owner_team_id, identifiable, bound_at, created_at, updated_at)
         VALUES (?, 'SVC', ?, ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(duplicateId, bound.fingerprintId, otherThread, t.orgId, t.otherTeamId, at, at, at);
    const res = await t.form('identify', { tagType: 'SVC', data: await freshCapture(bound.image, 4), searchTeamIds: [t.benchTeamId, t.otherTeamId] });
    expect([res.status, res.body.code]).toEqual([409, 'SCAN_AMBIGUOUS_MATCH']);
    const d = detail(res) as {
      outcome: string;
      candidates: { tagId: string; threadId: string }[];
      boundCandidates: number;
      attempts: number;
      scan: { svcId: null };
    };
    expect(d.outcome).toBe('ambiguous');
    expect(d.candidates.map((c) => c.tagId).sort()).toEqual([bound.tagId, duplicateId].sort());
    expect(d.boundCandidates).toBe(2);
    expect(d.attempts).toBe(2);
    expect(d.scan.svcId).toBeNull();

    // Scope: omitted → only the context Team, so the same capture identifies the Bench Thread.
    const benchOnly = await t.form('identify', { tagType: 'SVC', data: await freshCapture(bound.image, 5) });
    expect((benchOnly.body.identified as { thread: { threadId: string } }).thread.threadId).toBe(bound.threadId);
    // Scope: ids the caller does not belong to are silently dropped.
    const foreign = randomUUID();
    const otherOnly = await t.form('identify', { tagType: 'SVC', data: await freshCapture(bound.image, 6), searchTeamIds: [t.otherTeamId, foreign] });
    expect((otherOnly.body.identified as { thread: { threadId: string } }).thread.threadId).toBe(otherThread);
    t.sb.db.prepare('DELETE FROM tags WHERE tag_id = ?').run(duplicateId);
  });

  it('7. capture rejected: 400 SCAN_LOW_KEYPOINTS / SCAN_NO_KEYPOINTS / SCAN_IDENTICAL_SCAN with detail.outcome quality_reject, outranking the rest', async () => {
    markTeamUnreachable(t.sb.db, t.otherTeamId);
    const low = await t.form('identify', { tagType: 'SVC', data: await lowDetailImage(4), searchTeamIds: [t.benchTeamId, t.otherTeamId] });
    expect([low.status, low.body.code]).toEqual([400, 'SCAN_LOW_KEYPOINTS']);
    expect(detail(low)).toEqual({ outcome: 'quality_reject', scan: { scanId: expect.any(String), fingerprintId: null, svcId: null } });
    const none = await t.form('identify', { tagType: 'SVC', data: await blankImage({ width: 400, height: 300 }) });
    expect([none.status, none.body.code]).toEqual([400, 'SCAN_NO_KEYPOINTS']);
    const capture = await freshCapture(bound.image, 7);
    expect((await t.form('identify', { tagType: 'SVC', data: capture })).status).toBe(200);
    const same = await t.form('identify', { tagType: 'SVC', data: capture });
    expect([same.status, same.body.code, detail(same).outcome]).toEqual([400, 'SCAN_IDENTICAL_SCAN', 'quality_reject']);
  });

  it('8. identifier not bound: 404 IDENTIFIER_NOT_BOUND when identifying by tagId (tagType ANY)', async () => {
    const threadId = await t.createThread('Bind then unbind');
    const tag = (await t.json('bind', { threadId, tagType: 'NFC', data: '04A224B1C3' })).body.tag as { tagId: string };
    expect((await t.json('unbind', { tagId: tag.tagId, threadId })).status).toBe(200);
    const res = await t.form('identify', { tagType: 'ANY', tagId: tag.tagId });
    expect([res.status, res.body.code]).toEqual([404, 'IDENTIFIER_NOT_BOUND']);
  });
});

describe('identify by tagId (tagType ANY)', () => {
  it('identifies a bound identifier and answers no_match for an unknown or out-of-scope one', async () => {
    const res = await t.form('identify', { tagType: 'ANY', tagId: bound.tagId });
    expect(res.body.type).toBe('identified');
    expect((await t.form('identify', { tagType: 'ANY', tagId: randomUUID() })).body.code).toBe('IDENTIFIER_NOT_FOUND');
    expect((await t.form('identify', { tagType: 'ANY', tagId: bound.tagId }, t.otherTeamId)).body.code).toBe('IDENTIFIER_NOT_FOUND');
  });

  it('refuses ANY without tagId and tagId with another tagType (400 INVALID_REQUEST)', async () => {
    expect((await t.form('identify', { tagType: 'ANY' })).body.code).toBe('INVALID_REQUEST');
    expect((await t.form('identify', { tagType: 'QR', tagId: bound.tagId, data: 'x' })).body.code).toBe('INVALID_REQUEST');
    expect((await t.form('identify', { tagType: 'QR', data: 'x', searchTeamIds: 'not json' })).body.code).toBe('INVALID_REQUEST');
  });
});
