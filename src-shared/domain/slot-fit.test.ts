import { describe, expect, it } from 'vitest';
import { identifierMapKey } from './identifier-values';
import { fitRead, typeByShape, type FitSlot } from './slot-fit';

// The issue-17 Reel: TEXT `CHX-0000017` and QR `https://wine.example/p/CHX-0000017` at each position, scanned by a
// keyboard wedge (no symbology: the supervisor reports BAR_CODE with basis `fallback`).
const text = (p: number) => `CHX-${String(p).padStart(7, '0')}`;
const url = (p: number) => `https://wine.example/p/${text(p)}`;
const printedAt = new Map<string, number>();
for (let p = 1; p <= 60; p += 1) {
  printedAt.set(identifierMapKey('TEXT', text(p)), p);
  printedAt.set(identifierMapKey('QR', url(p)), p);
}
const slots = (filled: Partial<Record<'QR' | 'TEXT', boolean>> = {}): FitSlot[] => [
  { tagType: 'QR', filled: filled.QR ?? false },
  { tagType: 'TEXT', filled: filled.TEXT ?? false },
];
const wedge = (value: string) => ({ tagType: 'BAR_CODE' as const, value, basis: 'fallback' as const });
const at = (position: number) => ({ position, expected: { TEXT: text(position), QR: url(position) }, printedAt });

describe('fitting reads to slots', () => {
  it('with print data, a wedge read goes to the slot whose printed value it is, in either order', () => {
    expect(fitRead(slots(), wedge(text(17)), at(17))).toEqual({ kind: 'printed', slot: 1, tagType: 'TEXT' });
    expect(fitRead(slots({ TEXT: true }), wedge(url(17)), at(17))).toEqual({ kind: 'printed', slot: 0, tagType: 'QR' });
    expect(fitRead(slots(), wedge(url(17)), at(17))).toEqual({ kind: 'printed', slot: 0, tagType: 'QR' });
    expect(fitRead(slots({ QR: true }), wedge(text(17).toLowerCase()), at(17))).toEqual({ kind: 'printed', slot: 1, tagType: 'TEXT' });
  });

  it('print data wins over the type the device reported', () => {
    expect(fitRead(slots(), { tagType: 'QR', value: text(3), basis: 'device' }, at(3))).toEqual({ kind: 'printed', slot: 1, tagType: 'TEXT' });
  });

  it("another position's value is a misorder under the type it was printed as", () => {
    expect(fitRead(slots(), wedge(text(18)), at(17))).toEqual({ kind: 'elsewhere', slot: 1, tagType: 'TEXT', belongsTo: 18 });
    expect(fitRead(slots({ QR: true }), wedge(url(5)), at(4))).toEqual({ kind: 'elsewhere', slot: -1, tagType: 'QR', belongsTo: 5 });
  });

  it('a misprint only for a value on no position of the print data, named after the slot its shape takes', () => {
    expect(fitRead(slots(), wedge('CHX-9999999'), at(17))).toEqual({ kind: 'misprint', tagType: 'TEXT', expected: text(17) });
    expect(fitRead(slots(), wedge('https://other.example/x'), at(17))).toEqual({ kind: 'misprint', tagType: 'QR', expected: url(17) });
    expect(fitRead(slots(), { tagType: 'QR', value: 'Q-9', basis: 'symbology' }, { position: 3, expected: { QR: 'Q-3' } })).toEqual({
      kind: 'misprint',
      tagType: 'QR',
      expected: 'Q-3',
    });
  });

  it('a slot without print data takes a read by its reported type or its shape', () => {
    const partly = { position: 2, expected: { TEXT: 'T-2' }, printedAt: new Map([[identifierMapKey('TEXT', 'T-2'), 2]]) };
    expect(fitRead(slots(), wedge('https://x.example/q'), partly)).toEqual({ kind: 'typed', slot: 0, tagType: 'QR', by: 'shape' });
    expect(fitRead(slots(), { tagType: 'QR', value: 'ANY', basis: 'symbology' }, partly)).toEqual({ kind: 'typed', slot: 0, tagType: 'QR', by: 'reported' });
  });

  it('without print data: the reported type, else a URL is a QR and the rest is the printed TEXT', () => {
    const none = { position: 1, expected: null };
    expect(fitRead(slots(), wedge('CHX-0000017'), none)).toEqual({ kind: 'typed', slot: 1, tagType: 'TEXT', by: 'shape' });
    expect(fitRead(slots(), wedge(url(1)), none)).toEqual({ kind: 'typed', slot: 0, tagType: 'QR', by: 'shape' });
    expect(fitRead(slots({ TEXT: true }), wedge('PLAIN-QR'), none)).toEqual({ kind: 'typed', slot: 0, tagType: 'QR', by: 'onlySlot' });
    expect(fitRead(slots(), { tagType: 'QR', value: ']no-url', basis: 'symbology' }, none)).toEqual({ kind: 'typed', slot: 0, tagType: 'QR', by: 'reported' });
  });

  it('fits no slot, and says why: full, not expected, or cannot be told', () => {
    const none = { position: 1, expected: null };
    expect(fitRead(slots({ QR: true }), { tagType: 'QR', value: 'Q2', basis: 'symbology' }, none)).toMatchObject({ kind: 'none', reason: 'slotFull' });
    expect(fitRead(slots(), { tagType: 'NFC', value: '04AB', basis: 'device' }, none)).toMatchObject({ kind: 'none', reason: 'unexpectedType' });
    const textAndBarcode: FitSlot[] = [
      { tagType: 'TEXT', filled: false },
      { tagType: 'BAR_CODE', filled: false },
    ];
    expect(fitRead(textAndBarcode, { tagType: 'BAR_CODE', value: '12345', basis: 'fallback' }, none)).toMatchObject({ kind: 'none', reason: 'ambiguous' });
  });

  it('shape rules', () => {
    expect(typeByShape('https://a.example/01/09506000134352/21/7', ['TEXT', 'QR'])).toEqual({ tagType: 'QR', by: 'shape' });
    expect(typeByShape('https://a.example/x', ['TEXT', 'DATA_MATRIX'])).toEqual({ tagType: 'DATA_MATRIX', by: 'shape' });
    expect(typeByShape('0109506000134352\u001d21ABC', ['TEXT', 'DATA_MATRIX'])).toEqual({ tagType: 'DATA_MATRIX', by: 'shape' });
    expect(typeByShape('SER-1', ['TEXT', 'QR'])).toEqual({ tagType: 'TEXT', by: 'shape' });
    expect(typeByShape('SER-1', ['QR', 'DATA_MATRIX'])).toBeUndefined();
  });
});
