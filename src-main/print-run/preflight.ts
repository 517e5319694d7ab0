// Preflight (docs/print-run.md, "Preflight"): before a job with a template starts, every label of it is drawn as the
// printer will draw it (ZPL by zpl-renderer-js, the renderer the tests use; SVG by sharp at the printer's dpi) and its
// codes are decoded (zxing-wasm). The job does not start when a code does not read back as its position's value, or
// when a code's modules are under MIN_MODULE_DOTS dots at the printer's dpi; each finding names the position and why.
//
// The same drawings are the label previews of the print run screen and the pages an IPP printer gets for an SVG
// template (one PNG at the printer's dpi per page, so what was checked is what prints).

import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type * as ZplRenderer from 'zpl-renderer-js';
import type { readBarcodes as ReadBarcodes } from 'zxing-wasm/reader';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { compress, rangesInWords } from '../../src-shared/domain/position-ranges';
import { loadZxing } from '../runtime/zxing';
import type { PrintRunRow } from './generate';
import { MM_PER_INCH, PT_PER_MM, parseLabelStock } from './layout';
import { ZplTemplateWriter, checkTemplate, svgGeometry, svgTemplateLabel, type TemplateCode } from './template';

/** A code's modules must be at least this many printer dots (docs/print-run.md, "Preflight"). */
export const MIN_MODULE_DOTS = 3;

const CODE_NAME: Record<TemplateCode, string> = { qr: 'QR code', dataMatrix: 'Data Matrix', barCode: 'Code 128 bar code' };
const ZXING_FORMAT: Record<string, TemplateCode> = { QRCode: 'qr', DataMatrix: 'dataMatrix', Code128: 'barCode' };

export interface PreflightMedia {
  /** The label stock (a name parseLabelStock reads). */
  stock: string;
  dpi: 203 | 300 | 600;
}

export interface PreflightFinding {
  position: number;
  code: TemplateCode;
  /** `small`: modules under MIN_MODULE_DOTS (`dots`); `unread`: not read once drawn; `wrong`: read as another value (`read`). */
  problem: 'small' | 'unread' | 'wrong';
  dots?: number;
  read?: string;
  /** In words, for the CLI and the log. */
  why: string;
}

export interface PreflightReport {
  labels: number;
  ms: number;
  findings: PreflightFinding[];
  /** Canceled before every label was checked: nothing may print. */
  canceled?: boolean;
}

/** The ZPL renderer, loaded by Node's require: its one file inlines a 9 MB wasm no bundler should touch. */
function zplRenderer(): typeof ZplRenderer {
  return createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;
}

const ZXING_NAME: Record<TemplateCode, 'QRCode' | 'DataMatrix' | 'Code128'> = { qr: 'QRCode', dataMatrix: 'DataMatrix', barCode: 'Code128' };

/**
 * The codes a drawn label shows, by kind (the first of each). A drawn label is clean and square to the page, so the
 * quick pass (no rotation, inversion or downscaling; a third of tryHarder's time) reads it; a code it misses is looked
 * for again with every pass before it is called unreadable.
 */
async function decode(png: Buffer, wanted: readonly TemplateCode[]): Promise<Partial<Record<TemplateCode, string>>> {
  const read = await loadZxing();
  const image = new Blob([new Uint8Array(png)]);
  const codes: Partial<Record<TemplateCode, string>> = {};
  const take = (found: Awaited<ReturnType<typeof ReadBarcodes>>) => {
    for (const code of found) {
      const kind = ZXING_FORMAT[code.format];
      if (kind && codes[kind] === undefined && code.isValid) codes[kind] = code.text;
    }
  };
  const formats = wanted.map((c) => ZXING_NAME[c]);
  take(await read(image, { formats, tryHarder: false, tryRotate: false, tryInvert: false, tryDownscale: false, maxNumberOfSymbols: formats.length }));
  const missed = wanted.filter((c) => codes[c] === undefined).map((c) => ZXING_NAME[c]);
  if (missed.length) take(await read(image, { formats: missed, tryHarder: true, maxNumberOfSymbols: missed.length + 1 }));
  return codes;
}

