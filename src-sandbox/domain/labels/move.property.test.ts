// Property-style tests of the move rules (issue: "property-style tests for the bulk-bind and move rules"):
// many random Reels, spans and targets from a seeded PRNG; each failure names its seed.
import { describe, expect, it } from 'vitest';
import { isActiveLabel, type LabelState, type ReelState } from './model';
import { planMove, type MovePlan } from './move-plan';
import { previewMove } from './move-preview';
import type { MoveRequest, MoveSource, MoveTarget } from './move-request';
import type { MoveWorld } from './move-source';
import { LabelRuleError } from './rule-error';
import { createGen, type Gen } from '../../../test/helpers/sandbox-labels/gen';
import { populatedReel } from '../../../test/helpers/sandbox-labels/random-reels';

const CASES = 1500;

function randomWorld(gen: Gen): MoveWorld & { reelList: ReelState[] } {
  const reels: ReelState[] = [];
  const labels: LabelState[] = [];
  const n = gen.int(1, 3);
  for (let i = 0; i < n; i += 1) {
    const r = populatedReel(gen, gen.int(0, 30));
    if (gen.bool(0.05)) r.reel.transferredAt = '2026-01-01T00:00:00Z';
    reels.push(r.reel);
    labels.push(...r.labels);
  }
  return { reels, labels, reelList: reels };
}

function randomSource(gen: Gen, w: ReturnType<typeof randomWorld>): MoveSource {
  const reel = gen.pick(w.reelList);
  const onReel = w.labels.filter((l) => l.reelCollectionId === reel.collectionId);
  const shape = gen.int(0, 2);
  if (shape === 0 || onReel.length === 0) {
    const from = gen.int(1, 32);
    return gen.bool(0.3)
      ? { reelCollectionId: reel.collectionId, fromPosition: from }
      : { reelCollectionId: reel.collectionId, fromPosition: from, toPosition: from + gen.int(-2, 20) };
  }
  if (shape === 1) {
    const pool = gen.bool(0.85) ? onReel : w.labels;
    return { fromCompositeTagId: gen.pick(pool).compositeTagId, toCompositeTagId: gen.pick(pool).compositeTagId };
  }
  const active = w.labels.filter((l) =>
    gen.bool(0.9)
      ? isActiveLabel(
          l,
          w.reelList.find((r) => r.collectionId === l.reelCollectionId),
        )
      : true,
  );
  const ids = gen.shuffle(active).slice(0, gen.int(1, Math.max(1, Math.min(8, active.length))));
  return { compositeTagIds: ids.length > 0 ? ids.map((l) => l.compositeTagId) : [gen.id()] };
}

function randomTarget(gen: Gen, w: ReturnType<typeof randomWorld>): MoveTarget {
  return gen.bool(0.7) ? { reelCollectionId: gen.pick(w.reelList).collectionId } : { newReel: { name: 'New' } };
}

const NEW_REEL = 'new-reel';

/** The world after a committed plan. */
function apply(w: MoveWorld, plan: MovePlan): LabelState[] {
  const byId = new Map(plan.moved.map((m) => [m.compositeTagId, m]));
  const targetId = plan.target.kind === 'existing' ? plan.target.reel.collectionId : NEW_REEL;
  return w.labels.map((l) => {
    const m = byId.get(l.compositeTagId);
    return m ? { ...l, reelCollectionId: targetId, position: m.toPosition } : l;
  });
}

function attempt<T>(run: () => T): { ok: true; value: T } | { ok: false; error: LabelRuleError } {
  try {
    return { ok: true, value: run() };
  } catch (e) {
    if (e instanceof LabelRuleError) return { ok: false, error: e };
    throw e;
  }
}

