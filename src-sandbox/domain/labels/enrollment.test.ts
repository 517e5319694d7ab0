import { describe, expect, it } from 'vitest';
import { decideEnrollment, type EnrollmentInput } from './enrollment';
import type { LabelState } from './model';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, member, OTHER_TEAM, reel, TEAM } from '../../../test/helpers/sandbox-labels/random-reels';

const gen = createGen(11);

function input(overrides: Partial<EnrollmentInput> = {}): EnrollmentInput {
  return {
    reel: reel(gen),
    labelsOnReel: [],
    identifiers: [{ tagType: 'TEXT', value: 'T-1' }],
    markingPeers: new Map(),
    ...overrides,
  };
}

function reasonOf(run: () => unknown): { code: string; reason: unknown } {
  try {
    run();
  } catch (e) {
    const err = e as { code: string; detail?: { reason?: unknown } };
    return { code: err.code, reason: err.detail?.reason };
  }
  throw new Error('expected the rule to refuse');
}

describe('Label enrollment (spec: Labels and Reels, Create Label rules)', () => {
  it('creates at the next free position after the last one', () => {
    const r = reel(gen);
    const labels = [label(gen, r, 1), label(gen, r, 4)];
    expect(decideEnrollment(input({ reel: r, labelsOnReel: labels }))).toMatchObject({ outcome: 'created', position: 5 });
  });

  it('starts an empty Reel at position 1', () => {
    expect(decideEnrollment(input())).toMatchObject({ outcome: 'created', position: 1 });
  });

  it('creates at an explicit free position, even inside a gap', () => {
    const r = reel(gen);
    expect(decideEnrollment(input({ reel: r, labelsOnReel: [label(gen, r, 1), label(gen, r, 5)], position: 3 }))).toMatchObject({
      outcome: 'created',
      position: 3,
    });
  });

  it('needs at least one identifier', () => {
    expect(reasonOf(() => decideEnrollment(input({ identifiers: [] })))).toEqual({ code: 'INVALID_REQUEST', reason: 'no_identifiers' });
  });

  it('refuses an occupied position with 409 position_occupied, archived occupants included', () => {
    const r = reel(gen);
    const occupant = label(gen, r, 2, { archivedAt: '2026-01-01T00:00:00Z' });
    expect(reasonOf(() => decideEnrollment(input({ reel: r, labelsOnReel: [occupant], position: 2 })))).toEqual({
      code: 'COMPOSITE_TAG_CONFLICT',
      reason: 'position_occupied',
    });
  });

  it('answers already_enrolled for a retry with the same optical marking at the same position', () => {
    const r = reel(gen);
    const svc = member(gen, 'SVC');
    const existing = label(gen, r, 3, { members: [svc] });
    const fp = svc.fingerprintId as string;
    const peers = new Map([[fp, [{ tagId: svc.tagId, compositeTagId: existing.compositeTagId, ownerTeamId: TEAM, boundThreadId: null }]]]);
    const decision = decideEnrollment(
      input({ reel: r, labelsOnReel: [existing], position: 3, identifiers: [{ tagType: 'SVC', fingerprintId: fp }], markingPeers: peers }),
    );
    expect(decision).toEqual({ outcome: 'already_enrolled', label: existing });
  });

  it('answers already_enrolled for a fresh capture of the same tag (a new fingerprint id, matched as a peer)', () => {
    const r = reel(gen);
    const svc = member(gen, 'SVC');
    const existing = label(gen, r, 3, { members: [svc] });
    const peers = new Map([['fp-fresh', [{ tagId: svc.tagId, compositeTagId: existing.compositeTagId, ownerTeamId: TEAM, boundThreadId: null }]]]);
    const decision = decideEnrollment(
      input({ reel: r, labelsOnReel: [existing], position: 3, identifiers: [{ tagType: 'SVC', fingerprintId: 'fp-fresh' }], markingPeers: peers }),
    );
    expect(decision.outcome).toBe('already_enrolled');
  });

  it('treats a retry without position as already_enrolled when the marking is on the last Label', () => {
    const r = reel(gen);
    const svc = member(gen, 'SVC');
    const labels: LabelState[] = [label(gen, r, 1), label(gen, r, 2, { members: [svc] })];
    const fp = svc.fingerprintId as string;
    const peers = new Map([[fp, [{ tagId: svc.tagId, compositeTagId: labels[1]?.compositeTagId ?? null, ownerTeamId: TEAM, boundThreadId: null }]]]);
    expect(decideEnrollment(input({ reel: r, labelsOnReel: labels, identifiers: [{ tagType: 'SVC', fingerprintId: fp }], markingPeers: peers })).outcome).toBe(
      'already_enrolled',
    );
  });

  it('refuses the same marking at another position with marking_on_other_label', () => {
    const r = reel(gen);
    const svc = member(gen, 'SVC');
    const existing = label(gen, r, 1, { members: [svc] });
    const fp = svc.fingerprintId as string;
    const peers = new Map([[fp, [{ tagId: svc.tagId, compositeTagId: existing.compositeTagId, ownerTeamId: TEAM, boundThreadId: null }]]]);
    const run = () =>
      decideEnrollment(input({ reel: r, labelsOnReel: [existing], position: 2, identifiers: [{ tagType: 'SVC', fingerprintId: fp }], markingPeers: peers }));
    expect(reasonOf(run)).toEqual({ code: 'COMPOSITE_TAG_CONFLICT', reason: 'marking_on_other_label' });
  });

  it("refuses a marking on another Team's Label too", () => {
    const peers = new Map([['fp-x', [{ tagId: gen.id(), compositeTagId: gen.id(), ownerTeamId: OTHER_TEAM, boundThreadId: null }]]]);
    const run = () => decideEnrollment(input({ identifiers: [{ tagType: 'SVC', fingerprintId: 'fp-x' }], markingPeers: peers }));
    expect(reasonOf(run).reason).toBe('marking_on_other_label');
  });

  it('refuses a marking already bound as a loose identifier with marking_bound_elsewhere', () => {
    const peers = new Map([['fp-y', [{ tagId: gen.id(), compositeTagId: null, ownerTeamId: TEAM, boundThreadId: gen.id() }]]]);
    const run = () => decideEnrollment(input({ identifiers: [{ tagType: 'SVC', fingerprintId: 'fp-y' }], markingPeers: peers }));
    expect(reasonOf(run)).toEqual({ code: 'COMPOSITE_TAG_CONFLICT', reason: 'marking_bound_elsewhere' });
  });

  it('accepts a loose, unbound identifier with the same marking', () => {
    const peers = new Map([['fp-z', [{ tagId: gen.id(), compositeTagId: null, ownerTeamId: TEAM, boundThreadId: null }]]]);
    expect(decideEnrollment(input({ identifiers: [{ tagType: 'SVC', fingerprintId: 'fp-z' }], markingPeers: peers })).outcome).toBe('created');
  });

  it('accepts repeated TEXT and QR values (no uniqueness)', () => {
    const r = reel(gen);
    const existing = label(gen, r, 1, { members: [member(gen, 'TEXT', { value: 'SAME' }), member(gen, 'QR', { value: 'SAME' })] });
    const decision = decideEnrollment(
      input({
        reel: r,
        labelsOnReel: [existing],
        identifiers: [
          { tagType: 'TEXT', value: 'same' },
          { tagType: 'QR', value: 'SAME' },
        ],
      }),
    );
    expect(decision).toMatchObject({ outcome: 'created', position: 2 });
  });

  it('refuses one marking named twice, and a shipped Reel', () => {
    const twice = () =>
      decideEnrollment(
        input({
          identifiers: [
            { tagType: 'SVC', fingerprintId: 'a' },
            { tagType: 'SVC', fingerprintId: 'a' },
          ],
        }),
      );
    expect(reasonOf(twice).reason).toBe('repeated_marking');
    const shipped = () => decideEnrollment(input({ reel: reel(gen, { transferredAt: '2026-01-01T00:00:00Z' }) }));
    expect(reasonOf(shipped).reason).toBe('reel_transferred');
  });
});
