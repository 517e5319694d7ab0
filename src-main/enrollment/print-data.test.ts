import { describe, expect, it } from 'vitest';
import { describeBadRows, parsePrintData } from './print-data';

describe('print data CSV', () => {
  it('reads rows with their values per tagType, NFC as uppercase hex', () => {
    const r = parsePrintData('position,text,qr,nfc\n1,A-1,q1,04:a1:b2\n2,A-2,,\n');
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 2, position: 1, values: { TEXT: 'A-1', QR: 'q1', NFC: '04A1B2' }, svcPath: null },
        { line: 3, position: 2, values: { TEXT: 'A-2' }, svcPath: null },
      ],
    });
  });
  it('names every bad row and its problem', () => {
    const r = parsePrintData('position,text,nfc\n1,A,\nx,B,\n1,C,\n4,,\n5,E,zz9\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.badRows.map((b) => b.line)).toEqual([3, 4, 5, 6]);
    const text = describeBadRows(r);
    expect(text).toContain('line 3 (position x): position "x" is not a whole number');
    expect(text).toContain('position 1 is also on line 2');
    expect(text).toContain('no value at all');
    expect(text).toContain('nfc "zz9" is not a hex UID');
  });
  it('refuses unknown columns and a missing position column', () => {
    const r = parsePrintData('pos,text,colour\n1,A,red\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fileProblems.join(' ')).toMatch(/unknown column.*"pos".*"colour"[\s\S]*no "position" column/);
  });
  it('refuses an empty file', () => {
    const r = parsePrintData('position,text\n');
    expect(r.ok).toBe(false);
  });
});
