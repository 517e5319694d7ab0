import { describe, it, expect } from 'vitest';
import { BULK_BIND_BLOCKER_KINDS, BULK_BIND_WARNING_KINDS, BulkBindBodySchema, BulkBindConflictErrorSchema, BulkBindResponseSchema } from './bulk-bind';
import { IDS, exampleReel } from './examples';
import { BULK_BIND_MAX_PAIRS } from './limits';

const threadId = (i: number) => `1c1e0a01-0000-4000-8000-${String(i).padStart(12, '0')}`;

// Kinds as the spec lists them (Labels and Reels, Bulk-bind).
const SPEC_BLOCKERS =
  'position_empty, label_archived, label_transferred, label_bound, label_no_identifiers, identifier_bound_elsewhere, identifier_in_other_team_label, thread_not_owned, thread_unavailable, thread_in_transfer, thread_not_editable, thread_repeated'.split(
    ', ',
  );
const SPEC_WARNINGS = ['label_incomplete', 'thread_has_label'];

function row(i: number) {
  return {
    index: i,
    position: i + 1,
    compositeTagId: i === 0 ? null : IDS.label,
    labelName: i === 0 ? null : `A-000${i + 1}`,
    textValue: i === 0 ? null : `A-000${i + 1}`,
    threadId: threadId(i),
    threadName: `Thread ${i}`,
    threadDescription: null,
  };
}

describe('bulk-bind body (spec: Labels and Reels, Bulk-bind)', () => {
  it('accepts a range covering exactly threadIds.length positions', () => {
    const b = BulkBindBodySchema.parse({ fromPosition: 5, toPosition: 7, threadIds: [threadId(1), threadId(2), threadId(3)], activate: true, dryRun: true });
    expect(b.threadIds).toHaveLength(3);
  });

  it.each([
    ['range longer than threadIds', { fromPosition: 1, toPosition: 3, threadIds: [threadId(1), threadId(2)] }],
    ['range shorter than threadIds', { fromPosition: 1, toPosition: 1, threadIds: [threadId(1), threadId(2)] }],
    ['toPosition missing', { fromPosition: 1, threadIds: [threadId(1)] }],
    ['toPosition before fromPosition', { fromPosition: 3, toPosition: 1, threadIds: [threadId(1), threadId(2), threadId(3)] }],
    ['no threads', { fromPosition: 1, toPosition: 0, threadIds: [] }],
    ['unknown key', { fromPosition: 1, toPosition: 1, threadIds: [threadId(1)], force: true }],
  ])('rejects %s', (_name, body) => {
    expect(BulkBindBodySchema.safeParse(body).success).toBe(false);
  });

  it('caps pairs at 500', () => {
    expect(BULK_BIND_MAX_PAIRS).toBe(500);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => threadId(i));
    expect(BulkBindBodySchema.safeParse({ fromPosition: 1, toPosition: 500, threadIds: ids(500) }).success).toBe(true);
    expect(BulkBindBodySchema.safeParse({ fromPosition: 1, toPosition: 501, threadIds: ids(501) }).success).toBe(false);
  });
});

describe('bulk-bind response', () => {
  it('lists exactly the spec blocker and warning kinds', () => {
    expect([...BULK_BIND_BLOCKER_KINDS]).toEqual(SPEC_BLOCKERS);
    expect([...BULK_BIND_WARNING_KINDS]).toEqual(SPEC_WARNINGS);
  });

  it('parses a preflight with every blocker kind and every warning kind', () => {
    const body = {
      outcome: 'preflight',
      rows: [row(0), row(1)],
      blockers: SPEC_BLOCKERS.map((kind, i) => ({ kind, index: i % 2, position: (i % 2) + 1, threadId: threadId(i % 2), tagType: 'SVC' })),
      warnings: [
        { kind: 'label_incomplete', index: 1, position: 2, compositeTagId: IDS.label, tagType: 'QR' },
        { kind: 'thread_has_label', index: 1, position: 2, threadId: threadId(1), existing: [{ compositeTagId: IDS.label2, name: 'B-0001' }] },
      ],
      activation: 'not_requested',
      reel: exampleReel({ counts: { labelCount: 2, activeCount: 2, boundCount: 0, archivedCount: 0, identifiableCount: 0 } }),
      took: 12,
    };
    const r = BulkBindResponseSchema.parse(body);
    expect(r.blockers.map((b) => b.kind)).toEqual(SPEC_BLOCKERS);
    expect(r.warnings[1]?.existing?.[0]?.compositeTagId).toBe(IDS.label2);
    expect('took' in r).toBe(false);
  });

  it('parses a commit (bound) and every activation value', () => {
    for (const activation of ['queued', 'not_requested', 'already_active', 'no_dust']) {
      const r = BulkBindResponseSchema.parse({ outcome: 'bound', rows: [row(1)], blockers: [], warnings: [], activation, reel: exampleReel() });
      expect(r.activation).toBe(activation);
    }
  });

  it('rejects unknown blocker or warning kinds and unknown outcomes', () => {
    const base = { outcome: 'bound', rows: [], blockers: [], warnings: [], activation: 'queued', reel: exampleReel() };
    expect(BulkBindResponseSchema.safeParse({ ...base, blockers: [{ kind: 'label_sad', index: 0, position: 1 }] }).success).toBe(false);
    expect(BulkBindResponseSchema.safeParse({ ...base, warnings: [{ kind: 'position_empty', index: 0, position: 1 }] }).success).toBe(false);
    expect(BulkBindResponseSchema.safeParse({ ...base, outcome: 'partial' }).success).toBe(false);
    expect(BulkBindResponseSchema.safeParse({ ...base, activation: 'started' }).success).toBe(false);
  });

  it('a commit with blockers is 409 COMPOSITE_TAG_CONFLICT carrying rows, blockers and warnings', () => {
    const env = {
      code: 'COMPOSITE_TAG_CONFLICT',
      message: 'blocked',
      status: 409,
      detail: { reason: 'bulk_bind_blocked', rows: [row(0)], blockers: [{ kind: 'position_empty', index: 0, position: 1 }], warnings: [] },
    };
    expect(BulkBindConflictErrorSchema.parse(env).detail.blockers[0]?.kind).toBe('position_empty');
    expect(BulkBindConflictErrorSchema.safeParse({ ...env, status: 400 }).success).toBe(false);
    expect(BulkBindConflictErrorSchema.safeParse({ ...env, detail: { ...env.detail, blockers: [] } }).success).toBe(false);
  });
});
