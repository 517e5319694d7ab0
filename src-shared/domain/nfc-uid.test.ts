import { describe, expect, it } from 'vitest';
import { normalizeNfcUid } from './nfc-uid';

// One rule for NFC UIDs, whichever way they arrive (reader, CLI, bench, print data).

const reason = (input: string) => {
  const r = normalizeNfcUid(input);
  return r.ok ? null : r.reason;
};

describe('normalizeNfcUid', () => {
  it('gives uppercase hex without separators', () => {
    expect(normalizeNfcUid('04:a2:3b:1c:5d:80:00')).toEqual({ ok: true, value: '04A23B1C5D8000' });
    expect(normalizeNfcUid('04:a1:B2 c3')).toEqual({ ok: true, value: '04A1B2C3' });
    expect(normalizeNfcUid(' de-ad-be-ef ')).toEqual({ ok: true, value: 'DEADBEEF' });
  });

  it('accepts 4 to 10 bytes: ISO/IEC 14443 single, double and triple size, 8-byte ISO 15693 / FeliCa ids', () => {
    for (const bytes of [4, 7, 8, 10]) expect(normalizeNfcUid('A5'.repeat(bytes))).toEqual({ ok: true, value: 'A5'.repeat(bytes) });
  });

  it('refuses anything else with INVALID_UID, naming the input, what is wrong and what to do', () => {
    expect(normalizeNfcUid('04A1B2')).toMatchObject({ ok: false, code: 'INVALID_UID' });
    expect(reason('04:A1:B2')).toBe(
      'NFC "04:A1:B2" is not a hex UID: 3 bytes are too short; a UID is 4 to 10 bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.',
    );
    expect(reason('04'.repeat(11))).toContain('11 bytes are too long');
    expect(reason('04a1b')).toContain('5 hex digits are not whole bytes');
    expect(reason('zz112233')).toContain('"z" is not a hex digit');
    expect(reason(' : ')).toContain('it is empty');
    expect(reason('x'.repeat(100))).toContain(`"${'x'.repeat(40)}…"`);
  });
});
