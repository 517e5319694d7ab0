// Bulk-bind over HTTP. spec: Labels and Reels, Bulk-bind; States and transitions; Events 2; Limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkingPeer } from '../../../../src-sandbox/domain/labels';
import { blockingPeersOf, markingPeersOf } from '../../../../src-sandbox/store/marking-peers';
import { speckleTag } from '../../../fixtures';
import { startLabelsSandbox, type Json, type LabelsSandbox } from '../../../helpers/labels-harness';

const SIZE = { width: 640, height: 480, format: 'jpeg' as const };
const NOW = '2026-01-01T00:00:00.000Z';
let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

function insertLooseTag(fingerprintId: string, columns: { threadId?: string; compositeTagId?: string; teamId: string }): void {
  t.sb.db
    .prepare(
      `INSERT INTO tags (tag_id, tag_type, fingerprint_id, thread_id, composite_tag_id, org_id, owner_team_id, identifiable, created_at, updated_at)
       VALUES (?, 'SVC', ?, ?, ?, ?, ?, 1, ?, ?)`,
    )
    .run(randomUUID(), fingerprintId, columns.threadId ?? null, columns.compositeTagId ?? null, t.orgId, columns.teamId, NOW, NOW);
}

const svcOf = (label: Json) => label.members.find((m: Json) => m.tagType === 'SVC');

