// Label Collections and Reels over HTTP. spec: Labels and Reels (collections, reels); Resources, Reel;
// Authority; Errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLabelsSandbox, type LabelsSandbox } from '../../../helpers/labels-harness';

let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

describe('Label Collections', () => {
  it('creates, lists and renames a collection; another Team sees none of it', async () => {
    const created = await t.call('POST', '/collections', { name: 'Spring run', description: 'QR + SVC' });
    expect(created.status).toBe(201);
    expect(created.body.collection).toMatchObject({ kind: 'reel_collection', name: 'Spring run', description: 'QR + SVC', reelCount: 0 });
    const id = created.body.collection.collectionId;
    const patched = await t.call('PATCH', `/collections/${id}`, { name: 'Spring run 2', description: null });
    expect(patched.body.collection).toMatchObject({ name: 'Spring run 2', description: null });
    const list = await t.call('GET', '/collections');
    expect(list.body.collections.map((c: { collectionId: string }) => c.collectionId)).toContain(id);
    const other = await t.call('GET', '/collections', undefined, { team: t.otherTeamId });
    expect(other.body.collections).toEqual([]);
    const hidden = await t.call('PATCH', `/collections/${id}`, { name: 'x' }, { team: t.otherTeamId });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('Reels', () => {
  it('creates a Reel with the default composition and zero counts, always a new one', async () => {
    const a = await t.call('POST', '/reels', { name: 'Same name' });
    const b = await t.call('POST', '/reels', { name: 'Same name' });
    expect(a.status).toBe(201);
    expect(a.body.reel).toMatchObject({
      kind: 'reel',
      name: 'Same name',
      filedInCollectionId: null,
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'SVC', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
      counts: { labelCount: 0, activeCount: 0, boundCount: 0, archivedCount: 0, identifiableCount: 0 },
      warnings: [],
      transferredAt: null,
      lastPosition: null,
    });
    expect(b.body.reel.collectionId).not.toBe(a.body.reel.collectionId);
  });

  it('drops composition entries with count 0 and refuses a type named twice', async () => {
    const reel = await t.createReel({
      expectedIdentifiers: [
        { tagType: 'NFC', count: 1 },
        { tagType: 'SVC', count: 0 },
      ],
    });
    expect(reel.expectedIdentifiers).toEqual([{ tagType: 'NFC', count: 1 }]);
    const twice = await t.call('POST', '/reels', {
      name: 'x',
      expectedIdentifiers: [
        { tagType: 'QR', count: 1 },
        { tagType: 'QR', count: 2 },
      ],
    });
    expect([twice.status, twice.body.code, twice.body.detail.reason]).toEqual([400, 'INVALID_REQUEST', 'repeated_tag_type']);
  });

  it('reads, renames, changes composition, files and unfiles a Reel', async () => {
    const reel = await t.createReel({ name: 'R' });
    const folder = (await t.call('POST', '/collections', { name: 'Folder' })).body.collection.collectionId;
    const filed = await t.call('PATCH', `/reels/${reel.collectionId}`, {
      name: 'R2',
      collectionId: folder,
      expectedIdentifiers: [{ tagType: 'QR', count: 2 }],
    });
    expect(filed.body.reel).toMatchObject({ name: 'R2', filedInCollectionId: folder, expectedIdentifiers: [{ tagType: 'QR', count: 2 }] });
    expect((await t.call('GET', `/reels?collectionId=${folder}`)).body.reels.map((r: { collectionId: string }) => r.collectionId)).toEqual([reel.collectionId]);
    const unfiled = await t.call('PATCH', `/reels/${reel.collectionId}`, { collectionId: null });
    expect(unfiled.body.reel.filedInCollectionId).toBeNull();
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel.name).toBe('R2');
    const unfiledList = await t.call('GET', '/reels?unfiled=true&pageSize=500');
    expect(unfiledList.body.reels.every((r: { filedInCollectionId: string | null }) => r.filedInCollectionId === null)).toBe(true);
    expect(unfiledList.body.reels.map((r: { collectionId: string }) => r.collectionId)).toContain(reel.collectionId);
  });

  it('filters by q and transferred, and pages with a cursor', async () => {
    const shipped = await t.createReel({ name: 'Shipped zebra' });
    await t.createReel({ name: 'Zebra at home' });
    t.sb.db.prepare('UPDATE collections SET transferred_at = ? WHERE collection_id = ?').run('2026-01-01T00:00:00.000Z', shipped.collectionId);
    const q = await t.call('GET', '/reels?q=zebra');
    expect(q.body.reels.map((r: { name: string }) => r.name).sort()).toEqual(['Shipped zebra', 'Zebra at home']);
    const only = await t.call('GET', '/reels?q=zebra&transferred=only');
    expect(only.body.reels.map((r: { name: string }) => r.name)).toEqual(['Shipped zebra']);
    const hide = await t.call('GET', '/reels?q=zebra&transferred=hide');
    expect(hide.body.reels.map((r: { name: string }) => r.name)).toEqual(['Zebra at home']);
    const first = await t.call('GET', '/reels?pageSize=1&q=zebra');
    expect(first.body.reels).toHaveLength(1);
    const second = await t.call('GET', `/reels?pageSize=1&q=zebra&cursor=${first.body.nextCursor}`);
    expect(second.body.reels[0].collectionId).not.toBe(first.body.reels[0].collectionId);
    expect(second.body.nextCursor).toBeNull();
  });

  it('answers 404 for a Reel of another Team and for an unknown filing collection', async () => {
    const reel = await t.createReel();
    const res = await t.call('GET', `/reels/${reel.collectionId}`, undefined, { team: t.otherTeamId });
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await t.call('POST', '/reels', { name: 'x', collectionId: '00000000-0000-4000-8000-000000000000' });
    expect([bad.status, bad.body.detail.reason]).toEqual([404, 'filing_collection_not_found']);
  });

  it("keeps the spec's request errors: 400 INVALID_REQUEST, ORG_ID_REQUIRED, 401, 403 FORBIDDEN", async () => {
    const invalid = await t.call('POST', '/reels', { description: 'no name' });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const noOrg = await t.call('GET', '/reels', undefined, { headers: { 'svc-ctx-org-id': '' } });
    expect([noOrg.status, noOrg.body.code]).toEqual([400, 'ORG_ID_REQUIRED']);
    const noToken = await t.call('GET', '/reels', undefined, { token: 'nope' });
    expect([noToken.status, noToken.body.code]).toEqual([401, 'UNAUTHORIZED']);
    // The member account belongs to Bench only: another Team's context is refused, reading and writing alike.
    const foreign = await t.call('POST', '/reels', { name: 'x' }, { token: t.memberToken, team: t.otherTeamId });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
    const localized = await t.call('GET', '/reels/00000000-0000-4000-8000-000000000000', undefined, { headers: { 'svc-ctx-locale': 'de-DE' } });
    expect(localized.body.message).toMatch(/Rolle/);
  });
});
