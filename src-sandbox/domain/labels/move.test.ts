import { describe, expect, it } from 'vitest';
import type { LabelState, ReelState } from './model';
import { planMove } from './move-plan';
import { previewMove } from './move-preview';
import type { MoveRequest } from './move-request';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, reel } from '../../../test/helpers/sandbox-labels/random-reels';

const ARCHIVED = '2026-01-01T00:00:00Z';
const gen = createGen(21);

/** Source Reel with Labels at 1..6: 3 archived, 5 shipped, 4 bound; 7 empty; 8 active. Target with 2 and 10. */
function world() {
  const source = reel(gen, { name: 'Source', expectedIdentifiers: [{ tagType: 'NFC', count: 1 }] });
  const target = reel(gen, { name: 'Target' });
  const l = (p: number, o: Partial<LabelState> = {}) => label(gen, source, p, o);
  const labels = [l(1), l(2), l(3, { archivedAt: ARCHIVED }), l(4, { boundThreadId: gen.id() }), l(5, { transferredAt: ARCHIVED }), l(6), l(8)];
  const onTarget = [label(gen, target, 2), label(gen, target, 10)];
  return { source, target, labels, onTarget, reels: [source, target] as ReelState[], all: [...labels, ...onTarget] };
}

function refusal(run: () => unknown): { code: string; detail: Record<string, unknown> } {
  try {
    run();
  } catch (e) {
    const err = e as { code: string; detail?: Record<string, unknown> };
    return { code: err.code, detail: err.detail ?? {} };
  }
  throw new Error('expected the rule to refuse');
}

describe('move sources (spec: Labels and Reels, Move)', () => {
  it('range: every active Label in the span moves; archived, shipped and empty positions stay as gaps', () => {
    const w = world();
    const plan = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 3, toPosition: 8 },
        target: { newReel: { name: 'Cut' } },
      },
    );
    expect(plan.moved.map((m) => m.fromPosition)).toEqual([4, 6, 8]);
    expect(plan.cut).toEqual({
      sourceReel: { collectionId: w.source.collectionId, name: 'Source' },
      fromPosition: 3,
      toPosition: 8,
      count: 3,
      boundCount: 1,
      boundPositions: [4],
      gaps: [
        { position: 3, reason: 'archived' },
        { position: 5, reason: 'transferred' },
        { position: 7, reason: 'empty' },
      ],
    });
  });

  it("range: toPosition defaults to the Reel's last position", () => {
    const w = world();
    const plan = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 6 },
        target: { newReel: { name: 'Tail' } },
      },
    );
    expect(plan.cut).toMatchObject({ fromPosition: 6, toPosition: 8, count: 2, gaps: [{ position: 7, reason: 'empty' }] });
  });

  it('scan-bounded: either order gives the same span', () => {
    const w = world();
    const a = w.labels.find((l) => l.position === 2) as LabelState;
    const b = w.labels.find((l) => l.position === 6) as LabelState;
    const one = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { fromCompositeTagId: a.compositeTagId, toCompositeTagId: b.compositeTagId },
        target: { newReel: { name: 'x' } },
      },
    );
    const other = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { fromCompositeTagId: b.compositeTagId, toCompositeTagId: a.compositeTagId },
        target: { newReel: { name: 'x' } },
      },
    );
    expect(one.cut).toEqual(other.cut);
    expect(one.cut).toMatchObject({ fromPosition: 2, toPosition: 6, count: 3, gaps: [{ position: 3 }, { position: 5 }] });
  });

  it('scan-bounded: refuses ends on different Reels, archived ends and shipped ends', () => {
    const w = world();
    const onSource = w.labels[0] as LabelState;
    const onTarget = w.onTarget[0] as LabelState;
    const archived = w.labels.find((l) => l.archivedAt !== null) as LabelState;
    const shipped = w.labels.find((l) => l.transferredAt !== null) as LabelState;
    const m = { reels: w.reels, labels: w.all };
    const t = { newReel: { name: 'x' } };
    expect(
      refusal(() => planMove(m, { source: { fromCompositeTagId: onSource.compositeTagId, toCompositeTagId: onTarget.compositeTagId }, target: t })),
    ).toMatchObject({ code: 'INVALID_REQUEST', detail: { reason: 'endpoints_on_different_reels' } });
    expect(
      refusal(() => planMove(m, { source: { fromCompositeTagId: onSource.compositeTagId, toCompositeTagId: archived.compositeTagId }, target: t })),
    ).toMatchObject({ code: 'INVALID_REQUEST', detail: { reason: 'endpoint_archived', compositeTagId: archived.compositeTagId } });
    expect(
      refusal(() => planMove(m, { source: { fromCompositeTagId: shipped.compositeTagId, toCompositeTagId: onSource.compositeTagId }, target: t })),
    ).toMatchObject({ code: 'INVALID_REQUEST', detail: { reason: 'endpoint_not_on_reel', compositeTagId: shipped.compositeTagId } });
  });

  it('ids: moved in the given order, no cut; the preview span covers them on one Reel, null across Reels', () => {
    const w = world();
    const ids = [w.labels[5], w.labels[0]].map((l) => (l as LabelState).compositeTagId);
    const m = { reels: w.reels, labels: w.all };
    const plan = planMove(m, { source: { compositeTagIds: ids }, target: { reelCollectionId: w.target.collectionId } });
    expect(plan.moved.map((x) => x.compositeTagId)).toEqual(ids);
    expect(plan.cut).toBeNull();
    expect(previewMove(m, { source: { compositeTagIds: ids }, target: { newReel: { name: 'n' } } }).span).toEqual({
      reelCollectionId: w.source.collectionId,
      fromPosition: 1,
      toPosition: 6,
    });
    const across = [...ids, (w.onTarget[0] as LabelState).compositeTagId];
    expect(previewMove(m, { source: { compositeTagIds: across }, target: { newReel: { name: 'n' } } }).span).toBeNull();
  });

  it('ids: refuses archived, shipped, repeated and unknown Labels', () => {
    const w = world();
    const m = { reels: w.reels, labels: w.all };
    const t = { reelCollectionId: w.target.collectionId };
    const id = (p: number) => (w.labels.find((l) => l.position === p) as LabelState).compositeTagId;
    expect(refusal(() => planMove(m, { source: { compositeTagIds: [id(3)] }, target: t })).detail.reason).toBe('label_archived');
    expect(refusal(() => planMove(m, { source: { compositeTagIds: [id(5)] }, target: t })).detail.reason).toBe('label_transferred');
    expect(refusal(() => planMove(m, { source: { compositeTagIds: [id(1), id(1)] }, target: t })).detail.reason).toBe('repeated_label');
    expect(refusal(() => planMove(m, { source: { compositeTagIds: [gen.id()] }, target: t })).code).toBe('NOT_FOUND');
  });
});