describe('bulk-bind', () => {
  it("names every blocker kind on its row; the commit is 409 with the dry run's rows, blockers and warnings, and binds nothing", async () => {
    const reel = await t.createReel();
    const r = reel.collectionId;
    const enroll = (p: number, parts: Record<string, unknown> = {}) => t.enroll(r, { qrValue: `BB-${p}`, position: String(p), ...parts });
    // position 1: empty
    const archived = await enroll(2);
    await t.call('POST', `/${archived.compositeTagId}/archive`);
    const shipped = await enroll(3);
    t.sb.db.prepare('UPDATE composite_tags SET transferred_at = ? WHERE composite_tag_id = ?').run(NOW, shipped.compositeTagId);
    const bound = await enroll(4);
    await t.call('POST', `/${bound.compositeTagId}/bind`, { threadId: await t.createThread('Already') });
    const bare = await enroll(5);
    t.sb.db.prepare('UPDATE tags SET archived_at = ? WHERE composite_tag_id = ?').run(NOW, bare.compositeTagId);
    const boundElsewhere = await enroll(6, { data: await speckleTag(501, SIZE) });
    insertLooseTag(svcOf(boundElsewhere).fingerprintId, { threadId: await t.createThread('Loose owner'), teamId: t.benchTeamId });
    const otherTeam = await enroll(7, { data: await speckleTag(502, SIZE) });
    const foreignReel = await t.createReel({}, t.otherTeamId);
    const foreignLabel = await t.enroll(foreignReel.collectionId, { qrValue: 'FOREIGN' }, t.otherTeamId);
    insertLooseTag(svcOf(otherTeam).fingerprintId, { compositeTagId: foreignLabel.compositeTagId, teamId: t.otherTeamId });
    for (const p of [8, 9, 10, 11, 12]) await enroll(p);

    const good = await t.createThread('Good');
    const shared = await t.createThread('Shared from Finishing', t.otherTeamId);
    await t.sb.admin('POST', `/sandbox/threads/${shared}/share`, { teamId: t.benchTeamId });
    const inTransfer = await t.createThread('In transfer');
    t.sb.db.prepare('UPDATE threads SET transfer_id = ? WHERE thread_id = ?').run(randomUUID(), inTransfer);
    const threadIds = [
      await t.createThread('T1'),
      await t.createThread('T2'),
      await t.createThread('T3'),
      await t.createThread('T4'),
      await t.createThread('T5'),
      await t.createThread('T6'),
      await t.createThread('T7'),
      shared,
      randomUUID(),
      inTransfer,
      good,
      good,
    ];
    const body = { fromPosition: 1, toPosition: 12, threadIds };
    const dry = await t.call('POST', `/reels/${r}/bulk-bind`, { ...body, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.outcome).toBe('preflight');
    const byRow = (dry.body.blockers as Json[]).map((b) => [b.index, b.kind]);
    expect(byRow).toEqual([
      [0, 'position_empty'],
      [1, 'label_archived'],
      [2, 'label_transferred'],
      [3, 'label_bound'],
      [4, 'label_no_identifiers'],
      [5, 'identifier_bound_elsewhere'],
      [6, 'identifier_in_other_team_label'],
      [7, 'thread_not_owned'],
      [7, 'thread_not_editable'],
      [8, 'thread_unavailable'],
      [9, 'thread_in_transfer'],
      [11, 'thread_repeated'],
    ]);
    expect(dry.body.rows[10]).toMatchObject({ index: 10, position: 11, threadId: good, threadName: 'Good', textValue: 'BB-11', labelName: null });
    expect(dry.body.rows[0]).toMatchObject({ compositeTagId: null, position: 1 });
    expect(dry.body.rows[8]).toMatchObject({ threadName: null, threadDescription: null });

    const commit = await t.call('POST', `/reels/${r}/bulk-bind`, body);
    expect([commit.status, commit.body.code, commit.body.detail.reason]).toEqual([409, 'COMPOSITE_TAG_CONFLICT', 'bulk_bind_blocked']);
    expect(commit.body.detail.rows).toEqual(dry.body.rows);
    expect(commit.body.detail.blockers).toEqual(dry.body.blockers);
    expect(commit.body.detail.warnings).toEqual(dry.body.warnings);
    expect((await t.call('GET', `/reels/${r}`)).body.reel.counts.boundCount).toBe(1);
  });

  it('commits when nothing blocks: every pair binds with one event per member, warnings reported, counts updated', async () => {
    const reel = await t.createReel();
    const r = reel.collectionId;
    const labels = [
      await t.enroll(r, { qrValue: 'OK-1', identifiers: [{ tagType: 'NFC', value: '01' }] }),
      await t.enroll(r, { identifiers: [{ tagType: 'TEXT', value: 'OK-2' }] }),
    ];
    const t1 = await t.createThread('One');
    const t2 = await t.createThread('Two');
    const previous = await t.enroll(r, { qrValue: 'PREV', position: '9' });
    await t.call('POST', `/${previous.compositeTagId}/bind`, { threadId: t2 });
    const res = await t.call('POST', `/reels/${r}/bulk-bind`, { fromPosition: 1, toPosition: 2, threadIds: [t1, t2] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'bound', blockers: [], activation: 'not_requested' });
    expect(res.body.reel.counts.boundCount).toBe(3);
    expect(res.body.warnings).toEqual([
      { kind: 'label_incomplete', index: 0, position: 1, compositeTagId: labels[0].compositeTagId, threadId: t1, tagType: 'SVC' },
      { kind: 'label_incomplete', index: 1, position: 2, compositeTagId: labels[1].compositeTagId, threadId: t2, tagType: 'SVC' },
      { kind: 'label_incomplete', index: 1, position: 2, compositeTagId: labels[1].compositeTagId, threadId: t2, tagType: 'QR' },
      {
        kind: 'thread_has_label',
        index: 1,
        position: 2,
        compositeTagId: labels[1].compositeTagId,
        threadId: t2,
        existing: [{ compositeTagId: previous.compositeTagId, name: null, reelCollectionId: r, position: 9 }],
      },
    ]);
    const events = (await t.thread(t1)).events.filter((e: Json) => e.action === 'tag_bound');
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e: Json) => e.operationId)).size).toBe(1);
  });

  it('with activate: true binds first, then one background job activates exactly the bound Labels', async () => {
    const reel = await t.createReel();
    const r = reel.collectionId;
    const quiet = async (seed: number) => t.enroll(r, { data: await speckleTag(seed, SIZE), options: { indexing: 'none' } });
    await quiet(601);
    await quiet(602);
    const outside = await t.enroll(r, { data: await speckleTag(603, SIZE), options: { indexing: 'none' } });
    const threads = [await t.createThread('A'), await t.createThread('B')];
    const res = await t.call('POST', `/reels/${r}/bulk-bind`, { fromPosition: 1, toPosition: 2, threadIds: threads, activate: true });
    expect([res.body.outcome, res.body.activation]).toEqual(['bound', 'queued']);
    await t.sb.app.sandbox.jobs.idle();
    const after = (await t.call('GET', `/reels/${r}`)).body.reel;
    expect(after.counts.identifiableCount).toBe(2);
    expect((await t.call('GET', `/${outside.compositeTagId}`)).body.label.identifiable).toBe(false);
    const again = await t.call('POST', `/reels/${r}/bulk-bind`, {
      fromPosition: 3,
      toPosition: 3,
      threadIds: [await t.createThread('C')],
      activate: true,
      dryRun: true,
    });
    expect(again.body.activation).toBe('queued');
  });

  it('refuses a range of the wrong length and more than 500 pairs with 400 INVALID_REQUEST', async () => {
    const reel = await t.createReel();
    const wrong = await t.call('POST', `/reels/${reel.collectionId}/bulk-bind`, { fromPosition: 1, toPosition: 3, threadIds: [randomUUID(), randomUUID()] });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const many = Array.from({ length: 501 }, () => randomUUID());
    const tooMany = await t.call('POST', `/reels/${reel.collectionId}/bulk-bind`, { fromPosition: 1, toPosition: 501, threadIds: many, dryRun: true });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const hidden = await t.call(
      'POST',
      `/reels/${reel.collectionId}/bulk-bind`,
      { fromPosition: 1, toPosition: 1, threadIds: [randomUUID()] },
      { team: t.otherTeamId },
    );
    expect(hidden.status).toBe(404);
  });
});

describe('blocking marking peers', () => {
  it('the in-memory candidate match finds exactly the bound and other-Team peers the index lookup finds', async () => {
    const fps = (
      t.sb.db.prepare("SELECT fingerprint_id FROM tags WHERE tag_type = 'SVC' AND fingerprint_id IS NOT NULL").all() as { fingerprint_id: string }[]
    ).map((r) => r.fingerprint_id);
    expect(fps.length).toBeGreaterThan(3);
    const viaIndex = markingPeersOf(t.sb.db, fps);
    const viaCandidates = blockingPeersOf(t.sb.db, t.benchTeamId, fps);
    const blocking = (p: MarkingPeer) => p.boundThreadId !== null || (p.compositeTagId !== null && p.ownerTeamId !== t.benchTeamId);
    const key = (peers: MarkingPeer[]) => peers.map((p) => p.tagId).sort();
    let nonEmpty = 0;
    for (const fp of fps) {
      const expected = key((viaIndex.get(fp) ?? []).filter(blocking));
      if (expected.length > 0) nonEmpty += 1;
      expect(key(viaCandidates.get(fp) ?? []), fp).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(0);
  });
});
