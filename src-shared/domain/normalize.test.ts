import { describe, expect, it } from 'vitest';
import { checkScannedText, decodeUtf8 } from './normalize';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('decodeUtf8', () => {
  it('decodes ASCII, multi-byte and 4-byte sequences', () => {
    expect(decodeUtf8(new Uint8Array([...'Grüße €😀'].flatMap((c) => [...new TextEncoder().encode(c)])))).toEqual({ ok: true, value: 'Grüße €😀' });
  });

  it.each([
    ['a lone continuation byte', bytes(0x41, 0x80)],
    ['a truncated sequence', bytes(0x41, 0xe2, 0x82)],
    ['an overlong encoding', bytes(0xc0, 0xaf)],
    ['a surrogate', bytes(0xed, 0xa0, 0x80)],
    ['0xFF', bytes(0xff)],
  ])('refuses %s', (_name, input) => {
    const result = decodeUtf8(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe('INVALID_UTF8');
  });
});

describe('checkScannedText', () => {
  it('keeps GS, RS and EOT (GS1 and ISO/IEC 15434 data)', () => {
    expect(checkScannedText('[)>\u001e06\u001d1PABC\u001e\u0004')).toEqual({ ok: true, value: '[)>\u001e06\u001d1PABC\u001e\u0004' });
  });
  it('refuses empty, too long and control characters with a code', () => {
    expect(checkScannedText('')).toMatchObject({ ok: false, code: 'EMPTY' });
    expect(checkScannedText('x'.repeat(10_000))).toMatchObject({ ok: false, code: 'TOO_LONG' });
    expect(checkScannedText('AB\u0007C')).toMatchObject({ ok: false, code: 'CONTROL_CHARACTERS' });
    expect(checkScannedText('AB\u0085C')).toMatchObject({ ok: false, code: 'CONTROL_CHARACTERS' });
  });
});