describe('move rules, property-style', () => {
  it(`keeps every invariant over ${CASES} random moves`, () => {
    let committed = 0;
    for (let seed = 1; seed <= CASES; seed += 1) {
      const gen = createGen(seed);
      const w = randomWorld(gen);
      const request: MoveRequest = { source: randomSource(gen, w), target: randomTarget(gen, w) };
      const preview0 = attempt(() => previewMove(w, request));
      if (gen.bool(0.5) && preview0.ok) request.expectedCount = gen.bool(0.5) ? preview0.value.count : gen.int(0, 12);
      const plan = attempt(() => planMove(w, request));
      const preview = attempt(() => previewMove(w, request));
      const ctx = `seed ${seed}`;

      if (!preview.ok) {
        // Preview refuses exactly what commit refuses for the source and target.
        expect(plan.ok, ctx).toBe(false);
        if (!plan.ok) expect(plan.error.detail, ctx).toEqual(preview.error.detail);
        continue;
      }
      const p = preview.value;
      if (!plan.ok) {
        const reason = plan.error.detail?.reason;
        if (reason === 'count_mismatch') expect(p.countMatches, ctx).toBe(false);
        else expect([reason, p.count], ctx).toEqual(['nothing_to_move', 0]);
        continue;
      }
      committed += 1;
      const { moved, cut, outcome } = plan.value;
      // Preview equals commit.
      expect(p.count, ctx).toBe(moved.length);
      expect(p.predictedOutcome, ctx).toBe(outcome);
      expect(p.boundCount, ctx).toBe(moved.filter((m) => m.bound).length);
      expect(p.first?.compositeTagId, ctx).toBe(moved[0]?.compositeTagId);
      expect(p.last?.compositeTagId, ctx).toBe(moved[moved.length - 1]?.compositeTagId);
      if (request.expectedCount !== undefined) expect(p.countMatches, ctx).toBe(true);

      // No position collision on any Reel afterwards; nothing lost or duplicated.
      const after = apply(w, plan.value);
      expect(after.length, ctx).toBe(w.labels.length);
      const seen = new Set<string>();
      for (const l of after) {
        const key = `${l.reelCollectionId}#${l.position}`;
        expect(seen.has(key), `${ctx}: collision at ${key}`).toBe(false);
        seen.add(key);
      }

      // Placement: kept positions, or consecutive after the staying Labels' last position, in source order.
      const movedIds = new Set(moved.map((m) => m.compositeTagId));
      if (outcome === 'kept_positions') {
        for (const m of moved) expect(m.toPosition, ctx).toBe(m.fromPosition);
      } else {
        const staying = after.filter(
          (l) => !movedIds.has(l.compositeTagId) && plan.value.target.kind === 'existing' && l.reelCollectionId === plan.value.target.reel.collectionId,
        );
        const last = Math.max(0, ...staying.map((l) => l.position));
        expect(
          moved.map((m) => m.toPosition),
          ctx,
        ).toEqual(moved.map((_, i) => last + 1 + i));
      }

      // Range and scan sources: exactly the active Labels of the span move, the other positions are gaps.
      if (cut) {
        const reel = w.reels.find((r) => r.collectionId === cut.sourceReel.collectionId) as ReelState;
        const span = w.labels.filter((l) => l.reelCollectionId === reel.collectionId && l.position >= cut.fromPosition && l.position <= cut.toPosition);
        const active = span.filter((l) => isActiveLabel(l, reel)).sort((a, b) => a.position - b.position);
        expect(
          moved.map((m) => m.compositeTagId),
          ctx,
        ).toEqual(active.map((l) => l.compositeTagId));
        expect(cut.count, ctx).toBe(active.length);
        const activePositions = new Set(active.map((l) => l.position));
        const gaps: number[] = [];
        for (let q = cut.fromPosition; q <= cut.toPosition; q += 1) if (!activePositions.has(q)) gaps.push(q);
        expect(
          cut.gaps.map((g) => g.position),
          ctx,
        ).toEqual(gaps);
        expect(cut.boundPositions, ctx).toEqual(active.filter((l) => l.boundThreadId !== null).map((l) => l.position));
      }
    }
    // The generator must reach the committing branch often, or the test proves little.
    expect(committed).toBeGreaterThan(CASES / 5);
  });

  it('suggestedLast, when given, is the toPosition that makes the count match', () => {
    let checked = 0;
    for (let seed = 1; seed <= CASES; seed += 1) {
      const gen = createGen(seed * 7919);
      const { reel, labels } = populatedReel(gen, gen.int(1, 40));
      const fromPosition = gen.int(1, 10);
      const expectedCount = gen.int(1, 30);
      const w = { reels: [reel], labels };
      const target = { newReel: { name: 'n' } };
      const p = previewMove(w, { source: { reelCollectionId: reel.collectionId, fromPosition, toPosition: fromPosition }, target, expectedCount });
      if (!p.suggestedLast) continue;
      checked += 1;
      const again = previewMove(w, {
        source: { reelCollectionId: reel.collectionId, fromPosition, toPosition: p.suggestedLast.position },
        target,
        expectedCount,
      });
      expect(again.countMatches, `seed ${seed}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(CASES / 5);
  });
});
