// Print run → ZPL II for Zebra thermal printers: one `^XA … ^XZ` format per label, drawn by the
// printer's own commands (its fonts and barcode encoders), so no image is sent.
//
//   printRunZpl(rows, { stock, dpi?, codes? })            → the ZPL as a string
//   writePrintRunZpl(rows, path, { stock, dpi?, codes? })  → streams it to a file; { labels, bytes }
//
// Per label: ^PW/^LL from the label size in dots (203 dpi by default, or 300); the position (small)
// and TEXT as ^A0N text; QR as ^BQN,2,<magnification> with ^FDQA,<data> (error correction Q,
// automatic input); Data Matrix as ^BXN,<module>,200 (ECC 200); Code 128 as ^BCN in subset B.
// Field data goes through ^FH: `_`, `^` and `~` are sent as hex escapes (_5F, _5E, _7E), so a
// value can never end its field or start a command. Sizes follow layout.ts; modules under
// MIN_MODULE_MM are refused.

import bwipjs from 'bwip-js/node';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { writeChunk, writeFileWhole } from '../runtime/write-whole';
import type { PrintRunRow } from './generate';
import {
  MIN_MODULE_MM,
  MM_PER_INCH,
  QUIET_ZONE_MODULES,
  TYPICAL_CODE_WIDTHS,
  labelLayout,
  parseLabelStock,
  type Box,
  type CodesOnLabel,
  type LabelLayout,
  type LabelStock,
} from './layout';

