import { describe, expect, it } from 'vitest';
import { mismatchesAgainstPrintData, unexpectedTagTypes } from './label';

describe('Label rules', () => {
  it('flags read values that differ from the print data; TEXT ignores case', () => {
    const mismatches = mismatchesAgainstPrintData(
      [
        { tagType: 'TEXT', value: 'abc-1' },
        { tagType: 'QR', value: 'q-2' },
        { tagType: 'NFC', value: '04AA' },
      ],
      { TEXT: 'ABC-1', QR: 'q-1' },
    );
    expect(mismatches).toEqual([{ tagType: 'QR', expected: 'q-1', actual: 'q-2' }]);
  });
  it('names the types the composition does not expect', () => {
    const composition = [
      { tagType: 'TEXT' as const, count: 1 },
      { tagType: 'SVC' as const, count: 1 },
      { tagType: 'QR' as const, count: 0 },
    ];
    expect(unexpectedTagTypes([{ tagType: 'TEXT' }, { tagType: 'QR' }, { tagType: 'NFC' }], composition)).toEqual(['QR', 'NFC']);
  });
});
