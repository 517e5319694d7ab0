import { describe, expect, it } from 'vitest';
import { decideActivation } from './activation';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, member, reel } from '../../../test/helpers/sandbox-labels/random-reels';

const gen = createGen(3);
const r = reel(gen);

describe('Label activation (spec: States and transitions, DUST-type members)', () => {
  it('no_dust without an active optical member', () => {
    expect(decideActivation(label(gen, r, 1, { members: [member(gen, 'TEXT')] }), new Map()).outcome).toBe('no_dust');
  });

  it('already_active when every optical member is identifiable', () => {
    expect(decideActivation(label(gen, r, 1, { members: [member(gen, 'SVC', { identifiable: true })] }), new Map()).outcome).toBe('already_active');
  });

  it('activates the verify-only members', () => {
    const a = member(gen, 'SVC', { identifiable: false });
    expect(decideActivation(label(gen, r, 1, { members: [a, member(gen, 'TEXT')] }), new Map())).toEqual({ outcome: 'activated', tagIds: [a.tagId] });
  });

  it('skips a Label whose marking duplicates an indexed identifier elsewhere', () => {
    const a = member(gen, 'SVC', { identifiable: false });
    const l = label(gen, r, 1, { members: [a] });
    const elsewhere = new Map([
      [a.fingerprintId as string, [{ tagId: gen.id(), compositeTagId: null, ownerTeamId: r.ownerTeamId, boundThreadId: null, identifiable: true }]],
    ]);
    expect(decideActivation(l, elsewhere).outcome).toBe('duplicate');
    const onlyItself = new Map([
      [a.fingerprintId as string, [{ tagId: a.tagId, compositeTagId: l.compositeTagId, ownerTeamId: r.ownerTeamId, boundThreadId: null, identifiable: false }]],
    ]);
    expect(decideActivation(l, onlyItself).outcome).toBe('activated');
  });
});
