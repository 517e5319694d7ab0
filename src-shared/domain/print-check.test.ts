import { describe, expect, it } from 'vitest';
import { checkAgainstPrintData, printChecks, printedPositions } from './print-check';

const printData = [
  { position: 15, expected: { TEXT: 'W-000015', QR: 'https://ex.test/W-000015' } },
  { position: 25, expected: { TEXT: 'W-000025', QR: 'https://ex.test/W-000025' } },
  { position: 30, expected: null },
];
const printedAt = printedPositions(printData);

describe('the print-data check', () => {
  it('names a value printed for another position as a misorder, with that position (TEXT ignores case, under any type)', () => {
    const check = checkAgainstPrintData(
      [
        { tagType: 'TEXT', value: 'w-000015' },
        { tagType: 'QR', value: 'https://ex.test/W-000015' },
      ],
      25,
      { TEXT: 'W-000025', QR: 'https://ex.test/W-000025' },
      printedAt,
    );
    expect(check.result).toBe('mismatch');
    expect(check.findings).toEqual([
      { kind: 'misorder', tagType: 'TEXT', value: 'w-000015', printedFor: 15 },
      { kind: 'misorder', tagType: 'QR', value: 'https://ex.test/W-000015', printedFor: 15 },
    ]);
    // A wedge scanner names no type: the TEXT printed for 15 read as a QR is still 15's.
    expect(checkAgainstPrintData([{ tagType: 'QR', value: 'W-000015' }], 30, null, printedAt).findings).toEqual([
      { kind: 'misorder', tagType: 'QR', value: 'W-000015', printedFor: 15 },
    ]);
  });

  it('names a value printed for no position as a misprint where the position has print data of its type', () => {
    const check = checkAgainstPrintData([{ tagType: 'TEXT', value: 'W-999' }], 25, { TEXT: 'W-000025' }, printedAt);
    expect(check).toEqual({ result: 'mismatch', findings: [{ kind: 'misprint', tagType: 'TEXT', value: 'W-999', expected: 'W-000025' }] });
  });

  it('matches the print data of its own position, and leaves unchecked what no print data decides', () => {
    expect(
      checkAgainstPrintData(
        [
          { tagType: 'TEXT', value: 'W-000025' },
          { tagType: 'NFC', value: '04AA' },
        ],
        25,
        printData[1]!.expected,
        printedAt,
      ).result,
    ).toBe('match');
    expect(checkAgainstPrintData([{ tagType: 'TEXT', value: 'W-999' }], 30, null, printedAt)).toEqual({ result: 'unchecked', findings: [] });
    expect(checkAgainstPrintData([{ tagType: 'SVC', captureSha256: 'ab' }], 25, printData[1]!.expected, printedAt).result).toBe('unchecked');
  });

  it("checks every Label of a Reel by the Reel's print data: without any, each is unchecked; with some, a Label without its own is checked too", () => {
    const label = (position: number, value: string, expected: { TEXT: string } | null) => ({
      position,
      state: 'enrolled',
      expected,
      identifiers: [{ tagType: 'TEXT' as const, value }],
    });
    expect(printChecks([label(1, 'W-1', null), label(2, 'W-1', null)])).toEqual([
      { result: 'unchecked', findings: [] },
      { result: 'unchecked', findings: [] },
    ]);
    // Position 2 holds no print data of its own, but its value is position 1's: a misorder.
    expect(printChecks([label(1, 'W-1', { TEXT: 'W-1' }), label(2, 'W-1', null)])).toEqual([
      { result: 'match', findings: [] },
      { result: 'mismatch', findings: [{ kind: 'misorder', tagType: 'TEXT', value: 'W-1', printedFor: 1 }] },
    ]);
  });
});
