import { describe, expect, it } from 'vitest';
import { decideBulkBind, planBulkBind, type BulkBindInput, type ThreadView } from './bulk-bind';
import type { LabelState } from './model';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, member, OTHER_TEAM, reel, TEAM, thread } from '../../../test/helpers/sandbox-labels/random-reels';

const gen = createGen(99);
const NOW = '2026-01-01T00:00:00Z';

function setup(labelOverrides: Partial<LabelState>[] = [{}], threadOverrides: Partial<ThreadView>[] = [{}]) {
  const r = reel(gen, { expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  const labels = labelOverrides.map((o, i) => label(gen, r, 10 + i, { members: [member(gen, 'TEXT'), member(gen, 'SVC')], ...o }));
  const threads = threadOverrides.map((o) => thread(gen, o));
  const input: BulkBindInput = {
    reel: r,
    labelsOnReel: labels,
    fromPosition: 10,
    toPosition: 10 + threads.length - 1,
    threadIds: threads.map((t) => t.threadId),
    activate: false,
    threads: new Map(threads.map((t) => [t.threadId, t])),
    markingPeers: new Map(),
  };
  return { r, labels, threads, input };
}

const kinds = (input: BulkBindInput) => planBulkBind(input).blockers.map((b) => b.kind);

describe('bulk-bind shape (spec: Bulk-bind)', () => {
  it('refuses a range whose length differs from threadIds.length with 400', () => {
    const { input } = setup([{}, {}], [{}, {}]);
    expect(() => planBulkBind({ ...input, toPosition: 12 })).toThrow(
      expect.objectContaining({ code: 'INVALID_REQUEST', detail: expect.objectContaining({ reason: 'range_length_mismatch' }) }),
    );
  });

  it('refuses more than 500 pairs and none', () => {
    const { input } = setup();
    const ids = Array.from({ length: 501 }, () => gen.id());
    expect(() => planBulkBind({ ...input, threadIds: ids, toPosition: 510 })).toThrow(
      expect.objectContaining({ detail: expect.objectContaining({ reason: 'too_many_pairs' }) }),
    );
    expect(() => planBulkBind({ ...input, threadIds: [], toPosition: 9 })).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
  });

  it('pairs the k-th position with the k-th Thread in rows', () => {
    const { labels, threads, input } = setup([{ name: 'A' }, { name: 'B' }], [{ name: 'T1' }, { name: 'T2', description: 'd2' }]);
    const plan = planBulkBind(input);
    expect(plan.rows).toEqual([
      {
        index: 0,
        position: 10,
        compositeTagId: labels[0]?.compositeTagId,
        labelName: 'A',
        textValue: labels[0]?.members[0]?.value,
        threadId: threads[0]?.threadId,
        threadName: 'T1',
        threadDescription: threads[0]?.description,
      },
      {
        index: 1,
        position: 11,
        compositeTagId: labels[1]?.compositeTagId,
        labelName: 'B',
        textValue: labels[1]?.members[0]?.value,
        threadId: threads[1]?.threadId,
        threadName: 'T2',
        threadDescription: 'd2',
      },
    ]);
    expect(plan.blockers).toEqual([]);
    expect(plan.pairs).toEqual([
      { compositeTagId: labels[0]?.compositeTagId, threadId: threads[0]?.threadId },
      { compositeTagId: labels[1]?.compositeTagId, threadId: threads[1]?.threadId },
    ]);
  });
});

describe('bulk-bind blockers: one per kind', () => {
  it('position_empty', () => {
    const { input } = setup([{ position: 99 }]);
    expect(kinds(input)).toEqual(['position_empty']);
    expect(planBulkBind(input).rows[0]?.compositeTagId).toBeNull();
  });
  it('label_archived, label_transferred, label_bound', () => {
    expect(kinds(setup([{ archivedAt: NOW }]).input)).toEqual(['label_archived']);
    expect(kinds(setup([{ transferredAt: NOW }]).input)).toEqual(['label_transferred']);
    expect(kinds(setup([{ boundThreadId: gen.id() }]).input)).toEqual(['label_bound']);
  });
  it('label_transferred when the Reel was shipped', () => {
    const { input } = setup();
    expect(kinds({ ...input, reel: { ...input.reel, transferredAt: NOW } })).toEqual(['label_transferred']);
  });
  it('label_no_identifiers when every member is archived', () => {
    expect(kinds(setup([{ members: [member(gen, 'TEXT', { archivedAt: NOW })] }]).input)).toEqual(['label_no_identifiers']);
  });
  it('identifier_bound_elsewhere and identifier_in_other_team_label from optical marking peers', () => {
    const { labels, input } = setup();
    const fp = labels[0]?.members[1]?.fingerprintId as string;
    const bound = new Map([[fp, [{ tagId: gen.id(), compositeTagId: null, ownerTeamId: TEAM, boundThreadId: gen.id() }]]]);
    expect(kinds({ ...input, markingPeers: bound })).toEqual(['identifier_bound_elsewhere']);
    const other = new Map([[fp, [{ tagId: gen.id(), compositeTagId: gen.id(), ownerTeamId: OTHER_TEAM, boundThreadId: null }]]]);
    expect(kinds({ ...input, markingPeers: other })).toEqual(['identifier_in_other_team_label']);
    const self = new Map([[fp, [{ tagId: gen.id(), compositeTagId: labels[0]?.compositeTagId ?? null, ownerTeamId: TEAM, boundThreadId: null }]]]);
    expect(kinds({ ...input, markingPeers: self })).toEqual([]);
  });
  it('thread_not_owned for a merely shared Thread', () => {
    expect(kinds(setup([{}], [{ ownerTeamId: OTHER_TEAM }]).input)).toEqual(['thread_not_owned']);
  });
  it('thread_unavailable for an invisible, archived or processing-locked Thread', () => {
    const { input } = setup();
    expect(kinds({ ...input, threads: new Map() })).toEqual(['thread_unavailable']);
    expect(kinds(setup([{}], [{ archivedAt: NOW }]).input)).toEqual(['thread_unavailable']);
    expect(kinds(setup([{}], [{ processingLockedAt: NOW }]).input)).toEqual(['thread_unavailable']);
  });
  it('thread_in_transfer and thread_not_editable', () => {
    expect(kinds(setup([{}], [{ transferId: gen.id() }]).input)).toEqual(['thread_in_transfer']);
    expect(kinds(setup([{}], [{ canEdit: false }]).input)).toEqual(['thread_not_editable']);
  });
  it('thread_repeated on the second occurrence', () => {
    const { input } = setup([{}, {}], [{}, {}]);
    const first = input.threadIds[0] as string;
    const plan = planBulkBind({ ...input, threadIds: [first, first] });
    expect(plan.blockers).toEqual([{ kind: 'thread_repeated', index: 1, position: 11, threadId: first, compositeTagId: plan.rows[1]?.compositeTagId }]);
  });
});

describe('bulk-bind warnings and activation', () => {
  it('label_incomplete names the missing tagType; it never blocks', () => {
    const { input } = setup([{ members: [member(gen, 'QR')] }]);
    const plan = planBulkBind(input);
    expect(plan.blockers).toEqual([]);
    expect(plan.warnings).toMatchObject([{ kind: 'label_incomplete', index: 0, tagType: 'TEXT' }]);
  });
  it('thread_has_label lists the Labels already bound to the Thread', () => {
    const existing = { compositeTagId: gen.id(), name: 'L7', position: 7 };
    const plan = planBulkBind(setup([{}], [{ boundLabels: [existing] }]).input);
    expect(plan.warnings).toMatchObject([{ kind: 'thread_has_label', existing: [existing] }]);
    expect(plan.blockers).toEqual([]);
  });
  it('activation: not_requested, no_dust, already_active, queued', () => {
    expect(planBulkBind(setup().input).activation).toBe('not_requested');
    expect(planBulkBind({ ...setup([{ members: [member(gen, 'TEXT')] }]).input, activate: true }).activation).toBe('no_dust');
    expect(planBulkBind({ ...setup([{ members: [member(gen, 'SVC', { identifiable: true })] }]).input, activate: true }).activation).toBe('already_active');
    expect(planBulkBind({ ...setup([{ members: [member(gen, 'SVC', { identifiable: false })] }]).input, activate: true }).activation).toBe('queued');
  });
});

describe('commit is all or nothing', () => {
  it("a commit with a blocker is 409 COMPOSITE_TAG_CONFLICT carrying the dry run's rows, blockers and warnings", () => {
    const { input } = setup([{}, { archivedAt: NOW }], [{}, {}]);
    const dry = decideBulkBind(input, true);
    expect(dry.outcome).toBe('preflight');
    expect(() => decideBulkBind(input, false)).toThrow(
      expect.objectContaining({
        code: 'COMPOSITE_TAG_CONFLICT',
        detail: { reason: 'bulk_bind_blocked', rows: dry.plan.rows, blockers: dry.plan.blockers, warnings: dry.plan.warnings, activation: dry.plan.activation },
      }),
    );
  });
  it('a commit without blockers binds every pair', () => {
    const { input } = setup([{}, {}], [{}, {}]);
    expect(decideBulkBind(input, false)).toMatchObject({ outcome: 'bound', plan: { pairs: [{}, {}] } });
  });
});
