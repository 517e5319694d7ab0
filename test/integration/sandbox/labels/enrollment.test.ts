// Label enrollment and members over HTTP. spec: Labels and Reels — `POST /reels/{id}/labels`, "Create Label
// rules", `POST/DELETE /{composite_tag_id}/identifiers`; Errors (COMPOSITE_TAG_CONFLICT, scan codes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankImage, freshCapture, lowDetailImage, speckleTag, undecodableImage } from '../../../fixtures';
import { startLabelsSandbox, type LabelsSandbox } from '../../../helpers/labels-harness';

const SIZE = { width: 800, height: 600, format: 'jpeg' as const };
let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

const types = (label: { members: { tagType: string; value: string | null }[] }) => label.members.map((m) => `${m.tagType}:${m.value ?? ''}`);

describe('enrollment: positions and identifiers', () => {
  it('appends at the next free position; an explicit free position is used as given', async () => {
    const reel = await t.createReel();
    expect((await t.enroll(reel.collectionId, { qrValue: 'A-1' })).position).toBe(1);
    expect((await t.enroll(reel.collectionId, { qrValue: 'A-5', position: '5' })).position).toBe(5);
    expect((await t.enroll(reel.collectionId, { qrValue: 'A-6' })).position).toBe(6);
    expect((await t.enroll(reel.collectionId, { qrValue: 'A-3', position: '3' })).position).toBe(3);
  });

  it('expands qrValue to a TEXT and a QR member and takes identifiers as a JSON part', async () => {
    const reel = await t.createReel();
    const res = await t.form(`/reels/${reel.collectionId}/labels`, {
      qrValue: 'Q-77',
      identifiers: [{ tagType: 'NFC', value: '04A1B2' }],
      humanReadable: 'Seventy-seven',
    });
    expect(res.status).toBe(201);
    expect(res.body.outcome).toBe('created');
    expect(types(res.body.label).sort()).toEqual(['NFC:04A1B2', 'QR:Q-77', 'TEXT:Q-77']);
    expect(res.body.label.name).toBe('Seventy-seven');
    expect(res.body.reel.counts).toMatchObject({ labelCount: 1, activeCount: 1 });
  });

  it('needs at least one identifier (400 INVALID_REQUEST no_identifiers)', async () => {
    const reel = await t.createReel();
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { humanReadable: 'empty' });
    expect([res.status, res.body.code, res.body.detail.reason]).toEqual([400, 'INVALID_REQUEST', 'no_identifiers']);
  });

  it('refuses an occupied position with 409 COMPOSITE_TAG_CONFLICT position_occupied', async () => {
    const reel = await t.createReel();
    const first = await t.enroll(reel.collectionId, { qrValue: 'P-1', position: '2' });
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { qrValue: 'P-2', position: '2' });
    expect([res.status, res.body.code]).toEqual([409, 'COMPOSITE_TAG_CONFLICT']);
    expect(res.body.detail).toMatchObject({ reason: 'position_occupied', position: 2, compositeTagId: first.compositeTagId });
  });

  it("accepts repeated TEXT and QR values and reports them in the Reel's warnings", async () => {
    const reel = await t.createReel();
    const a = await t.enroll(reel.collectionId, { qrValue: 'DUP' });
    const b = await t.enroll(reel.collectionId, { identifiers: [{ tagType: 'TEXT', value: 'dup' }] });
    const read = await t.call('GET', `/reels/${reel.collectionId}`);
    expect(read.body.reel.warnings).toEqual([
      { kind: 'repeated_value', tagType: 'TEXT', value: 'DUP', positions: [1, 2], compositeTagIds: [a.compositeTagId, b.compositeTagId] },
    ]);
  });

  it("computes `complete` from the Reel's expected composition", async () => {
    const reel = await t.createReel({
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
        { tagType: 'SVC', count: 0 },
      ],
    });
    expect((await t.enroll(reel.collectionId, { qrValue: 'C-1' })).complete).toBe(true);
    expect((await t.enroll(reel.collectionId, { identifiers: [{ tagType: 'TEXT', value: 'C-2' }] })).complete).toBe(false);
  });

  it('refuses a body that does not match the schema and more than one data image', async () => {
    const reel = await t.createReel();
    const bad = await t.form(`/reels/${reel.collectionId}/labels`, { identifiers: '{not json' });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const image = await speckleTag(900, SIZE);
    const two = await t.form(`/reels/${reel.collectionId}/labels`, { data: [image, await freshCapture(image, 1)] });
    expect([two.status, two.body.detail.reason]).toEqual([400, 'too_many_images']);
  });
});

