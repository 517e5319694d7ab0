// Print run → print-ready proof PDF: sheets of labels, one label per cell, each with its position
// (small), its codes and its TEXT, for the print shop to check (and print on sheet stock).
//
//   writeProofPdf(rows, path, { stock, sheet?, marginMm?, gutterMm?, codes?, outline?, header? }) → { labels, pages }
//
// With a header (the station's exports always give one), every page says the Reel, the run and the day at its head
// and "page N of M" at its foot, in bands of HEADER_BAND_MM: a stock laid nearly edge to edge (70x37) loses a row.
//
// Streams the PDF (pdfkit) to a file, page by page; a page is written out as the next one starts, so
// 1,000+ labels never sit in memory. Codes are encoded by bwip-js (its module matrix, `raw()`) and drawn as vector
// rectangles at a size that keeps every module at MIN_MODULE_MM or more (quiet zones inside the code's box, layout.ts);
// text is in Helvetica, a PDF standard font, so no font file is needed.

import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { writeFileWhole } from '../runtime/write-whole';
import type { PrintRunRow } from './generate';
import {
  MIN_MODULE_MM,
  PT_PER_MM,
  QUIET_ZONE_MODULES,
  TYPICAL_CODE_WIDTHS,
  labelLayout,
  sheetLayout,
  type Box,
  type CodesOnLabel,
  type SheetOptions,
} from './layout';

/** What each page of a proof says at its head and foot (docs/print-run.md, "Exports"). */
interface ProofHeader {
  /** The Reel's name. */
  reel: string;
  /** The run in words, e.g. "positions 1–60, CHX-0000001 … CHX-0000060". */
  run: string;
  /** The day the proof was made, YYYY-MM-DD. */
  date: string;
  /** How many labels the run has: the page count "page N of M" is known before the first page is streamed. */
  labels: number;
}

export interface ProofOptions extends SheetOptions {
  /** A head (Reel, run, date) and foot ("page N of M") on every page; their band keeps labels HEADER_BAND_MM off the edges. */
  header?: ProofHeader;
  /** Which codes to draw when a row has them (all by default). */
  codes?: Partial<CodesOnLabel>;
  /** Draw each cell's edge in light grey (default true). */
  outline?: boolean;
}

export interface ProofResult {
  labels: number;
  pages: number;
}

type Code = keyof CodesOnLabel;
const CODES: readonly Code[] = ['qr', 'dataMatrix', 'barCode'];

const BCID: Record<Code, string> = { qr: 'qrcode', dataMatrix: 'datamatrix', barCode: 'code128' };
const CODE_NAME: Record<Code, string> = { qr: 'QR code', dataMatrix: 'Data Matrix', barCode: 'Code 128 bar code' };
const MIN_TEXT_PT = 4;
const MAX_TEXT_PT = 12;
const FONT = 'Helvetica';
/** The head and foot bands of a proof with a header: a stock whose sheet margins are narrower gets them anyway. */
export const HEADER_BAND_MM = 7;
const HEADER_PT = 7;

/** What Helvetica (a PDF standard font, WinAnsi encoding) can show besides Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function helveticaCannotShow(text: string): string[] {
  const bad = [...text].filter((c) => {
    const code = c.codePointAt(0) as number;
    return !((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c));
  });
  return [...new Set(bad)];
}

function invalid(message: string, position: number): StationError {
  return new StationError({ code: StationErrorCode.invalidInput, message, detail: { position } });
}

/**
 * A code's modules as bwip-js encodes them (its `raw()` matrix, no image): a 2D code's dark modules, row by row, or a
 * bar code's bar and space widths. Drawn as vector rectangles, so the PDF carries no PNG to encode, decode and compress
 * for each label (docs/print-run.md, "Exports").
 */
interface EncodedCode {
  code: Code;
  value: string;
  /** Width in modules, without the quiet zone. */
  modules: number;
  /** 2D codes: height in modules and dark modules row-major (1 = dark), top row first. */
  rows?: number;
  dark?: ArrayLike<number>;
  /** Bar codes: widths in modules, bar first, then space, bar, … */
  widths?: readonly number[];
}

function encode(code: Code, value: string): EncodedCode {
  const [symbol] = bwipjs.raw({ bcid: BCID[code], text: value });
  if (symbol && 'pixs' in symbol) return { code, value, modules: symbol.pixx, rows: symbol.pixy, dark: symbol.pixs };
  const widths = symbol?.sbs ?? [];
  return { code, value, modules: widths.reduce((a, b) => a + b, 0), widths };
}