describe('move targets and placement', () => {
  it('keeps positions when all are free on the target', () => {
    const w = world();
    const plan = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 4, toPosition: 8 },
        target: { reelCollectionId: w.target.collectionId },
      },
    );
    expect(plan.outcome).toBe('kept_positions');
    expect(plan.moved.map((m) => m.toPosition)).toEqual([4, 6, 8]);
  });

  it("appends the whole batch after the target's last position when any position is taken", () => {
    const w = world();
    const plan = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 4 },
        target: { reelCollectionId: w.target.collectionId },
      },
    );
    expect(plan.outcome).toBe('appended');
    expect(plan.moved.map((m) => [m.fromPosition, m.toPosition])).toEqual([
      [1, 11],
      [2, 12],
      [4, 13],
    ]);
  });

  it('a new Reel inherits the source composition unless one is given', () => {
    const w = world();
    const src = { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 2 };
    const inherited = planMove({ reels: w.reels, labels: w.all }, { source: src, target: { newReel: { name: 'n' } } });
    expect(inherited.target).toMatchObject({ kind: 'new', expectedIdentifiers: [{ tagType: 'NFC', count: 1 }] });
    expect(inherited.outcome).toBe('kept_positions');
    const given = planMove(
      { reels: w.reels, labels: w.all },
      {
        source: src,
        target: {
          newReel: {
            name: 'n',
            expectedIdentifiers: [
              { tagType: 'QR', count: 2 },
              { tagType: 'TEXT', count: 0 },
            ],
          },
        },
      },
    );
    expect(given.target).toMatchObject({ kind: 'new', expectedIdentifiers: [{ tagType: 'QR', count: 2 }] });
  });

  it('refuses a shipped target Reel and an unknown one', () => {
    const w = world();
    const shipped = reel(gen, { transferredAt: ARCHIVED });
    const src = { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 2 };
    expect(
      refusal(() => planMove({ reels: [...w.reels, shipped], labels: w.all }, { source: src, target: { reelCollectionId: shipped.collectionId } })).detail
        .reason,
    ).toBe('target_transferred');
    expect(refusal(() => planMove({ reels: w.reels, labels: w.all }, { source: src, target: { reelCollectionId: gen.id() } })).code).toBe('NOT_FOUND');
  });
});

describe('expectedCount and preview', () => {
  it('refuses a count mismatch with expected, actual, fromPosition, toPosition', () => {
    const w = world();
    const req: MoveRequest = {
      source: { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 8 },
      target: { newReel: { name: 'n' } },
      expectedCount: 6,
    };
    expect(refusal(() => planMove({ reels: w.reels, labels: w.all }, req))).toEqual({
      code: 'INVALID_REQUEST',
      detail: { reason: 'count_mismatch', expected: 6, actual: 5, fromPosition: 1, toPosition: 8 },
    });
  });

  it('preview reports span, counts, ends, outcome, countMatches and suggestedLast without applying it', () => {
    const w = world();
    const p = previewMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 4 },
        target: { reelCollectionId: w.target.collectionId },
        expectedCount: 4,
      },
    );
    expect(p).toMatchObject({
      span: { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 4 },
      count: 3,
      boundCount: 1,
      first: { position: 1 },
      last: { position: 4 },
      predictedOutcome: 'appended',
      countMatches: false,
      suggestedLast: { position: 6 },
    });
  });

  it('preview of an empty span predicts null; without expectedCount countMatches and suggestedLast are null', () => {
    const w = world();
    const plain = previewMove(
      { reels: w.reels, labels: w.all },
      { source: { reelCollectionId: w.source.collectionId, fromPosition: 1, toPosition: 2 }, target: { newReel: { name: 'n' } } },
    );
    expect(plain).toMatchObject({ count: 2, predictedOutcome: 'kept_positions', countMatches: null, suggestedLast: null });
    const empty = previewMove(
      { reels: w.reels, labels: w.all },
      {
        source: { reelCollectionId: w.source.collectionId, fromPosition: 7, toPosition: 7 },
        target: { newReel: { name: 'n' } },
      },
    );
    expect(empty).toMatchObject({ count: 0, predictedOutcome: null, first: null, last: null });
  });

  it('a commit of nothing is refused', () => {
    const w = world();
    expect(
      refusal(() =>
        planMove(
          { reels: w.reels, labels: w.all },
          { source: { reelCollectionId: w.source.collectionId, fromPosition: 7, toPosition: 7 }, target: { newReel: { name: 'n' } } },
        ),
      ).detail.reason,
    ).toBe('nothing_to_move');
  });
});