const dotsPerMm = (dpi: number) => dpi / MM_PER_INCH;

/** A drawn label: its PNG at the printer's dpi, and each code's module size in dots. */
interface Drawn {
  png: Buffer;
  modules: { code: TemplateCode; dots: number }[];
}

/** The module size in dots of each bar code command of a filled ZPL label format (^BQ magnification, ^BX height, ^BY width). */
function zplModules(format: string, dpi: number): { code: TemplateCode; dots: number }[] {
  const modules: { code: TemplateCode; dots: number }[] = [];
  let by = 2; // ^BY's module width is 2 dots until a ^BY sets it
  for (const m of format.matchAll(/\^(BQ|BX|BC|BY)([^\^~]*)/gi)) {
    const command = (m[1] as string).toUpperCase();
    const params = (m[2] as string).split(',');
    const n = (k: number) => Number.parseInt(params[k] ?? '', 10);
    if (command === 'BY') by = Number.isFinite(n(0)) ? n(0) : by;
    else if (command === 'BQ') modules.push({ code: 'qr', dots: Number.isFinite(n(2)) ? n(2) : dpi >= 600 ? 6 : dpi >= 300 ? 3 : 2 });
    else if (command === 'BX') modules.push({ code: 'dataMatrix', dots: Number.isFinite(n(1)) ? n(1) : 1 });
    else modules.push({ code: 'barCode', dots: by });
  }
  return modules;
}

/** Draws labels of one template, as the printer will (the renderer and geometry prepared once). */
export class TemplateDrawer {
  readonly kind: 'zpl' | 'svg';
  readonly codes: TemplateCode[];
  private readonly zpl: ZplTemplateWriter | undefined;
  private readonly stock;
  private readonly mmPerUnit: number;

  constructor(
    private readonly body: string,
    private readonly media: PreflightMedia,
  ) {
    const check = checkTemplate(body);
    this.kind = check.kind;
    this.codes = check.codes;
    this.stock = parseLabelStock(media.stock);
    this.zpl = check.kind === 'zpl' ? new ZplTemplateWriter(body) : undefined;
    this.mmPerUnit = check.kind === 'svg' ? svgGeometry(body, this.stock.widthMm).mmPerUnit : 1;
  }

  /** One label's ZPL format (a ZPL template). */
  zplLabel(row: PrintRunRow): string {
    return (this.zpl as ZplTemplateWriter).label(row);
  }

  /** One label drawn as it will print. */
  async draw(row: PrintRunRow): Promise<Drawn> {
    const dpi = this.media.dpi;
    if (this.zpl) {
      const format = this.zpl.label(row);
      const base64 = await zplRenderer().zplToBase64Async(format, this.stock.widthMm, this.stock.heightMm, Math.round(dotsPerMm(dpi)));
      return { png: Buffer.from(base64, 'base64'), modules: zplModules(format, dpi) };
    }
    const label = svgTemplateLabel(this.body, row);
    const png = await sharp(Buffer.from(label.svg), { density: dpi }).flatten({ background: '#ffffff' }).png().toBuffer();
    return { png, modules: label.codes.map((c) => ({ code: c.code, dots: c.module * this.mmPerUnit * dotsPerMm(dpi) })) };
  }

  /** What is wrong with one label: each code under MIN_MODULE_DOTS, not read, or read as another value. */
  async check(row: PrintRunRow): Promise<{ png: Buffer; findings: PreflightFinding[] }> {
    const drawn = await this.draw(row);
    const findings: PreflightFinding[] = [];
    for (const m of drawn.modules) {
      if (m.dots < MIN_MODULE_DOTS - 1e-6) {
        findings.push({
          position: row.position,
          code: m.code,
          problem: 'small',
          dots: Math.round(m.dots * 10) / 10,
          why: `its ${CODE_NAME[m.code]}'s modules are ${m.dots.toFixed(1)} dots at ${this.media.dpi} dpi, under ${MIN_MODULE_DOTS}: make the code's box larger (or its magnification/module width at least ${MIN_MODULE_DOTS}), or use a printer of higher dpi`,
        });
      }
    }
    const shown = await decode(drawn.png, this.codes);
    for (const code of this.codes) {
      const expected = row[code];
      if (expected === undefined) continue;
      const read = shown[code];
      if (read === undefined) {
        findings.push({
          position: row.position,
          code,
          problem: 'unread',
          why: `its ${CODE_NAME[code]} could not be read once drawn (does it fit its box and the label?): make its box larger or move it inside the label`,
        });
      } else if (read !== expected) {
        findings.push({
          position: row.position,
          code,
          problem: 'wrong',
          read,
          why: `its ${CODE_NAME[code]} reads ${JSON.stringify(read)}, not ${JSON.stringify(expected)}`,
        });
      }
    }
    return { png: drawn.png, findings };
  }
}

