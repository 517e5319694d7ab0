// Print run → print-ready proof PDF: sheets of labels, one label per cell, each with its position
// (small), its codes and its TEXT, for the print shop to check (and print on sheet stock).
//
//   writeProofPdf(rows, path, { stock, sheet?, marginMm?, gutterMm?, codes?, outline?, header? }) → { labels, pages }
//
// With a header (the station's exports always give one), every page says the Reel, the run and the day at its head
// and "page N of M" at its foot, in bands of HEADER_BAND_MM: a stock laid nearly edge to edge (70x37) loses a row.
//
// Streams the PDF (pdfkit) to a file, page by page; a page is written out as the next one starts, so
// 1,000+ labels never sit in memory. Codes are PNGs rendered by bwip-js and placed at a size that
// keeps every module at MIN_MODULE_MM or more (quiet zones inside the code's box, layout.ts);
// text is in Helvetica, a PDF standard font, so no font file is needed.

import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
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
/** bwip-js pixels per scale unit: PNGs are rendered at this scale and sized in the PDF. */
const RENDER_SCALE = 2;
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

function pngSize(png: Buffer): { width: number; height: number } {
  // IHDR is the first chunk: width and height at bytes 16 and 20.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function render(code: Code, text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: BCID[code],
    text,
    scale: RENDER_SCALE,
    paddingwidth: 0,
    paddingheight: 0,
    backgroundcolor: 'FFFFFF',
    // The bar code's PNG is stretched to its box's height: its own height only sets the PNG's.
    ...(code === 'barCode' ? { height: 4, includetext: false } : {}),
  });
}

/**
 * PNG pixels per module at RENDER_SCALE, measured once per symbology against bwip-js's own module
 * count (its raw encoding), so a PNG's width gives its module count without encoding twice.
 */
const pixelsPerModule = new Map<Code, Promise<number>>();
function modulePixels(code: Code): Promise<number> {
  let known = pixelsPerModule.get(code);
  if (!known) {
    known = (async () => {
      const sample = 'CALIBRATION-0123456789';
      const [symbol] = bwipjs.raw({ bcid: BCID[code], text: sample });
      const modules = symbol && 'pixx' in symbol ? symbol.pixx : (symbol?.sbs.reduce((a, b) => a + b, 0) ?? 0);
      return pngSize(await render(code, sample)).width / modules;
    })();
    pixelsPerModule.set(code, known);
  }
  return known;
}

interface RenderedCode {
  code: Code;
  value: string;
  png: Buffer;
  /** Width in modules, without the quiet zone. */
  modules: number;
}

async function renderSymbol(code: Code, value: string): Promise<RenderedCode> {
  const png = await render(code, value);
  return { code, value, png, modules: Math.round(pngSize(png).width / (await modulePixels(code))) };
}

/** A code drawn in its box at the largest module that fits, quiet zone included; refused under MIN_MODULE_MM. */
function drawCode(doc: PDFKit.PDFDocument, symbol: RenderedCode, box: Box, origin: Box, position: number, stockName: string): void {
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
  const width = modules * moduleMm;
  const height = code === 'barCode' ? box.height : width;
  doc.image(symbol.png, x * PT_PER_MM, y * PT_PER_MM, { width: width * PT_PER_MM, height: height * PT_PER_MM });
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
      const symbols = await Promise.all(CODES.filter((code) => wanted[code] && row[code] !== undefined).map((code) => renderSymbol(code, row[code] as string)));
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
