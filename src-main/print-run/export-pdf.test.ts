import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { loadZxing } from '../../test/helpers/zxing';
import { StationError } from '../../src-shared/ipc/envelope';
import { HEADER_BAND_MM, proofSheetLayout, writeProofPdf, type ProofOptions } from './export-pdf';
import { generateRows, type PrintRunRow, type PrintRunSpecInput } from './generate';
import { MM_PER_INCH } from './layout';

// The proof is checked as a printer would see it: pages rendered at 300 dpi by poppler (pdftoppm),
// every code decoded by zxing from its label's cell, every TEXT and position found by pdftotext.
// poppler-utils is a Debian package of the CI (.ci/run).

const DPI = 300;

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir('print-run-pdf-')));
afterEach(() => dir.remove());

function renderPages(pdf: string): string[] {
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', pdf, join(dir.path, 'page')]);
  return readdirSync(dir.path)
    .filter((f) => /^page-\d+\.png$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
    .map((f) => join(dir.path, f));
}

function pageCount(pdf: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
}

/** Each label's codes, decoded from its own cell of the rendered page: format → text. */
async function decodeCells(pages: string[], options: ProofOptions, count: number): Promise<Map<string, string>[]> {
  const readBarcodes = await loadZxing();
  const layout = proofSheetLayout(options);
  const px = (mm: number) => Math.round((mm * DPI) / MM_PER_INCH);
  const decoded: Map<string, string>[] = [];
  for (let i = 0; i < count; i += 1) {
    const page = pages[Math.floor(i / layout.perPage)] as string;
    const cell = layout.cellAt(i % layout.perPage);
    const { data, info } = await sharp(page)
      .extract({ left: px(cell.x), top: px(cell.y), width: px(cell.width), height: px(cell.height) })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      colorSpace: 'srgb',
    } as unknown as Parameters<typeof readBarcodes>[0];
    const results = await readBarcodes(image, { formats: ['QRCode', 'DataMatrix', 'Code128'], tryHarder: true, maxNumberOfSymbols: 4 });
    decoded.push(new Map(results.filter((r) => r.isValid).map((r) => [r.format, r.text])));
  }
  return decoded;
}

function expected(row: PrintRunRow): Map<string, string> {
  const codes = new Map<string, string>([['QRCode', row.qr]]);
  if (row.dataMatrix !== undefined) codes.set('DataMatrix', row.dataMatrix);
  if (row.barCode !== undefined) codes.set('Code128', row.barCode);
  return codes;
}

function expectTextAndPositions(pdf: string, rows: PrintRunRow[]): void {
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const missing = rows.filter((row) => !text.includes(row.text) || !new RegExp(`#${row.position}(?!\\d)`).test(text));
  expect(missing.map((r) => r.position)).toEqual([]);
}

// Values with characters that need care: URL-encoded in the QR, quotes and slashes in the others.
const SPEC: PrintRunSpecInput = {
  start: 7,
  count: 30,
  digits: 5,
  prefix: 'P/7-',
  check: 'luhn',
  firstPosition: 201,
  qr: 'https://example.test/l/{serial}',
  dataMatrix: '{serial}|{position}',
  barCode: 'B"{number}',
};