export interface PreflightOptions {
  stopAfter?: number;
  drawn?: (row: PrintRunRow, png: Buffer) => void;
  /** After each label: how many were checked, and what was found so far (docs/print-run.md, "Preflight"). */
  checked?: (labels: number, findings: readonly PreflightFinding[]) => void;
  /** Canceled: the preflight ends before its next label, `canceled` in its report. */
  signal?: AbortSignal;
}

/** Draws and decodes every row's label; the report of what was found (nothing: the job may start). */
export async function preflight(drawer: TemplateDrawer, rows: Iterable<PrintRunRow>, options: PreflightOptions = {}): Promise<PreflightReport> {
  const started = performance.now();
  const findings: PreflightFinding[] = [];
  let labels = 0;
  for (const row of rows) {
    if (options.signal?.aborted) return { labels, ms: performance.now() - started, findings, canceled: true };
    labels += 1;
    const checked = await drawer.check(row);
    findings.push(...checked.findings);
    options.drawn?.(row, checked.png);
    options.checked?.(labels, findings);
    if (findings.length >= (options.stopAfter ?? Number.POSITIVE_INFINITY)) break;
    // Let the process answer between labels (a job's polls, the UI's requests): a label's drawing is tens of ms.
    await new Promise<void>((done) => setImmediate(done));
  }
  return { labels, ms: performance.now() - started, findings };
}

/** Refuses the job when the preflight found anything, naming the positions and why. */
export function requirePreflightPassed(report: PreflightReport, template: string): void {
  if (report.canceled) {
    throw new StationError({
      code: StationErrorCode.preflightFailed,
      message: `Nothing was printed: the check of template ${template}'s labels before printing was canceled after ${report.labels} label(s). Print again to check and print them.`,
      detail: { case: 'canceled', template, checked: report.labels },
    });
  }
  if (!report.findings.length) return;
  const first = report.findings[0] as PreflightFinding;
  const more = report.findings.length - 3;
  const positions = compress([...new Set(report.findings.map((f) => f.position))].sort((a, b) => a - b));
  throw new StationError({
    code: StationErrorCode.preflightFailed,
    message: `Nothing was printed: template ${template} failed its check before printing at position(s) ${rangesInWords(positions)}. ${report.findings
      .slice(0, 3)
      .map((f) => `Position ${f.position}: ${f.why}.`)
      .join(' ')}${more > 0 ? ` And ${more} more.` : ''}`,
    detail: { position: first.position, positions, template, findings: report.findings.slice(0, 20) },
  });
}

/** An SVG template's labels as a PDF, one page per label at the stock's size, each the label drawn at the printer's dpi. */
export async function svgTemplatePdf(
  drawer: TemplateDrawer,
  rows: readonly PrintRunRow[],
  copies: number,
  stockName: string,
  /** Labels drawn already (by the preflight), by position: not drawn again. */
  drawn?: ReadonlyMap<number, Buffer>,
): Promise<Buffer> {
  const stock = parseLabelStock(stockName);
  const size: [number, number] = [stock.widthMm * PT_PER_MM, stock.heightMm * PT_PER_MM];
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((done) => doc.on('end', done));
  for (const row of rows) {
    const png = drawn?.get(row.position) ?? (await drawer.draw(row)).png;
    for (let i = 0; i < copies; i += 1) {
      doc.addPage({ size, margin: 0 });
      doc.image(png, 0, 0, { width: size[0], height: size[1] });
    }
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
