import { describe, expect, it } from 'vitest';
import { LABEL_STOCKS, MIN_MODULE_MM, TYPICAL_CODE_WIDTHS, labelLayout, parseLabelStock, sheetLayout, type Box } from './layout';

const inside = (inner: Box, outer: { width: number; height: number }) =>
  inner.x >= 0 && inner.y >= 0 && inner.x + inner.width <= outer.width + 1e-9 && inner.y + inner.height <= outer.height + 1e-9;
const EPS = 1e-9;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;

describe('label stocks and sheets', () => {
  it('the named stocks fill their sheets as die-cut: 50x30 4 × 9 on A4, 70x37 3 × 8 on A4, 2x1in 4 × 10 on Letter', () => {
    expect(Object.keys(LABEL_STOCKS)).toEqual(['50x30', '70x37', '2x1in']);
    for (const [stock, columns, rows, sheet] of [
      ['50x30', 4, 9, 'A4'],
      ['70x37', 3, 8, 'A4'],
      ['2x1in', 4, 10, 'Letter'],
    ] as const) {
      const layout = sheetLayout({ stock });
      expect([layout.columns, layout.rows, layout.sheet.name]).toEqual([columns, rows, sheet]);
      const cells = Array.from({ length: layout.perPage }, (_, i) => layout.cellAt(i));
      expect(cells.every((c) => inside(c, { width: layout.sheet.widthMm, height: layout.sheet.heightMm }))).toBe(true);
      expect(cells.some((a, i) => cells.some((b, j) => i !== j && overlap(a, b)))).toBe(false);
    }
    expect(sheetLayout({ stock: '70x37' }).cellAt(4)).toEqual({ x: 70, y: 37.5, width: 70, height: 37 });
    expect(sheetLayout({ stock: '70x37' }).cellAt(24)).toEqual(sheetLayout({ stock: '70x37' }).cellAt(0));
  });

  it('custom WxH stocks in mm, with margins and gutters', () => {
    expect(parseLabelStock('62x29')).toMatchObject({ widthMm: 62, heightMm: 29, sheet: 'A4' });
    expect(parseLabelStock('57.5 × 32 mm')).toMatchObject({ widthMm: 57.5, heightMm: 32 });
    const layout = sheetLayout({ stock: '62x29', sheet: 'Letter', marginMm: 8, gutterMm: { x: 3, y: 2 } });
    expect([layout.columns, layout.rows]).toEqual([3, 8]);
    expect(layout.cellAt(4)).toEqual({ x: 8 + 62 + 3, y: 8 + 29 + 2, width: 62, height: 29 });
    expect(() => parseLabelStock('5x5')).toThrow(/nor a size WxH in millimetres from 10 to 300 each/);
    expect(() => sheetLayout({ stock: '62x29', marginMm: -1 })).toThrow(/Margins and gutters are millimetres of 0 or more/);
  });
});

describe('inside a label', () => {
  it('keeps every part inside the label and apart', () => {
    for (const [w, h] of [
      [50, 30],
      [70, 37],
      [50.8, 25.4],
      [100, 150],
      [30, 80],
    ] as const) {
      for (const codes of [
        { qr: true, dataMatrix: true, barCode: true },
        { qr: true, dataMatrix: false, barCode: true },
        { qr: true, dataMatrix: false, barCode: false },
      ]) {
        const layout = labelLayout(w, h, codes);
        const boxes = Object.values(layout) as Box[];
        expect(boxes.every((b) => inside(b, { width: w, height: h }) && b.width > 0 && b.height > 0)).toBe(true);
        expect(boxes.some((a, i) => boxes.some((b, j) => i !== j && overlap(a, b)))).toBe(false);
        expect(Boolean(layout.dataMatrix)).toBe(codes.dataMatrix);
        expect(Boolean(layout.barCode)).toBe(codes.barCode);
      }
    }
  });

  it('puts the bar code beside the 2D codes when that gives the smallest module more room', () => {
    const wide = labelLayout(62, 29, { qr: true, dataMatrix: false, barCode: true }, { ...TYPICAL_CODE_WIDTHS, qr: 37, barCode: 90 });
    expect(wide.barCode?.y).toBe(wide.qr?.y);
    expect((wide.barCode as Box).x).toBeGreaterThan((wide.qr as Box).x + (wide.qr as Box).width);
    const stacked = labelLayout(70, 37, { qr: true, dataMatrix: true, barCode: true });
    expect((stacked.barCode as Box).y).toBeGreaterThan((stacked.qr as Box).y + (stacked.qr as Box).height);
    // Either way the typical codes keep modules of at least MIN_MODULE_MM on a 70x37 label.
    expect((stacked.qr as Box).width / TYPICAL_CODE_WIDTHS.qr).toBeGreaterThanOrEqual(MIN_MODULE_MM);
    expect((stacked.barCode as Box).width / TYPICAL_CODE_WIDTHS.barCode).toBeGreaterThanOrEqual(MIN_MODULE_MM);
  });
});
