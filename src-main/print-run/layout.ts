// Where labels and their parts go, in millimetres, for the proof PDF (sheets of labels) and the ZPL
// export (one label per roll position):
//
//   parseLabelStock('70x37' | '2x1in' | '62x29')  → a label stock: cell size, its sheet, margins, gutters
//   sheetLayout({ stock, sheet?, marginMm?, gutterMm? }) → columns × rows per sheet and each cell's box
//   labelLayout(widthMm, heightMm, codes)         → the boxes inside one label: position, codes, TEXT
//
// A label carries, top to bottom: its position (small), its 2D codes (QR, Data Matrix) side by side as
// squares, its Code 128 bar code, and its TEXT. Each code's box includes its quiet zone; the exports
// size the code to its box and refuse a module under MIN_MODULE_MM.

import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';

export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;

/** The smallest module (QR/Data Matrix cell, narrowest bar) the exports print: finer is unreliable to scan. */
export const MIN_MODULE_MM = 0.25;

/** Quiet zone around each symbology, in modules (ISO/IEC 18004, 16022, 15417). */
export const QUIET_ZONE_MODULES = { qr: 4, dataMatrix: 1, barCode: 10 } as const;

export type SheetName = 'A4' | 'Letter';
export const SHEETS: Record<SheetName, { widthMm: number; heightMm: number }> = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
};

export interface XY {
  x: number;
  y: number;
}

export interface LabelStock {
  name: string;
  widthMm: number;
  heightMm: number;
  /** The sheet this stock comes on (proof PDF). */
  sheet: SheetName;
  /** Sheet edge to the first label, each side. */
  marginMm: XY;
  /** Between neighbouring labels. */
  gutterMm: XY;
}

/** Named stocks: common sheet labels, laid out edge to edge as they are die-cut. */
export const LABEL_STOCKS: Record<string, LabelStock> = {
  // A4, 4 × 9.
  '50x30': { name: '50x30', widthMm: 50, heightMm: 30, sheet: 'A4', marginMm: { x: 5, y: 13.5 }, gutterMm: { x: 0, y: 0 } },
  // A4, 3 × 8.
  '70x37': { name: '70x37', widthMm: 70, heightMm: 37, sheet: 'A4', marginMm: { x: 0, y: 0.5 }, gutterMm: { x: 0, y: 0 } },
  // Letter, 2" × 1", 4 × 10.
  '2x1in': { name: '2x1in', widthMm: 50.8, heightMm: 25.4, sheet: 'Letter', marginMm: { x: 6.35, y: 12.7 }, gutterMm: { x: 0, y: 0 } },
};

const CUSTOM_MARGIN_MM = 10;
const CUSTOM_GUTTER_MM = 2;

function invalid(message: string): StationError {
  return new StationError({ code: StationErrorCode.invalidInput, message });
}

