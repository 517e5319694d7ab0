import { describe, expect, it } from 'vitest';
import { TAG_TYPES } from '../api/common';
import { identifierKey, identifierMapKey, identifierValuesMatch } from './identifier-values';

// spec: Resources, Identifier (tag) — "Matching: TEXT is case-insensitive, all other types match byte for byte."

describe('identifier values', () => {
  it('TEXT matches without regard to case', () => {
    expect(identifierValuesMatch('TEXT', 'ab-01', 'AB-01')).toBe(true);
    expect(identifierValuesMatch('TEXT', 'Straße', 'STRASSE'.toLowerCase())).toBe(false);
    expect(identifierKey('TEXT', 'L-000042-Ab')).toBe('l-000042-ab');
  });

  it('every other type matches byte for byte', () => {
    for (const tagType of TAG_TYPES.filter((t) => t !== 'TEXT')) {
      expect(identifierValuesMatch(tagType, 'ab-01', 'AB-01')).toBe(false);
      expect(identifierValuesMatch(tagType, 'AB-01', 'AB-01')).toBe(true);
      expect(identifierKey(tagType, 'Ab-01 ')).toBe('Ab-01 ');
    }
  });

  it('keys of several types never collide across types', () => {
    expect(identifierMapKey('TEXT', 'AB')).toBe(identifierMapKey('TEXT', 'ab'));
    expect(identifierMapKey('QR', 'AB')).not.toBe(identifierMapKey('QR', 'ab'));
    expect(identifierMapKey('QR', 'ab')).not.toBe(identifierMapKey('TEXT', 'ab'));
  });
});
