// A Reel's counts and warnings kept as its Labels change (src-sandbox/store/README.md, core v3: the triggers of
// core v3 and the enrollment's warnings over the values it touched) read the same as a recount of the whole Reel,
// through a random mix of enrollments (repeated TEXT and QR values in any case, explicit and next-free positions),
// archive, unarchive, removed identifiers, bind and unbind. spec: Labels and Reels — Reel counts, "repeated TEXT or
// QR values are accepted and reported in the Reel's `warnings`".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedValueWarnings } from '../../../../src-sandbox/domain/labels';
import { labelStatesOnReel } from '../../../../src-sandbox/store/labels';
import { startLabelsSandbox, type Json, type LabelsSandbox } from '../../../helpers/labels-harness';

let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

/** The counts as the sandbox computed them before core v3: one pass over the whole Reel. */
function recount(reelId: string): Record<string, number> {
  const labels = labelStatesOnReel(t.sb.db, reelId);
  const svc = (l: (typeof labels)[number]) => l.members.filter((m) => m.tagType === 'SVC' && m.archivedAt === null);
  return {
    labelCount: labels.length,
    activeCount: labels.filter((l) => l.archivedAt === null).length,
    boundCount: labels.filter((l) => l.boundThreadId !== null).length,
    archivedCount: labels.filter((l) => l.archivedAt !== null).length,
    transferredCount: labels.filter((l) => l.transferredAt !== null).length,
    identifiableCount: labels.filter((l) => svc(l).length > 0 && svc(l).every((m) => m.identifiable)).length,
  };
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('Reel counts and warnings kept as Labels change', () => {
  it.each([1, 2, 3])('equal a recount of the whole Reel after every change (seed %i)', async (seed) => {
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const reel = await t.createReel();
    const reelId = reel.collectionId as string;
    const thread = await t.createThread(`counts ${seed}`);
    const labels: Json[] = [];
    const values = ['Alpha', 'alpha', 'BETA', 'beta', 'Gamma', 'delta'];
    for (let step = 0; step < 60; step += 1) {
      const roll = next();
      if (roll < 0.55 || labels.length < 3) {
        const position = next() < 0.5 ? String(1 + Math.floor(next() * 80)) : undefined;
        const parts =
          next() < 0.5
            ? { qrValue: pick(values) }
            : {
                identifiers: [
                  { tagType: 'TEXT', value: pick(values) },
                  { tagType: 'QR', value: pick(values) },
                ],
              };
        const res = await t.form(`/reels/${reelId}/labels`, { ...parts, ...(position ? { position } : {}) });
        if (res.status === 201) labels.push(res.body.label);
        else expect([res.status, res.body.detail?.reason]).toEqual([409, 'position_occupied']);
      } else if (roll < 0.7) {
        expect((await t.call('POST', `/${pick(labels).compositeTagId}/archive`)).status).toBe(200);
      } else if (roll < 0.8) {
        expect((await t.call('POST', `/${pick(labels).compositeTagId}/unarchive`)).status).toBe(200);
      } else if (roll < 0.9) {
        const label = pick(labels);
        const read = await t.call('GET', `/${label.compositeTagId}`);
        const active = (read.body.label.members as Json[]).filter((m) => m.archivedAt === null);
        if (active.length > 1) await t.call('DELETE', `/${label.compositeTagId}/identifiers/${active[0].tagId}`);
      } else {
        const label = pick(labels);
        const read = await t.call('GET', `/${label.compositeTagId}`);
        if (read.body.label.archived) continue;
        await t.call('POST', `/${label.compositeTagId}/${read.body.label.bound ? 'unbind' : 'bind'}`, read.body.label.bound ? undefined : { threadId: thread });
      }
      const shown = (await t.call('GET', `/reels/${reelId}`)).body.reel;
      expect(shown.counts).toEqual(recount(reelId));
      expect(shown.warnings).toEqual(repeatedValueWarnings(labelStatesOnReel(t.sb.db, reelId)));
    }
    expect(labels.length).toBeGreaterThan(10);
  });
});