/**
 * The code's dark modules as one path, filled once: adjacent modules join into runs, and one fill of their union
 * leaves no seams between them when a printer or a reader rasterises the page.
 */
function pathOf(doc: PDFKit.PDFDocument, symbol: EncodedCode, x: number, y: number, modulePt: number, heightPt: number): void {
  if (symbol.widths) {
    let at = 0;
    symbol.widths.forEach((w, i) => {
      if (i % 2 === 0) doc.rect(x + at * modulePt, y, w * modulePt, heightPt);
      at += w;
    });
    return;
  }
  const { dark, modules, rows = 0 } = symbol;
  if (!dark) return;
  for (let r = 0; r < rows; r += 1) {
    let c = 0;
    while (c < modules) {
      if (!dark[r * modules + c]) {
        c += 1;
        continue;
      }
      const from = c;
      while (c < modules && dark[r * modules + c]) c += 1;
      doc.rect(x + from * modulePt, y + r * modulePt, (c - from) * modulePt, modulePt);
    }
  }
}

/** A code drawn in its box at the largest module that fits, quiet zone included; refused under MIN_MODULE_MM. */
function drawCode(doc: PDFKit.PDFDocument, symbol: EncodedCode, box: Box, origin: Box, position: number, stockName: string): void {
  const { code, modules } = symbol;
  const quiet = QUIET_ZONE_MODULES[code];
  const moduleMm = box.width / (modules + 2 * quiet);
  if (moduleMm < MIN_MODULE_MM) {
    const needed = ((modules + 2 * quiet) * MIN_MODULE_MM).toFixed(1);
    throw invalid(
      `Position ${position}: the ${CODE_NAME[code]} of ${JSON.stringify(symbol.value)} (${modules} modules wide) needs ${needed} mm to keep its modules at ${MIN_MODULE_MM} mm, and a ${stockName} label leaves it ${box.width.toFixed(1)} mm: use a larger label stock, fewer codes per label, or a shorter value.`,
      position,
    );
  }
  const x = origin.x + box.x + quiet * moduleMm;
  const y = origin.y + box.y + (code === 'barCode' ? 0 : quiet * moduleMm);
  const height = code === 'barCode' ? box.height : modules * moduleMm;
  pathOf(doc, symbol, x * PT_PER_MM, y * PT_PER_MM, moduleMm * PT_PER_MM, height * PT_PER_MM);
  doc.fill('black');
}

/** One line of text in Helvetica, shrunk to fit the box's width; refused under MIN_TEXT_PT. */
function drawText(doc: PDFKit.PDFDocument, text: string, box: Box, origin: Box, maxPt: number, what: string, position: number): void {
  const bad = helveticaCannotShow(text);
  if (bad.length) {
    throw invalid(
      `Position ${position}: the ${what} ${JSON.stringify(text)} has ${bad.map((c) => JSON.stringify(c)).join(', ')}, which the proof's font (Helvetica, Latin characters) cannot show: use Latin characters in the prefix and suffix.`,
      position,
    );
  }
  doc.font(FONT).fontSize(maxPt);
  const widthPt = box.width * PT_PER_MM;
  const size = Math.min(maxPt, (maxPt * widthPt) / Math.max(doc.widthOfString(text), 1e-6));
  if (size < MIN_TEXT_PT) {
    throw invalid(
      `Position ${position}: the ${what} ${JSON.stringify(text)} does not fit ${box.width.toFixed(1)} mm at ${MIN_TEXT_PT} pt or more: use a wider label stock or a shorter serial.`,
      position,
    );
  }
  doc.fontSize(size).text(text, (origin.x + box.x) * PT_PER_MM, (origin.y + box.y) * PT_PER_MM, { lineBreak: false });
}

/** The sheet a proof is laid out on: the stock's, with room at the head and foot when the proof has a header. */
export function proofSheetLayout(options: ProofOptions): ReturnType<typeof sheetLayout> {
  const plain = sheetLayout(options);
  if (!options.header) return plain;
  const margin =
    options.marginMm === undefined
      ? plain.stock.marginMm
      : typeof options.marginMm === 'number'
        ? { x: options.marginMm, y: options.marginMm }
        : options.marginMm;
  if (margin.y >= HEADER_BAND_MM) return plain;
  return sheetLayout({ ...options, marginMm: { x: margin.x, y: HEADER_BAND_MM } });
}