/** A named stock (LABEL_STOCKS) or `WxH` in millimetres (e.g. `62x29`, `57.5x32`) on A4 with 10 mm margins and 2 mm gutters. */
export function parseLabelStock(name: string): LabelStock {
  const named = LABEL_STOCKS[name.trim()];
  if (named) return named;
  const match = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$/i.exec(name);
  const widthMm = Number(match?.[1]);
  const heightMm = Number(match?.[2]);
  if (!match || !(widthMm >= 10 && heightMm >= 10 && widthMm <= 300 && heightMm <= 300)) {
    throw invalid(
      `Label stock "${name}" is neither a named stock (${Object.keys(LABEL_STOCKS).join(', ')}) nor a size WxH in millimetres from 10 to 300 each (e.g. 62x29): use one of those.`,
    );
  }
  return {
    name: `${widthMm}x${heightMm}`,
    widthMm,
    heightMm,
    sheet: 'A4',
    marginMm: { x: CUSTOM_MARGIN_MM, y: CUSTOM_MARGIN_MM },
    gutterMm: { x: CUSTOM_GUTTER_MM, y: CUSTOM_GUTTER_MM },
  };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetOptions {
  /** A LabelStock or its name for parseLabelStock. */
  stock: LabelStock | string;
  /** The stock's own sheet unless given; `label`: a page the size of one label (a label printer's roll, docs/printing.md). */
  sheet?: SheetName | 'label';
  /** Sheet edge to the first label (the stock's unless given): one figure for both, or x and y. */
  marginMm?: number | XY;
  gutterMm?: number | XY;
}

export interface SheetLayout {
  stock: LabelStock;
  sheet: { name: SheetName | 'label'; widthMm: number; heightMm: number };
  columns: number;
  rows: number;
  perPage: number;
  /** The cell of the `index`-th label on a page, row by row from the top left, in mm from the top left. */
  cellAt(index: number): Box;
}

function xy(value: number | XY | undefined, fallback: XY): XY {
  if (value === undefined) return fallback;
  return typeof value === 'number' ? { x: value, y: value } : value;
}

/** How many cells of `stock` fit on the sheet, and where each one is. */
export function sheetLayout(options: SheetOptions): SheetLayout {
  const stock = typeof options.stock === 'string' ? parseLabelStock(options.stock) : options.stock;
  const name = options.sheet ?? stock.sheet;
  const sheet = name === 'label' ? { name, widthMm: stock.widthMm, heightMm: stock.heightMm } : { name, ...SHEETS[name] };
  const margin = xy(options.marginMm, stock.marginMm);
  const gutter = xy(options.gutterMm, stock.gutterMm);
  if (![margin.x, margin.y, gutter.x, gutter.y].every((v) => Number.isFinite(v) && v >= 0)) {
    throw invalid(
      `Margins and gutters are millimetres of 0 or more (got margin ${margin.x} × ${margin.y}, gutter ${gutter.x} × ${gutter.y}): use such figures.`,
    );
  }
  // A hair of tolerance: a stock laid edge to edge (3 × 70 mm on A4) fits exactly.
  const fit = (span: number, cell: number, gap: number) => Math.floor((span + gap + 1e-6) / (cell + gap));
  const columns = fit(sheet.widthMm - 2 * margin.x, stock.widthMm, gutter.x);
  const rows = fit(sheet.heightMm - 2 * margin.y, stock.heightMm, gutter.y);
  if (columns < 1 || rows < 1) {
    throw invalid(
      `Label stock ${stock.name} (${stock.widthMm} × ${stock.heightMm} mm) does not fit on ${name} (${sheet.widthMm} × ${sheet.heightMm} mm) with ${margin.x} × ${margin.y} mm margins: use a smaller stock, another sheet or smaller margins.`,
    );
  }
  return {
    stock,
    sheet,
    columns,
    rows,
    perPage: columns * rows,
    cellAt(index) {
      const column = index % columns;
      const row = Math.floor(index / columns) % rows;
      return {
        x: margin.x + column * (stock.widthMm + gutter.x),
        y: margin.y + row * (stock.heightMm + gutter.y),
        width: stock.widthMm,
        height: stock.heightMm,
      };
    },
  };
}

export interface CodesOnLabel {
  qr: boolean;
  dataMatrix: boolean;
  barCode: boolean;
}

/** Each code's width in modules, quiet zones included: what the layout weighs to give codes room. */
export type CodeWidths = Record<keyof CodesOnLabel, number>;

/** Typical widths when the codes are not known yet: a version 4 QR, a 16 × 16 Data Matrix, a 12-character Code 128. */
export const TYPICAL_CODE_WIDTHS: CodeWidths = {
  qr: 33 + 2 * QUIET_ZONE_MODULES.qr,
  dataMatrix: 16 + 2 * QUIET_ZONE_MODULES.dataMatrix,
  barCode: 167 + 2 * QUIET_ZONE_MODULES.barCode,
};

export interface LabelLayout {
  /** The small position number, top left. */
  position: Box;
  /** TEXT, bottom. */
  text: Box;
  /** Square boxes, quiet zone included. */
  qr?: Box;
  dataMatrix?: Box;
  /** Bar code box, quiet zones included. */
  barCode?: Box;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type CodeBoxes = Pick<LabelLayout, 'qr' | 'dataMatrix' | 'barCode'>;

/** Squares left to right from the area's top left, as large as the area allows. */
function squaresIn(area: Box, squares: readonly ('qr' | 'dataMatrix')[], gap: number): CodeBoxes {
  const side = Math.min(area.height, (area.width - gap * (squares.length - 1)) / squares.length);
  const boxes: CodeBoxes = {};
  squares.forEach((code, i) => (boxes[code] = { x: area.x + i * (side + gap), y: area.y, width: side, height: side }));
  return boxes;
}

/** The smallest module the boxes give their codes. */
function smallestModule(boxes: CodeBoxes, widths: CodeWidths): number {
  return Math.min(...(['qr', 'dataMatrix', 'barCode'] as const).flatMap((code) => (boxes[code] ? [(boxes[code] as Box).width / widths[code]] : [])));
}

/**
 * The boxes inside one label of `widthMm` × `heightMm`, relative to its top left corner. With a bar
 * code and 2D codes, the arrangement (2D codes above the bar code, or beside it) is the one that
 * gives the smallest module the most room, given each code's width in modules.
 */
export function labelLayout(widthMm: number, heightMm: number, codes: CodesOnLabel, widths: CodeWidths = TYPICAL_CODE_WIDTHS): LabelLayout {
  const pad = clamp(0.06 * Math.min(widthMm, heightMm), 1, 3);
  const inner: Box = { x: pad, y: pad, width: widthMm - 2 * pad, height: heightMm - 2 * pad };
  const gap = clamp(inner.height * 0.04, 0.5, 1.5);
  const positionHeight = clamp(inner.height * 0.09, 1.6, 3);
  const textHeight = clamp(inner.height * 0.16, 2.2, 5);
  const base = {
    position: { x: inner.x, y: inner.y, width: inner.width, height: positionHeight },
    text: { x: inner.x, y: inner.y + inner.height - textHeight, width: inner.width, height: textHeight },
  };
  const middle: Box = { x: inner.x, y: inner.y + positionHeight + gap, width: inner.width, height: inner.height - positionHeight - textHeight - 2 * gap };
  const squares = (['qr', 'dataMatrix'] as const).filter((c) => codes[c]);
  if (!codes.barCode) return { ...base, ...(squares.length ? squaresIn(middle, squares, gap) : {}) };
  if (!squares.length) return { ...base, barCode: middle };

  // Above: the 2D codes over a bar code strip a third of the height.
  const barHeight = middle.height * 0.34;
  const above: CodeBoxes = {
    ...squaresIn({ ...middle, height: middle.height - barHeight - gap }, squares, gap),
    barCode: { x: middle.x, y: middle.y + middle.height - barHeight, width: middle.width, height: barHeight },
  };
  // Beside: the 2D codes at full height on the left, the bar code in the width left over.
  const side = Math.min(middle.height, (middle.width / 2 - gap * squares.length) / squares.length);
  const squaresWidth = squares.length * side + (squares.length - 1) * gap;
  const beside: CodeBoxes = {
    ...squaresIn({ ...middle, width: squaresWidth }, squares, gap),
    barCode: { x: middle.x + squaresWidth + gap, y: middle.y, width: middle.width - squaresWidth - gap, height: middle.height },
  };
  return { ...base, ...(smallestModule(beside, widths) > smallestModule(above, widths) ? beside : above) };
}
