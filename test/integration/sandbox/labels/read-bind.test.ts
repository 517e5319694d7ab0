// Label list, read, resolve, bind/unbind, archive/unarchive and activate over HTTP.
// spec: Labels and Reels; States and transitions (Label rows); Events 2; Identifier and scan codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag } from '../../../fixtures';
import { startLabelsSandbox, type Json, type LabelsSandbox } from '../../../helpers/labels-harness';

const SIZE = { width: 800, height: 600, format: 'jpeg' as const };
let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

const ids = (labels: { compositeTagId: string }[]) => labels.map((l) => l.compositeTagId);

describe('list, read and resolve', () => {
  it("lists a Reel's Labels by position and filters by bound, transferred and q", async () => {
    const reel = await t.createReel();
    const a = await t.enroll(reel.collectionId, { qrValue: 'LIST-A', position: '3' });
    const b = await t.enroll(reel.collectionId, { qrValue: 'LIST-B', position: '1', humanReadable: 'Bee' });
    const c = await t.enroll(reel.collectionId, { qrValue: 'LIST-C', position: '2' });
    const threadId = await t.createThread('Bound one');
    expect((await t.call('POST', `/${c.compositeTagId}/bind`, { threadId })).status).toBe(200);
    t.sb.db.prepare('UPDATE composite_tags SET transferred_at = ? WHERE composite_tag_id = ?').run('2026-01-01T00:00:00.000Z', a.compositeTagId);
    const base = `?reelCollectionId=${reel.collectionId}`;
    expect(ids((await t.call('GET', base)).body.labels)).toEqual([b.compositeTagId, c.compositeTagId, a.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&bound=only`)).body.labels)).toEqual([c.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&bound=unbound`)).body.labels)).toEqual([b.compositeTagId, a.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&transferred=only`)).body.labels)).toEqual([a.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&transferred=hide`)).body.labels)).toEqual([b.compositeTagId, c.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&q=bee`)).body.labels)).toEqual([b.compositeTagId]);
    expect(ids((await t.call('GET', `${base}&q=list-c`)).body.labels)).toEqual([c.compositeTagId]);
    const one = await t.call('GET', `/${c.compositeTagId}`);
    expect(one.body.label).toMatchObject({ compositeTagId: c.compositeTagId, position: 2, boundThreadId: threadId });
    const hidden = await t.call('GET', `/${c.compositeTagId}`, undefined, { team: t.otherTeamId });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('resolves a value to the first match and every candidate, by position within a Reel; TEXT ignores case', async () => {
    const reel = await t.createReel();
    const second = await t.enroll(reel.collectionId, { qrValue: 'SAME-VALUE', position: '7' });
    const first = await t.enroll(reel.collectionId, { qrValue: 'SAME-VALUE', position: '2' });
    const res = await t.call('POST', '/resolve', { tagType: 'TEXT', value: 'same-value', reelCollectionId: reel.collectionId });
    expect(res.status).toBe(200);
    expect(res.body.detail.compositeTagId).toBe(first.compositeTagId);
    expect(ids(res.body.candidates)).toEqual([first.compositeTagId, second.compositeTagId]);
    const qrExact = await t.call('POST', '/resolve', { tagType: 'QR', value: 'same-value', reelCollectionId: reel.collectionId });
    expect(qrExact.body).toEqual({ detail: null, candidates: [] });
  });
});

describe('bind and unbind (spec: States, Label unbound → bound)', () => {
  it('binds every active member with one bind event each, sharing one operation id', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'BIND-1', identifiers: [{ tagType: 'NFC', value: '04FF' }] });
    const threadId = await t.createThread('Bound');
    const res = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId });
    expect(res.status).toBe(200);
    expect(res.body.label.boundThreadId).toBe(threadId);
    const thread = await t.thread(threadId);
    const bindEvents = thread.events.filter((e: Json) => e.operationId === res.body.operationId);
    expect(bindEvents).toHaveLength(3);
    expect(thread.thread.tags.map((tag: { tagId: string }) => tag.tagId).sort()).toEqual(label.members.map((m: { tagId: string }) => m.tagId).sort());
  });

  it('answers 409 IDENTIFIER_ALREADY_BOUND with detail.compositeTagId for a Label on another Thread; the same Thread is a no-op', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'BIND-2' });
    const one = await t.createThread('One');
    const two = await t.createThread('Two');
    await t.call('POST', `/${label.compositeTagId}/bind`, { threadId: one });
    const again = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId: one });
    expect([again.status, again.body.label.boundThreadId]).toEqual([200, one]);
    const other = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId: two });
    expect([other.status, other.body.code, other.body.detail.compositeTagId]).toEqual([409, 'IDENTIFIER_ALREADY_BOUND', label.compositeTagId]);
  });

  it('refuses a Thread of another Team (409 label_owned_by_other_team) and an invisible Thread (404)', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'BIND-3' });
    const foreign = await t.createThread('Finishing thread', t.otherTeamId);
    const invisible = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId: foreign });
    expect([invisible.status, invisible.body.code]).toEqual([404, 'NOT_FOUND']);
    await t.sb.admin('POST', `/sandbox/threads/${foreign}/share`, { teamId: t.benchTeamId });
    const shared = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId: foreign });
    expect([shared.status, shared.body.code, shared.body.detail.reason]).toEqual([409, 'COMPOSITE_TAG_CONFLICT', 'label_owned_by_other_team']);
  });

  it('refuses an archived Label and unbinds a bound one, detaching every member', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'BIND-4' });
    const threadId = await t.createThread('Unbind me');
    await t.call('POST', `/${label.compositeTagId}/archive`);
    const archived = await t.call('POST', `/${label.compositeTagId}/bind`, { threadId });
    expect([archived.status, archived.body.detail.reason]).toEqual([409, 'label_archived']);
    expect((await t.call('POST', `/${label.compositeTagId}/unarchive`)).body.label.archivedAt).toBeNull();
    await t.call('POST', `/${label.compositeTagId}/bind`, { threadId });
    const unbound = await t.call('POST', `/${label.compositeTagId}/unbind`);
    expect(unbound.body.label.boundThreadId).toBeNull();
    expect((await t.thread(threadId)).thread.tags).toEqual([]);
  });
});

describe('archive, unarchive, activate', () => {
  it('archives and unarchives, with Reel counts following', async () => {
    const reel = await t.createReel();
    const label = await t.enroll(reel.collectionId, { qrValue: 'ARCH' });
    const archived = await t.call('POST', `/${label.compositeTagId}/archive`);
    expect(archived.body.label.archivedAt).not.toBeNull();
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel.counts).toMatchObject({ activeCount: 0, archivedCount: 1 });
    await t.call('POST', `/${label.compositeTagId}/unarchive`);
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel.counts).toMatchObject({ activeCount: 1, archivedCount: 0 });
  });

  it('activates a verify-only optical marking; no_dust without one; already_active after', async () => {
    const reel = await t.createReel();
    const quiet = await t.enroll(reel.collectionId, { data: await speckleTag(301, SIZE), options: { indexing: 'none' } });
    const first = await t.call('POST', `/${quiet.compositeTagId}/activate`);
    expect([first.body.activation, first.body.label.identifiable]).toEqual(['activated', true]);
    expect((await t.call('POST', `/${quiet.compositeTagId}/activate`)).body.activation).toBe('already_active');
    const plain = await t.enroll(reel.collectionId, { qrValue: 'NO-DUST' });
    expect((await t.call('POST', `/${plain.compositeTagId}/activate`)).body.activation).toBe('no_dust');
    // A member may activate (spec: Authority, "reading and activating Labels requires Team membership").
    const byMember = await t.call('POST', `/${plain.compositeTagId}/activate`, undefined, { token: t.memberToken });
    expect(byMember.status).toBe(200);
  });

  it('bind with options.indexing default activates the Label', async () => {
    const reel = await t.createReel();
    const quiet = await t.enroll(reel.collectionId, { data: await speckleTag(302, SIZE), options: { indexing: 'none' } });
    const threadId = await t.createThread('Activate on bind');
    const res = await t.call('POST', `/${quiet.compositeTagId}/bind`, { threadId, options: { indexing: 'default' } });
    expect(res.body.label).toMatchObject({ boundThreadId: threadId, identifiable: true });
  });
});