/** Helvetica cannot show every character of a Reel's name: those become "?" in the header (the labels refuse them). */
function showable(text: string): string {
  const bad = new Set(helveticaCannotShow(text));
  return [...text].map((c) => (bad.has(c) ? '?' : c)).join('');
}

/** The head ("Reel · run · date") and the foot ("page N of M") of a page. */
function drawHeader(doc: PDFKit.PDFDocument, header: ProofHeader, page: number, pages: number, sheet: { widthMm: number; heightMm: number }): void {
  const left = 6 * PT_PER_MM;
  const width = (sheet.widthMm - 12) * PT_PER_MM;
  doc.font(FONT).fontSize(HEADER_PT).fillColor('#333333');
  doc.text(showable(`${header.reel} · print run ${header.run} · ${header.date}`), left, 2.2 * PT_PER_MM, { width, lineBreak: false, ellipsis: true });
  doc.text(`page ${page} of ${pages}`, left, (sheet.heightMm - 4.7) * PT_PER_MM, { width, align: 'right', lineBreak: false });
  doc.fillColor('black');
}

async function drained(out: WriteStream): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Writes the proof PDF of `rows` to `path` (whole or not at all); see the header. */
export async function writeProofPdf(rows: Iterable<PrintRunRow> | AsyncIterable<PrintRunRow>, path: string, options: ProofOptions): Promise<ProofResult> {
  const sheet = proofSheetLayout(options);
  const { header } = options;
  const totalPages = header ? Math.max(1, Math.ceil(header.labels / sheet.perPage)) : 0;
  const wanted: CodesOnLabel = { qr: true, dataMatrix: true, barCode: true, ...options.codes };
  const { widthMm, heightMm, name: stockName } = sheet.stock;
  return writeFileWhole(path, async (out) => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: 'Print run proof', Creator: 'Enrollment station' } });
    doc.pipe(out, { end: false });
    let labels = 0;
    let pages = 0;
    let layout: ReturnType<typeof labelLayout> | undefined;
    for await (const row of rows) {
      const symbols = CODES.filter((code) => wanted[code] && row[code] !== undefined).map((code) => encode(code, row[code] as string));
      // The first row sets the layout: every row of a run carries the same codes, of about the same size.
      layout ??= labelLayout(
        widthMm,
        heightMm,
        { qr: false, dataMatrix: false, barCode: false, ...Object.fromEntries(symbols.map((s) => [s.code, true])) },
        {
          ...TYPICAL_CODE_WIDTHS,
          ...Object.fromEntries(symbols.map((s) => [s.code, s.modules + 2 * QUIET_ZONE_MODULES[s.code]])),
        },
      );
      const slot = labels % sheet.perPage;
      if (slot === 0) {
        doc.addPage({ size: [sheet.sheet.widthMm * PT_PER_MM, sheet.sheet.heightMm * PT_PER_MM], margin: 0 });
        pages += 1;
        if (header) drawHeader(doc, header, pages, Math.max(totalPages, pages), sheet.sheet);
      }
      const cell = sheet.cellAt(slot);
      if (options.outline ?? true) {
        doc
          .lineWidth(0.25)
          .strokeColor('#bbbbbb')
          .rect(cell.x * PT_PER_MM, cell.y * PT_PER_MM, cell.width * PT_PER_MM, cell.height * PT_PER_MM)
          .stroke();
      }
      doc.fillColor('black');
      drawText(doc, `#${row.position}`, layout.position, cell, layout.position.height * PT_PER_MM * 0.85, 'position', row.position);
      for (const symbol of symbols) {
        const box = layout[symbol.code];
        if (box) drawCode(doc, symbol, box, cell, row.position, stockName);
      }
      drawText(doc, row.text, layout.text, cell, Math.min(MAX_TEXT_PT, layout.text.height * PT_PER_MM * 0.85), 'TEXT', row.position);
      labels += 1;
      await drained(out);
      // A label is made in one go (bwip-js and pdfkit are synchronous): the process answers what waits between labels,
      // so a print job's polls and Print-Job go on while its next part is made (docs/printing.md, "IPP printers").
      await nextTurn();
    }
    if (!labels) {
      doc.addPage({ size: [sheet.sheet.widthMm * PT_PER_MM, sheet.sheet.heightMm * PT_PER_MM], margin: 0 });
      if (header) drawHeader(doc, header, 1, 1, sheet.sheet);
    }
    const ended = once(doc, 'end');
    doc.end();
    await ended;
    return { labels, pages: Math.max(pages, 1) };
  });
}
