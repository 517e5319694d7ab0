import { describe, expect, it } from 'vitest';
import { scannerTagType, splitAimPrefix } from './symbology';

describe('AIM symbology identifiers', () => {
  it.each([
    [']Q1https://x.org/a', 'QR', 'https://x.org/a'],
    [']d2\u001d0104012345012345', 'DATA_MATRIX', '\u001d0104012345012345'],
    [']C0REEL-1', 'BAR_CODE', 'REEL-1'],
    [']E04006381333931', 'BAR_CODE', '4006381333931'],
    [']A0CODE39', 'BAR_CODE', 'CODE39'],
    [']I012345678', 'BAR_CODE', '12345678'],
    [']e001012345', 'BAR_CODE', '01012345'],
  ])('%s → %s', (text, tagType, value) => {
    const split = splitAimPrefix(text);
    expect(split.tagType).toBe(tagType);
    expect(split.value).toBe(value);
    expect(split.symbology).toBe(text.slice(0, 3));
  });

  it('leaves a read without identifier whole', () => {
    expect(splitAimPrefix('ABC-123')).toEqual({ symbology: undefined, tagType: undefined, value: 'ABC-123' });
    expect(splitAimPrefix(']')).toEqual({ symbology: undefined, tagType: undefined, value: ']' });
  });

  it('strips an identifier of a symbology without tagType but names no type (PDF417)', () => {
    expect(splitAimPrefix(']L2DATA')).toEqual({ symbology: ']L2', tagType: undefined, value: 'DATA' });
  });

  it('types a read by symbology, then the device slot, then the fallback', () => {
    expect(scannerTagType(splitAimPrefix(']Q1A'), 'BAR_CODE')).toEqual({ tagType: 'QR', basis: 'symbology' });
    expect(scannerTagType(splitAimPrefix('A'), 'DATA_MATRIX')).toEqual({ tagType: 'DATA_MATRIX', basis: 'device' });
    expect(scannerTagType(splitAimPrefix('A'), 'TEXT')).toEqual({ tagType: 'TEXT', basis: 'device' });
    expect(scannerTagType(splitAimPrefix('A'), 'NFC')).toEqual({ tagType: 'BAR_CODE', basis: 'fallback' });
    expect(scannerTagType(splitAimPrefix('A'), null)).toEqual({ tagType: 'BAR_CODE', basis: 'fallback' });
  });
});
