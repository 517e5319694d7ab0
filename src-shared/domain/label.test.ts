import { describe, expect, it } from 'vitest';
import { unexpectedTagTypes } from './label';

describe('Label rules', () => {
  it('names the types the composition does not expect', () => {
    const composition = [
      { tagType: 'TEXT' as const, count: 1 },
      { tagType: 'SVC' as const, count: 1 },
      { tagType: 'QR' as const, count: 0 },
    ];
    expect(unexpectedTagTypes([{ tagType: 'TEXT' }, { tagType: 'QR' }, { tagType: 'NFC' }], composition)).toEqual(['QR', 'NFC']);
  });
});