export const ZPL_DPIS = [203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

export interface ZplOptions {
  /** The label's size: a LabelStock or its name for parseLabelStock (its sheet is ignored: one label per format). */
  stock: LabelStock | string;
  /** The printer's resolution (default 203). */
  dpi?: ZplDpi;
  /** Which codes to print when a row has them (all by default). */
  codes?: Partial<CodesOnLabel>;
}

type Code = keyof CodesOnLabel;
const CODE_NAME: Record<Code, string> = { qr: 'QR code', dataMatrix: 'Data Matrix', barCode: 'Code 128 bar code' };
/** Labels per write when streaming to a file. */
const BLOCK_LABELS = 500;
/** Font 0's character width as a share of its height, near enough to keep a line inside its box. */
const FONT0_WIDTH_RATIO = 0.6;
const MIN_TEXT_MM = 1.4;
/** The printer accepts ^BQ magnification 1 to 10 and ^BY module widths 1 to 10. */
const MAX_MAGNIFICATION = 10;

function invalid(message: string, position?: number): StationError {
  return new StationError({ code: StationErrorCode.invalidInput, message, ...(position === undefined ? {} : { detail: { position } }) });
}

/** Field data for ^FH: the escape character itself, the format prefix and the control prefix as hex. */
export function zplFieldData(value: string): string {
  return value.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Code 128 data in subset B: `>` is the printer's invocation character, a literal one is `><`. */
function code128Data(value: string): string {
  return `>:${value.replace(/>/g, '><')}`;
}

/** Characters that can serve as ^BX's escape character (never `^`, `~`, `_` or the `,` between parameters). */
const DATA_MATRIX_ESCAPES = ['`', '|', '{', '}', '#', '@', '$', '!', '&', '*'];

/**
 * The width in modules of the symbol the printer draws, taken from bwip-js's encoding of a value
 * with the same shape: digits, uppercase and lowercase letters each stand for their class (what the
 * encoders' mode choices depend on), other characters for themselves. A run's values share a
 * handful of shapes, so encoding is rare even over 100,000 labels.
 */
class SymbolSizes {
  private readonly known = new Map<string, number>();

  modules(code: Code, value: string): number {
    if (code === 'barCode') return 11 * value.length + 35; // start B, one symbol per character, check, stop
    const shape = value.replace(/[0-9]/g, '0').replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a');
    const key = `${code}\u0000${shape}`;
    let modules = this.known.get(key);
    if (modules === undefined) {
      const options = code === 'qr' ? ({ bcid: 'qrcode', text: shape, eclevel: 'Q' } as bwipjs.RawOptions) : { bcid: 'datamatrix', text: shape };
      const [symbol] = bwipjs.raw(options);
      modules = symbol && 'pixx' in symbol ? symbol.pixx : 0;
      this.known.set(key, modules);
    }
    return modules;
  }
}

class ZplWriter {
  private readonly stock: LabelStock;
  private readonly dotsPerMm: number;
  private readonly minModuleDots: number;
  private readonly wanted: CodesOnLabel;
  private readonly sizes = new SymbolSizes();
  private layout: LabelLayout | undefined;

  constructor(options: ZplOptions) {
    const dpi = options.dpi ?? 203;
    if (!ZPL_DPIS.includes(dpi)) throw invalid(`dpi ${String(dpi)} is not a Zebra print resolution this export knows: use 203, 300 or 600.`);
    this.stock = typeof options.stock === 'string' ? parseLabelStock(options.stock) : options.stock;
    this.dotsPerMm = dpi / MM_PER_INCH;
    this.minModuleDots = Math.ceil(MIN_MODULE_MM * this.dotsPerMm - 1e-9);
    this.wanted = { qr: true, dataMatrix: true, barCode: true, ...options.codes };
  }

  private dots(mm: number): number {
    return Math.round(mm * this.dotsPerMm);
  }

  private codeValues(row: PrintRunRow): [Code, string][] {
    return (['qr', 'dataMatrix', 'barCode'] as const).flatMap((code): [Code, string][] =>
      this.wanted[code] && row[code] !== undefined ? [[code, row[code] as string]] : [],
    );
  }

  /** The module size in dots that fits `modules` (plus quiet zone) in the box; refused under MIN_MODULE_MM. */
  private moduleDots(code: Code, value: string, modules: number, box: Box, position: number): number {
    const quiet = QUIET_ZONE_MODULES[code];
    const fit = Math.min(MAX_MAGNIFICATION, Math.floor(this.dots(box.width) / (modules + 2 * quiet)));
    if (fit < this.minModuleDots) {
      const needed = (((modules + 2 * quiet) * this.minModuleDots) / this.dotsPerMm).toFixed(1);
      throw invalid(
        `Position ${position}: the ${CODE_NAME[code]} of ${JSON.stringify(value)} (${modules} modules wide) needs ${needed} mm for modules of ${this.minModuleDots} dots (${MIN_MODULE_MM} mm or more), and a ${this.stock.name} label leaves it ${box.width.toFixed(1)} mm: use a larger label, fewer codes per label, or a shorter value.`,
        position,
      );
    }
    return fit;
  }

  private text(value: string, box: Box, maxMm: number, what: string, position: number): string {
    const height = Math.min(this.dots(Math.min(box.height, maxMm)), Math.floor(this.dots(box.width) / (Math.max(1, [...value].length) * FONT0_WIDTH_RATIO)));
    if (height < this.dots(MIN_TEXT_MM)) {
      throw invalid(
        `Position ${position}: the ${what} ${JSON.stringify(value)} does not fit ${box.width.toFixed(1)} mm at ${MIN_TEXT_MM} mm or taller: use a wider label or a shorter serial.`,
        position,
      );
    }
    return `^FO${this.dots(box.x)},${this.dots(box.y)}^A0N,${height},${height}^FB${this.dots(box.width)},1,0,L^FH^FD${zplFieldData(value)}^FS`;
  }

  /** One label's format, ^XA to ^XZ. */
  label(row: PrintRunRow): string {
    const values = this.codeValues(row);
    const modules = new Map(values.map(([code, value]) => [code, this.sizes.modules(code, value)]));
    // The first row sets the layout: every row of a run carries the same codes, of about the same size.
    this.layout ??= labelLayout(
      this.stock.widthMm,
      this.stock.heightMm,
      { qr: modules.has('qr'), dataMatrix: modules.has('dataMatrix'), barCode: modules.has('barCode') },
      { ...TYPICAL_CODE_WIDTHS, ...Object.fromEntries([...modules].map(([code, m]) => [code, m + 2 * QUIET_ZONE_MODULES[code]])) },
    );
    const layout = this.layout;
    const lines = ['^XA', '^CI28', `^PW${this.dots(this.stock.widthMm)}`, `^LL${this.dots(this.stock.heightMm)}`, '^LH0,0'];
    lines.push(this.text(`#${row.position}`, layout.position, layout.position.height, 'position', row.position));
    for (const [code, value] of values) {
      const box = layout[code];
      if (!box) continue;
      const count = modules.get(code) as number;
      const size = this.moduleDots(code, value, count, box, row.position);
      const quiet = QUIET_ZONE_MODULES[code] * size;
      if (code === 'qr') {
        lines.push(`^FO${this.dots(box.x) + quiet},${this.dots(box.y) + quiet}^BQN,2,${size}^FH^FDQA,${zplFieldData(value)}^FS`);
      } else if (code === 'dataMatrix') {
        const escape = DATA_MATRIX_ESCAPES.find((c) => !value.includes(c));
        if (!escape)
          throw invalid(
            `Position ${row.position}: the Data Matrix value ${JSON.stringify(value)} uses every character ZPL could escape its data with (${DATA_MATRIX_ESCAPES.join(' ')}): leave one of them out of its template.`,
            row.position,
          );
        // The escape character the printer looks for in ECC 200 data is one the value does not contain.
        lines.push(`^FO${this.dots(box.x) + quiet},${this.dots(box.y) + quiet}^BXN,${size},200,,,,${escape}^FH^FD${zplFieldData(value)}^FS`);
      } else {
        lines.push(
          `^FO${this.dots(box.x) + quiet},${this.dots(box.y)}^BY${size}^BCN,${this.dots(box.height)},N,N,N^FH^FD${zplFieldData(code128Data(value))}^FS`,
        );
      }
    }
    lines.push(this.text(row.text, layout.text, 5, 'TEXT', row.position));
    lines.push('^XZ');
    return `${lines.join('\n')}\n`;
  }
}

/** The rows as ZPL, one format per label. */
export function printRunZpl(rows: Iterable<PrintRunRow>, options: ZplOptions): string {
  const writer = new ZplWriter(options);
  let out = '';
  for (const row of rows) out += writer.label(row);
  return out;
}

/** Streams the rows as ZPL to `path` (whole or not at all), BLOCK_LABELS labels per write. */
export async function writePrintRunZpl(
  rows: Iterable<PrintRunRow> | AsyncIterable<PrintRunRow>,
  path: string,
  options: ZplOptions,
): Promise<{ labels: number; bytes: number }> {
  const writer = new ZplWriter(options);
  return writeFileWhole(path, async (out) => {
    let labels = 0;
    let bytes = 0;
    let block = '';
    for await (const row of rows) {
      block += writer.label(row);
      labels += 1;
      if (labels % BLOCK_LABELS === 0) {
        bytes += Buffer.byteLength(block);
        await writeChunk(out, block);
        block = '';
      }
    }
    if (block) {
      bytes += Buffer.byteLength(block);
      await writeChunk(out, block);
    }
    return { labels, bytes };
  });
}
