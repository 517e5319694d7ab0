// What a printer is sent for a job (docs/printing.md, "What a printer gets"): the print run's own exports, never a
// second generator. A ZPL printer (or an IPP printer that takes application/vnd.zebra-zpl and no PDF) gets the ZPL
// export's formats, one per label; an IPP printer gets the proof PDF laid out for its stock, one label per page at
// the stock's size. Copies are consecutive: each position's labels follow each other, so the n-th label confirmed
// belongs to position ⌊n / copies⌋ in the job's order.

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PrintRunRow, ZplDpi } from '../print-run';

/** The print-run room (pdfkit, bwip-js) loads on the first print, not at start-up (docs/architecture.md, "Choices"). */
const printRun = () => import('../print-run');

function* repeated(rows: readonly PrintRunRow[], copies: number): Generator<PrintRunRow> {
  for (const row of rows) for (let i = 0; i < copies; i += 1) yield row;
}

/** One ZPL format per label, copies included, in print order. */
export async function zplLabels(rows: readonly PrintRunRow[], copies: number, stock: string, dpi: ZplDpi): Promise<string[]> {
  const zpl = (await printRun()).printRunZpl(repeated(rows, copies), { stock, dpi });
  // Every format ends "^XZ\n"; field data is ^FH-escaped, so "^XZ" never stands inside one.
  return zpl.split(/(?<=\^XZ\n)/).filter((block) => block.trim());
}

/** The proof PDF at the stock's size, one label per page, copies included. */
export async function labelPdf(rows: readonly PrintRunRow[], copies: number, stock: string, tmpDir: string): Promise<Buffer> {
  mkdirSync(tmpDir, { recursive: true });
  const path = join(tmpDir, `print-${randomUUID()}.pdf`);
  try {
    await (await printRun()).writeProofPdf(repeated(rows, copies), path, { stock, sheet: 'label', marginMm: 0, gutterMm: 0, outline: false });
    return readFileSync(path);
  } finally {
    rmSync(path, { force: true });
  }
}

/** Labels in the first part of an IPP job's PDF: the next part is made while the printer prints this one. */
const PDF_PART_LABELS = 25;
/**
 * Each part after the first is this much larger, up to PDF_PART_MAX_LABELS: fewer Print-Jobs (each waits for the one
 * before to complete, and for the poll that sees it), while a part is still made in less time than the one before it
 * prints (the proof PDF takes some 10–16 ms a label, a label printer 20 ms a page or more).
 */
const PDF_PART_GROWTH = 1.5;
const PDF_PART_MAX_LABELS = 100;

/**
 * The proof PDF at the stock's size in parts, the first of about PDF_PART_LABELS labels, each next one larger (a
 * position's copies never split), made one by one as they are asked for (docs/printing.md, "What a printer gets").
 */
export async function* labelPdfParts(
  rows: readonly PrintRunRow[],
  copies: number,
  stock: string,
  tmpDir: string,
): AsyncGenerator<{ bytes: Buffer; labels: number }> {
  let labels = PDF_PART_LABELS;
  for (let i = 0; i < rows.length;) {
    const perPart = Math.max(1, Math.floor(labels / copies));
    const chunk = rows.slice(i, i + perPart);
    i += perPart;
    labels = Math.min(PDF_PART_MAX_LABELS, Math.round(labels * PDF_PART_GROWTH));
    yield { bytes: await labelPdf(chunk, copies, stock, tmpDir), labels: chunk.length * copies };
  }
}
