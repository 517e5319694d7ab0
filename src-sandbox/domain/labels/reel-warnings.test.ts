import { describe, expect, it } from 'vitest';
import { repeatedValueWarnings } from './reel-warnings';
import { createGen } from '../../../test/helpers/sandbox-labels/gen';
import { label, member, reel } from '../../../test/helpers/sandbox-labels/random-reels';

describe('Reel warnings for repeated values (spec: Create Label rules)', () => {
  const gen = createGen(7);
  const r = reel(gen);

  it('reports a TEXT value on two Labels, case-insensitively, by position', () => {
    const a = label(gen, r, 2, { members: [member(gen, 'TEXT', { value: 'ABC-1' })] });
    const b = label(gen, r, 1, { members: [member(gen, 'TEXT', { value: 'abc-1' })] });
    expect(repeatedValueWarnings([a, b])).toEqual([
      { kind: 'repeated_value', tagType: 'TEXT', value: 'abc-1', positions: [1, 2], compositeTagIds: [b.compositeTagId, a.compositeTagId] },
    ]);
  });

  it('matches QR values byte for byte', () => {
    const a = label(gen, r, 1, { members: [member(gen, 'QR', { value: 'Q1' })] });
    const b = label(gen, r, 2, { members: [member(gen, 'QR', { value: 'q1' })] });
    const c = label(gen, r, 3, { members: [member(gen, 'QR', { value: 'Q1' })] });
    const warnings = repeatedValueWarnings([a, b, c]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ tagType: 'QR', value: 'Q1', positions: [1, 3] });
  });

  it('ignores archived Labels and archived members, and the TEXT+QR pair of one qrValue', () => {
    const a = label(gen, r, 1, { members: [member(gen, 'TEXT', { value: 'S' }), member(gen, 'QR', { value: 'S' })] });
    const b = label(gen, r, 2, { archivedAt: '2026-01-01T00:00:00Z', members: [member(gen, 'TEXT', { value: 'S' })] });
    const c = label(gen, r, 3, { members: [member(gen, 'TEXT', { value: 'S', archivedAt: '2026-01-01T00:00:00Z' })] });
    expect(repeatedValueWarnings([a, b, c])).toEqual([]);
  });

  it('does not report NFC or BAR_CODE repeats', () => {
    const a = label(gen, r, 1, { members: [member(gen, 'NFC', { value: '04AB' })] });
    const b = label(gen, r, 2, { members: [member(gen, 'NFC', { value: '04AB' })] });
    expect(repeatedValueWarnings([a, b])).toEqual([]);
  });
});