describe('proof PDF', () => {
  it('70x37 on A4: every QR, Data Matrix and Code 128 decodes back to its row, and pdftotext finds each TEXT and position', async () => {
    const rows = [...generateRows(SPEC)];
    const pdf = join(dir.path, 'proof.pdf');
    const options: ProofOptions = { stock: '70x37' };
    expect(await writeProofPdf(rows, pdf, options)).toEqual({ labels: 30, pages: 2 });
    expect(pageCount(pdf)).toBe(2);
    const pages = renderPages(pdf);
    expect(pages).toHaveLength(2);
    const decoded = await decodeCells(pages, options, rows.length);
    expect(decoded).toEqual(rows.map(expected));
    expectTextAndPositions(pdf, rows);
  });

  it('2x1in on Letter (QR and Data Matrix) and a custom 62x29 stock with the bar code beside the codes decode too', async () => {
    const letter = [...generateRows({ ...SPEC, count: 44, barCode: undefined })];
    const letterPdf = join(dir.path, 'letter.pdf');
    expect(await writeProofPdf(letter, letterPdf, { stock: '2x1in' })).toEqual({ labels: 44, pages: 2 });
    const letterSize = execFileSync('pdfinfo', [letterPdf], { encoding: 'utf8' });
    expect(letterSize).toMatch(/Page size:\s+612(\.\d+)? x 792(\.\d+)? pts \(letter\)/);
    expect(await decodeCells(renderPages(letterPdf), { stock: '2x1in' }, letter.length)).toEqual(letter.map(expected));
    expectTextAndPositions(letterPdf, letter);

    dir.remove();
    dir = tempDir('print-run-pdf-');
    const custom = [...generateRows({ ...SPEC, count: 8, dataMatrix: undefined, barCode: '{number}' })];
    const customPdf = join(dir.path, 'custom.pdf');
    const options: ProofOptions = { stock: '62x29', marginMm: 8, gutterMm: { x: 3, y: 2 } };
    await writeProofPdf(custom, customPdf, options);
    expect(await decodeCells(renderPages(customPdf), options, custom.length)).toEqual(custom.map(expected));
  });

  it('with a header, every page names the Reel, the run and the day and says "page N of M"; the labels stay readable', async () => {
    const rows = [...generateRows(SPEC)];
    const pdf = join(dir.path, 'header.pdf');
    const header = { reel: 'Rosé 2026 ✓', run: 'positions 201–230', date: '2026-11-26', labels: rows.length };
    const options: ProofOptions = { stock: '70x37', header };
    // 70x37 lies nearly edge to edge on A4: the head and foot bands take a row (7 rows of 3, not 8).
    expect(proofSheetLayout(options)).toMatchObject({ rows: 7, perPage: 21 });
    expect(proofSheetLayout({ stock: '50x30', header })).toMatchObject({ rows: 9, perPage: 36 });
    expect(await writeProofPdf(rows, pdf, options)).toEqual({ labels: 30, pages: 2 });
    const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    pages.forEach((page, n) => {
      // "✓" is not in the proof's font: shown as "?" in the head (a label's TEXT with it is refused).
      expect(page).toContain('Rosé 2026 ? · print run positions 201–230 · 2026-11-26');
      expect(page).toContain(`page ${n + 1} of 2`);
    });
    // The labels are laid out below the head band and decode as before.
    expect(proofSheetLayout(options).cellAt(0).y).toBe(HEADER_BAND_MM);
    expect(await decodeCells(renderPages(pdf), options, rows.length)).toEqual(rows.map(expected));
    // Rendering two pages at 300 dpi and decoding 30 cells takes 6 s alone, 16 s on a loaded machine.
  }, 120_000);

  it('1,200 labels make 50 pages, each label’s TEXT and position on them', async () => {
    const rows = [...generateRows({ count: 1200, prefix: 'LOT9-', qr: 'https://example.test/{serial}' })];
    const pdf = join(dir.path, 'many.pdf');
    expect(await writeProofPdf(rows, pdf, { stock: '70x37', codes: { qr: false } })).toEqual({ labels: 1200, pages: 50 });
    expect(pageCount(pdf)).toBe(50);
    expectTextAndPositions(pdf, rows);
  });

  it('answers other work between labels: what waits for the process runs before the next label is made', async () => {
    // docs/printing.md, "IPP printers": a job's polls and Print-Job go on while its next part is made.
    const rows = [...generateRows({ count: 40, prefix: 'T-', qr: 'https://example.test/{serial}' })];
    let made = 0;
    let madeWhenAnswered: number | undefined;
    function* counted(): Generator<PrintRunRow> {
      for (const row of rows) {
        if (made === 0) setImmediate(() => (madeWhenAnswered = made));
        yield row;
        made += 1;
      }
    }
    await writeProofPdf(counted(), join(dir.path, 'turns.pdf'), { stock: '50x30', sheet: 'label', marginMm: 0, gutterMm: 0, outline: false });
    expect(made).toBe(40);
    expect(madeWhenAnswered).toBeLessThanOrEqual(1);
  });

  it('refuses codes that would print under 0.25 mm modules, naming the position and what to do; no file is left', async () => {
    const pdf = join(dir.path, 'small.pdf');
    writeFileSync(pdf, 'earlier proof');
    const error = await writeProofPdf(
      generateRows({ count: 3, prefix: 'LONG-PREFIX-', qr: 'https://example.test/a-long-path/{serial}', dataMatrix: '{serial}', barCode: '{serial}' }),
      pdf,
      { stock: '2x1in' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).message).toMatch(
      /^Position 1: the (QR code|Code 128 bar code) of ".+" \(\d+ modules wide\) needs [\d.]+ mm to keep its modules at 0.25 mm, and a 2x1in label leaves it [\d.]+ mm: use a larger label stock, fewer codes per label, or a shorter value\.$/,
    );
    expect(readFileSync(pdf, 'utf8')).toBe('earlier proof');
    expect(readdirSync(dir.path)).toEqual(['small.pdf']);
  });

  it('refuses TEXT its font cannot show, and a stock that does not fit the sheet', async () => {
    const pdf = join(dir.path, 'greek.pdf');
    const error = await writeProofPdf(generateRows({ count: 2, prefix: 'Ω', qr: 'https://example.test/{serial}' }), pdf, { stock: '70x37' }).catch(
      (e: unknown) => e,
    );
    expect((error as StationError).message).toBe(
      'Position 1: the TEXT "Ω000001" has "Ω", which the proof\'s font (Helvetica, Latin characters) cannot show: use Latin characters in the prefix and suffix.',
    );
    expect(existsSync(pdf)).toBe(false);
    await expect(writeProofPdf([], pdf, { stock: '250x30' })).rejects.toThrow(
      'Label stock 250x30 (250 × 30 mm) does not fit on A4 (210 × 297 mm) with 10 × 10 mm margins: use a smaller stock, another sheet or smaller margins.',
    );
    await expect(writeProofPdf([], pdf, { stock: 'huge' })).rejects.toThrow(
      /^Label stock "huge" is neither a named stock \(50x30, 70x37, 2x1in\) nor a size WxH/,
    );
  });
});
