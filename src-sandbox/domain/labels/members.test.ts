import { describe, expect, it } from 'vitest';
import { decideMemberAdd, decideMemberRemoval } from './members';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, member, reel, TEAM } from '../../../test/helpers/sandbox-labels/random-reels';

const gen = createGen(5);
const r = reel(gen);

function refusal(run: () => unknown): { code: string; reason: unknown } {
  try {
    run();
  } catch (e) {
    const err = e as { code: string; detail?: { reason?: unknown } };
    return { code: err.code, reason: err.detail?.reason };
  }
  throw new Error('expected the rule to refuse');
}

describe('removing a member (spec: Errors, COMPOSITE_TAG_CONFLICT "removing a Label\'s last identifier")', () => {
  it('removes a member while another active one remains', () => {
    const a = member(gen, 'TEXT');
    const l = label(gen, r, 1, { members: [a, member(gen, 'QR')] });
    expect(decideMemberRemoval(l, a.tagId)).toBe(a);
  });

  it('refuses removing the last active identifier with 409 last_identifier', () => {
    const a = member(gen, 'TEXT');
    const l = label(gen, r, 1, { members: [a, member(gen, 'QR', { archivedAt: '2026-01-01T00:00:00Z' })] });
    expect(refusal(() => decideMemberRemoval(l, a.tagId))).toEqual({ code: 'COMPOSITE_TAG_CONFLICT', reason: 'last_identifier' });
  });

  it('answers 404 for an identifier that is not a member', () => {
    const l = label(gen, r, 1);
    expect(refusal(() => decideMemberRemoval(l, gen.id())).code).toBe('NOT_FOUND');
  });
});

describe('adding a member', () => {
  it('adds a string member without uniqueness checks', () => {
    const l = label(gen, r, 1);
    expect(decideMemberAdd(l, { tagType: 'QR', value: 'dup' }, [])).toEqual({ outcome: 'added', member: { tagType: 'QR', value: 'dup' } });
  });

  it('answers already_member when the Label already carries that optical marking', () => {
    const svc = member(gen, 'SVC');
    const l = label(gen, r, 1, { members: [svc] });
    const peers = [{ tagId: svc.tagId, compositeTagId: l.compositeTagId, ownerTeamId: TEAM, boundThreadId: null }];
    expect(decideMemberAdd(l, { tagType: 'SVC', fingerprintId: svc.fingerprintId as string }, peers)).toEqual({ outcome: 'already_member', member: svc });
  });

  it('refuses a marking on another Label or bound elsewhere (409)', () => {
    const l = label(gen, r, 1);
    const onOther = [{ tagId: gen.id(), compositeTagId: gen.id(), ownerTeamId: TEAM, boundThreadId: null }];
    expect(refusal(() => decideMemberAdd(l, { tagType: 'SVC', fingerprintId: 'f' }, onOther))).toEqual({
      code: 'COMPOSITE_TAG_CONFLICT',
      reason: 'marking_on_other_label',
    });
    const bound = [{ tagId: gen.id(), compositeTagId: null, ownerTeamId: TEAM, boundThreadId: gen.id() }];
    expect(refusal(() => decideMemberAdd(l, { tagType: 'SVC', fingerprintId: 'f' }, bound)).reason).toBe('marking_bound_elsewhere');
  });

  it('refuses changes to an archived or shipped Label', () => {
    expect(refusal(() => decideMemberAdd(label(gen, r, 1, { archivedAt: '2026-01-01T00:00:00Z' }), { tagType: 'TEXT', value: 'x' }, [])).reason).toBe(
      'label_archived',
    );
    expect(refusal(() => decideMemberAdd(label(gen, r, 1, { transferredAt: '2026-01-01T00:00:00Z' }), { tagType: 'TEXT', value: 'x' }, [])).reason).toBe(
      'label_transferred',
    );
  });
});