describe('enrollment: optical markings', () => {
  it('enrolls an image as an SVC member with a receipt naming it; indexing none is verify-only', async () => {
    const reel = await t.createReel();
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { data: await speckleTag(101, SIZE), qrValue: 'O-1' });
    expect(res.status).toBe(201);
    const svc = res.body.label.members.find((m: { tagType: string }) => m.tagType === 'SVC');
    expect(res.body.scan).toEqual({ scanId: expect.any(String), fingerprintId: svc.fingerprintId, svcId: svc.tagId });
    expect(svc.identifiable).toBe(true);
    expect(res.body.label).toMatchObject({ identifiable: true, complete: true });
    const quiet = await t.form(`/reels/${reel.collectionId}/labels`, { data: await speckleTag(102, SIZE), options: { indexing: 'none' } });
    expect(quiet.body.label.identifiable).toBe(false);
  });

  it('enrolls SVC by fingerprintId; an unknown fingerprint is 400 INVALID_DATA', async () => {
    const reel = await t.createReel();
    const fp = await t.extract(await speckleTag(110, SIZE));
    const label = await t.enroll(reel.collectionId, { identifiers: [{ tagType: 'SVC', fingerprintId: fp }] });
    expect(label.members[0]).toMatchObject({ tagType: 'SVC', fingerprintId: fp });
    const unknown = await t.form(`/reels/${reel.collectionId}/labels`, { identifiers: [{ tagType: 'SVC', fingerprintId: 'no-such-fingerprint' }] });
    expect([unknown.status, unknown.body.code, unknown.body.detail.reason]).toEqual([400, 'INVALID_DATA', 'unknown_fingerprint']);
  });

  it('answers already_enrolled for a retry at the same position, with the same bytes or a fresh capture', async () => {
    const reel = await t.createReel();
    const image = await speckleTag(120, SIZE);
    const first = await t.form(`/reels/${reel.collectionId}/labels`, { data: image, position: '4' });
    expect(first.status).toBe(201);
    const same = await t.form(`/reels/${reel.collectionId}/labels`, { data: image, position: '4' });
    expect([same.status, same.body.outcome, same.body.label.compositeTagId]).toEqual([200, 'already_enrolled', first.body.label.compositeTagId]);
    expect(same.body.scan.scanId).toBe(first.body.scan.scanId);
    const fresh = await t.form(`/reels/${reel.collectionId}/labels`, { data: await freshCapture(image, 7), position: '4' });
    expect([fresh.status, fresh.body.outcome]).toEqual([200, 'already_enrolled']);
    const noPosition = await t.form(`/reels/${reel.collectionId}/labels`, { data: await freshCapture(image, 8) });
    expect(noPosition.body.outcome).toBe('already_enrolled');
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel.counts.labelCount).toBe(1);
  });

  it('refuses the same bytes at another position with 400 SCAN_IDENTICAL_SCAN', async () => {
    const reel = await t.createReel();
    const image = await speckleTag(125, SIZE);
    await t.enroll(reel.collectionId, { data: image, position: '1' });
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { data: image, position: '9' });
    expect([res.status, res.body.code]).toEqual([400, 'SCAN_IDENTICAL_SCAN']);
    expect(res.body.detail.scan).toMatchObject({ fingerprintId: null });
  });

  it('refuses a marking already on another Label (409 marking_on_other_label), even in another Reel', async () => {
    const reel = await t.createReel();
    const other = await t.createReel();
    const image = await speckleTag(130, SIZE);
    const first = await t.enroll(reel.collectionId, { data: image });
    const res = await t.form(`/reels/${other.collectionId}/labels`, { data: await freshCapture(image, 3) });
    expect([res.status, res.body.code]).toEqual([409, 'COMPOSITE_TAG_CONFLICT']);
    expect(res.body.detail).toMatchObject({ reason: 'marking_on_other_label', compositeTagId: first.compositeTagId });
    // spec: Scan receipts on failure — the stored capture's receipt is at detail.scan.
    expect(res.body.detail.scan).toEqual({ scanId: expect.any(String), fingerprintId: expect.any(String), svcId: null });
  });

  it('refuses a marking already bound as a loose identifier (409 marking_bound_elsewhere)', async () => {
    const reel = await t.createReel();
    const threadId = await t.createThread('Loose');
    const image = await speckleTag(140, SIZE);
    const bound = await t.tagsForm('bind', { threadId, tagType: 'SVC', data: image });
    expect(bound.status).toBe(200);
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { data: await freshCapture(image, 5) });
    expect([res.status, res.body.detail.reason]).toEqual([409, 'marking_bound_elsewhere']);
  });

  it("passes the optical stand-in's quality codes through (400 SCAN_LOW_KEYPOINTS with a receipt)", async () => {
    const reel = await t.createReel();
    const res = await t.form(`/reels/${reel.collectionId}/labels`, { data: await lowDetailImage(1) });
    expect([res.status, res.body.code]).toEqual([400, 'SCAN_LOW_KEYPOINTS']);
    expect(res.body.detail).toMatchObject({ outcome: 'quality_reject', scan: { fingerprintId: null } });
  });
});

