import { describe, expect, it } from 'vitest';
import { againstPrintData, collisionOffer, collisionVerdict } from './collision';

describe('a collision settled by what was printed', () => {
  const printed = { TEXT: 'W4711-000016', QR: 'https://ex.test/W4711-000016' };

  it('compares a Label with the print data of its position: match, mismatch (naming the value), or unchecked', () => {
    expect(againstPrintData([{ tagType: 'TEXT', value: 'w4711-000016' }], printed)).toEqual({ check: 'match', mismatches: [] });
    expect(againstPrintData([{ tagType: 'TEXT', value: 'B-OWN-0016' }], printed)).toEqual({
      check: 'mismatch',
      mismatches: [{ tagType: 'TEXT', expected: 'W4711-000016', actual: 'B-OWN-0016' }],
    });
    // One right value does not make a Label right when another is wrong.
    expect(
      againstPrintData(
        [
          { tagType: 'TEXT', value: 'W4711-000016' },
          { tagType: 'QR', value: 'https://ex.test/W4711-000015' },
        ],
        printed,
      ).check,
    ).toBe('mismatch');
    expect(againstPrintData([{ tagType: 'TEXT', value: 'W4711-000016' }], null).check).toBe('unchecked');
    // Only values of types the print data does not name (or an image): nothing to compare.
    expect(
      againstPrintData(
        [
          { tagType: 'NFC', value: '04A1B2' },
          { tagType: 'SVC', captureSha256: 'ab' },
        ],
        printed,
      ).check,
    ).toBe('unchecked');
  });

  it('says which Label belongs there and offers what fits', () => {
    const cases = [
      ['match', 'mismatch', 'ours', 'archiveTheirs'],
      ['mismatch', 'match', 'theirs', 'discardOurs'],
      ['mismatch', 'mismatch', 'neither', 'discardOurs'],
      ['match', 'match', 'both', 'reposition'],
      ['unchecked', 'mismatch', 'unchecked', 'reposition'],
      ['match', 'unchecked', 'unchecked', 'reposition'],
      ['match', null, 'free', 'retry'],
    ] as const;
    for (const [ours, theirs, verdict, offer] of cases) {
      expect(collisionVerdict(ours, theirs)).toBe(verdict);
      expect(collisionOffer(verdict)).toBe(offer);
    }
  });
});
