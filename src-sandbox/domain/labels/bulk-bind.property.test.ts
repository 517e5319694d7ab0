// Property-style tests of the bulk-bind rules: random Reels, Threads and pairings from a seeded PRNG, checked
// against an independent restatement of spec: Bulk-bind.
import { describe, expect, it } from 'vitest';
import { decideBulkBind, type BulkBindInput, type ThreadView } from './bulk-bind';
import type { MarkingPeer } from './model';
import { LabelRuleError } from './rule-error';
import { createGen, type Gen } from '../../../test/helpers/sandbox-labels/gen';
import { OTHER_TEAM, populatedReel, thread } from '../../../test/helpers/sandbox-labels/random-reels';

const CASES = 1500;
const NOW = '2026-01-01T00:00:00Z';

function randomInput(gen: Gen): BulkBindInput {
  // Half the cases are mostly clean, so both the bound and the blocked branch are reached often.
  const odd = gen.bool() ? 0.1 : 0.004;
  const { reel, labels } = populatedReel(gen, 32, odd * 1.5, odd > 0.01 ? 0.8 : 1);
  if (gen.bool(0.03)) reel.transferredAt = NOW;
  const fromPosition = gen.int(1, 20);
  const length = gen.int(1, 12);
  const pool: ThreadView[] = Array.from({ length: length + 2 }, () =>
    thread(gen, {
      ownerTeamId: gen.bool(odd / 2) ? OTHER_TEAM : reel.ownerTeamId,
      archivedAt: gen.bool(odd / 3) ? NOW : null,
      processingLockedAt: gen.bool(odd / 3) ? NOW : null,
      transferId: gen.bool(odd / 3) ? gen.id() : null,
      canEdit: !gen.bool(odd / 2),
      boundLabels: gen.bool(0.1) ? [{ compositeTagId: gen.id() }] : [],
    }),
  );
  const threadIds = Array.from({ length }, () => (gen.bool(odd / 2) ? gen.id() : (pool[gen.int(0, pool.length - 1)]?.threadId ?? gen.id())));
  const markingPeers = new Map<string, MarkingPeer[]>();
  for (const l of labels) {
    for (const m of l.members) {
      if (m.fingerprintId === null || !gen.bool(odd / 2)) continue;
      markingPeers.set(m.fingerprintId, [
        {
          tagId: gen.id(),
          compositeTagId: gen.bool() ? gen.id() : null,
          ownerTeamId: gen.bool() ? OTHER_TEAM : reel.ownerTeamId,
          boundThreadId: gen.bool() ? gen.id() : null,
        },
      ]);
    }
  }
  // Mostly well-formed; sometimes the range and the Thread count disagree.
  const toPosition = gen.bool(0.9) ? fromPosition + length - 1 : fromPosition + gen.int(-1, length + 2);
  return {
    reel,
    labelsOnReel: labels,
    fromPosition,
    toPosition,
    threadIds,
    activate: gen.bool(),
    threads: new Map(pool.map((t) => [t.threadId, t])),
    markingPeers,
  };
}

/** spec: Bulk-bind, restated: may row k bind? */
function rowBindable(input: BulkBindInput, k: number): boolean {
  const label = input.labelsOnReel.find((l) => l.position === input.fromPosition + k);
  const threadId = input.threadIds[k] as string;
  const t = input.threads.get(threadId);
  if (!label || !t) return false;
  const activeMembers = label.members.filter((m) => m.archivedAt === null);
  const peersOk = activeMembers.every((m) =>
    (m.fingerprintId === null ? [] : (input.markingPeers.get(m.fingerprintId) ?? [])).every(
      (p) => p.compositeTagId === label.compositeTagId || (p.boundThreadId === null && (p.compositeTagId === null || p.ownerTeamId === label.ownerTeamId)),
    ),
  );
  return (
    label.archivedAt === null &&
    label.transferredAt === null &&
    input.reel.transferredAt === null &&
    label.boundThreadId === null &&
    activeMembers.length > 0 &&
    peersOk &&
    t.ownerTeamId === input.reel.ownerTeamId &&
    t.archivedAt === null &&
    t.processingLockedAt === null &&
    t.transferId === null &&
    t.transferredAt === null &&
    t.canEdit &&
    input.threadIds.indexOf(threadId) === k
  );
}

describe('bulk-bind rules, property-style', () => {
  it(`commit binds iff no blocker, and the dry run equals the commit's preflight (${CASES} cases)`, () => {
    let bound = 0;
    let blocked = 0;
    for (let seed = 1; seed <= CASES; seed += 1) {
      const gen = createGen(seed);
      const input = randomInput(gen);
      const ctx = `seed ${seed}`;
      const lengthOk = input.toPosition - input.fromPosition + 1 === input.threadIds.length;
      let dry;
      try {
        dry = decideBulkBind(input, true);
      } catch (e) {
        expect(lengthOk, ctx).toBe(false);
        expect((e as LabelRuleError).code, ctx).toBe('INVALID_REQUEST');
        continue;
      }
      expect(lengthOk, ctx).toBe(true);
      const { plan } = dry;
      expect(
        plan.rows.map((r) => [r.index, r.position, r.threadId]),
        ctx,
      ).toEqual(input.threadIds.map((id, k) => [k, input.fromPosition + k, id]));
      const everyRowBindable = input.threadIds.every((_, k) => rowBindable(input, k));
      expect(plan.blockers.length === 0, ctx).toBe(everyRowBindable);
      // Each blocked row per the restated rule carries at least one blocker on its index.
      input.threadIds.forEach((_, k) => {
        expect(
          plan.blockers.some((b) => b.index === k),
          `${ctx} row ${k}`,
        ).toBe(!rowBindable(input, k));
      });

      try {
        const commit = decideBulkBind(input, false);
        expect(everyRowBindable, ctx).toBe(true);
        expect(commit.outcome).toBe('bound');
        expect(commit.plan, ctx).toEqual(plan);
        expect(
          commit.plan.pairs.map((p) => p.threadId),
          ctx,
        ).toEqual(input.threadIds);
        bound += 1;
      } catch (e) {
        expect(e, ctx).toBeInstanceOf(LabelRuleError);
        const err = e as LabelRuleError;
        expect(everyRowBindable, ctx).toBe(false);
        expect(err.code, ctx).toBe('COMPOSITE_TAG_CONFLICT');
        expect(err.detail, ctx).toEqual({
          reason: 'bulk_bind_blocked',
          rows: plan.rows,
          blockers: plan.blockers,
          warnings: plan.warnings,
          activation: plan.activation,
        });
        blocked += 1;
      }
    }
    expect(bound).toBeGreaterThan(CASES / 10);
    expect(blocked).toBeGreaterThan(CASES / 10);
  });
});