describe('members', () => {
  it('adds a member (multipart) and an SVC member from an image', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { identifiers: [{ tagType: 'TEXT', value: 'M-1' }] });
    const qr = await t.form(`/${label.compositeTagId}/identifiers`, { tagType: 'QR', value: 'M-1' });
    expect(qr.status).toBe(201);
    const svc = await t.form(`/${label.compositeTagId}/identifiers`, { tagType: 'SVC', data: await speckleTag(150, SIZE) });
    expect(svc.status).toBe(201);
    expect(svc.body.scan.svcId).toBe(svc.body.label.members.find((m: { tagType: string }) => m.tagType === 'SVC').tagId);
    expect(
      types(svc.body.label)
        .map((x: string) => x.split(':')[0])
        .sort(),
    ).toEqual(['QR', 'SVC', 'TEXT']);
    expect(svc.body.label.complete).toBe(true);
  });

  it('removes a member, refuses removing the last one with 409 last_identifier, and 404 for a non-member', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'R-1' });
    const [a, b] = label.members;
    const removed = await t.call('DELETE', `/${label.compositeTagId}/identifiers/${a.tagId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.label.members.map((m: { tagId: string }) => m.tagId)).toEqual([b.tagId]);
    const last = await t.call('DELETE', `/${label.compositeTagId}/identifiers/${b.tagId}`);
    expect([last.status, last.body.code, last.body.detail.reason]).toEqual([409, 'COMPOSITE_TAG_CONFLICT', 'last_identifier']);
    const missing = await t.call('DELETE', `/${label.compositeTagId}/identifiers/00000000-0000-4000-8000-000000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses adding a marking that is on another Label', async () => {
    const reel = await t.createReel();
    const image = await speckleTag(160, SIZE);
    await t.enroll(reel.collectionId, { data: image });
    const label = await t.enroll(reel.collectionId, { qrValue: 'X' });
    const res = await t.form(`/${label.compositeTagId}/identifiers`, { tagType: 'SVC', data: await freshCapture(image, 2) });
    expect([res.status, res.body.detail.reason]).toEqual([409, 'marking_on_other_label']);
    expect(res.body.detail.scan).toMatchObject({ svcId: null });
  });
});

describe('enrollment: request and capture errors', () => {
  it('refuses a capture with no detail (400 SCAN_NO_KEYPOINTS) and an undecodable image (400 INVALID_DATA, no receipt)', async () => {
    const reel = await t.createReel();
    const blank = await t.form(`/reels/${reel.collectionId}/labels`, { data: await blankImage() });
    expect([blank.status, blank.body.code, blank.body.detail.outcome]).toEqual([400, 'SCAN_NO_KEYPOINTS', 'quality_reject']);
    const broken = await t.form(`/reels/${reel.collectionId}/labels`, { data: undecodableImage() });
    expect([broken.status, broken.body.code]).toEqual([400, 'INVALID_DATA']);
    expect(broken.body.detail.scan).toBeUndefined();
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel.counts.labelCount).toBe(0);
  });

  it('asks an attribution-required Service Account to name the person (403 ATTRIBUTION_REQUIRED)', async () => {
    const created = await t.sb.admin('POST', '/sandbox/service-accounts', {
      orgId: t.orgId,
      name: 'Attributed station',
      teams: [{ teamId: t.benchTeamId, role: 'admin' }],
      attributionRequired: true,
    });
    const token = await t.sb.token((created.json() as { apiKey: string }).apiKey);
    const reel = await t.createReel();
    const refused = await t.form(`/reels/${reel.collectionId}/labels`, { qrValue: 'ATTR' }, { token });
    expect([refused.status, refused.body.code]).toEqual([403, 'ATTRIBUTION_REQUIRED']);
    const named = await t.form(`/reels/${reel.collectionId}/labels`, { qrValue: 'ATTR' }, { token, headers: { 'svc-ctx-declared-actor': 'operator 7' } });
    expect(named.status).toBe(201);

    // Questions sent as POST are not writes: no declared person needed.
    const resolve = await t.call('POST', '/resolve', { tagType: 'QR', value: 'ATTR', reelCollectionId: reel.collectionId }, { token });
    expect(resolve.status).toBe(200);
    const preview = await t.call(
      'POST',
      '/move/preview',
      { source: { reelCollectionId: reel.collectionId, fromPosition: 1, toPosition: 1 }, target: { newReel: { name: 'Cut' } }, expectedCount: 1 },
      { token },
    );
    expect(preview.status).toBe(200);
    // Bulk-bind: the dry run is a question, the commit a write.
    const thread = await t.sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: { ...t.sb.headers(token), 'svc-ctx-team-id': t.benchTeamId, 'svc-ctx-declared-actor': 'operator 7' },
      payload: { type: 'single', thread: { name: 'Item' } },
    });
    const threadId = (thread.json() as { created: { threadId: string }[] }).created[0]?.threadId;
    const bulk = { fromPosition: 1, toPosition: 1, threadIds: [threadId] };
    expect((await t.call('POST', `/reels/${reel.collectionId}/bulk-bind`, { ...bulk, dryRun: true }, { token })).status).toBe(200);
    const commit = await t.call('POST', `/reels/${reel.collectionId}/bulk-bind`, bulk, { token });
    expect([commit.status, commit.body.code]).toEqual([403, 'ATTRIBUTION_REQUIRED']);
  });
});
