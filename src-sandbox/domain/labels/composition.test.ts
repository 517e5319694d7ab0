import { describe, expect, it } from 'vitest';
import { isComplete, missingIdentifiers, normalizeExpectedIdentifiers } from './composition';
import type { MemberState } from './model';
import { LabelRuleError } from './rule-error';

const m = (tagType: MemberState['tagType'], archivedAt: string | null = null): MemberState => ({
  tagId: `${tagType}-${Math.random()}`,
  tagType,
  value: tagType === 'SVC' ? null : 'x',
  fingerprintId: tagType === 'SVC' ? 'fp' : null,
  archivedAt,
  identifiable: false,
});

describe('expected composition (spec: Resources, Reel)', () => {
  it('defaults to one TEXT, one SVC, one QR', () => {
    expect(normalizeExpectedIdentifiers(undefined)).toEqual([
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ]);
  });

  it('drops types with count 0 (not expected)', () => {
    expect(
      normalizeExpectedIdentifiers([
        { tagType: 'TEXT', count: 2 },
        { tagType: 'SVC', count: 0 },
      ]),
    ).toEqual([{ tagType: 'TEXT', count: 2 }]);
  });

  it('refuses a type named twice', () => {
    const run = () =>
      normalizeExpectedIdentifiers([
        { tagType: 'QR', count: 1 },
        { tagType: 'QR', count: 2 },
      ]);
    expect(run).toThrow(LabelRuleError);
    expect(run).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', detail: expect.objectContaining({ reason: 'repeated_tag_type' }) }));
  });
});

describe('Label completeness (spec: Label, `complete`)', () => {
  const expected = [
    { tagType: 'TEXT' as const, count: 1 },
    { tagType: 'SVC' as const, count: 1 },
    { tagType: 'QR' as const, count: 2 },
  ];

  it('is complete with at least the expected count of active identifiers per type', () => {
    expect(isComplete([m('TEXT'), m('SVC'), m('QR'), m('QR'), m('NFC')], expected)).toBe(true);
  });

  it('does not count archived identifiers', () => {
    expect(missingIdentifiers([m('TEXT'), m('SVC', '2026-01-01T00:00:00Z'), m('QR'), m('QR')], expected)).toEqual([{ tagType: 'SVC', count: 1 }]);
  });

  it('reports how many of each type are missing', () => {
    expect(missingIdentifiers([m('QR')], expected)).toEqual([
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ]);
  });

  it('a type with count 0 is not expected', () => {
    expect(
      isComplete(
        [m('TEXT')],
        normalizeExpectedIdentifiers([
          { tagType: 'TEXT', count: 1 },
          { tagType: 'SVC', count: 0 },
        ]),
      ),
    ).toBe(true);
  });
});
