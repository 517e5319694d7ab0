// Print run → print-data CSV, the file the station's own import reads back (src-main/print-run/print-data.ts):
//
//   printRunCsv(rows)                → the CSV as a string (small runs, previews, a renderer download)
//   writePrintRunCsv(rows, path)     → streams the CSV to a file, chunk by chunk, with backpressure
//
// Header `position,text,qr,data_matrix,bar_code,nfc,svc` (nfc and svc stay empty: they are read at the
// bench, not printed). Fields are quoted by papaparse where RFC 4180 needs it (a `"`, `,` or line
// break). Values are written as generated: no formula escaping, which would change what the import reads.

import Papa from 'papaparse';
import { PRINT_DATA_COLUMNS } from '../../src-shared/domain/print-data';
import { writeChunk, writeFileWhole } from '../runtime/write-whole';
import type { PrintRunRow } from './generate';

/** Rows per papaparse call and per write. */
export const CSV_CHUNK_ROWS = 2000;

const NEWLINE = '\r\n';
const UNPARSE: Papa.UnparseConfig = { header: false, newline: NEWLINE, quotes: false, escapeFormulae: false };

function record(row: PrintRunRow): string[] {
  return [String(row.position), row.text, row.qr, row.dataMatrix ?? '', row.barCode ?? '', '', ''];
}

/** The CSV in pieces of CSV_CHUNK_ROWS rows, the header first; each piece ends with a line break. */
function* csvChunks(rows: Iterable<PrintRunRow>): Generator<string> {
  yield Papa.unparse([[...PRINT_DATA_COLUMNS]], UNPARSE) + NEWLINE;
  let batch: string[][] = [];
  for (const row of rows) {
    batch.push(record(row));
    if (batch.length === CSV_CHUNK_ROWS) {
      yield Papa.unparse(batch, UNPARSE) + NEWLINE;
      batch = [];
    }
  }
  if (batch.length) yield Papa.unparse(batch, UNPARSE) + NEWLINE;
}

/** The rows as print-data CSV text. */
export function printRunCsv(rows: Iterable<PrintRunRow>): string {
  return [...csvChunks(rows)].join('');
}

/** Streams the rows as print-data CSV to `path` (whole or not at all); returns the rows and bytes written. */
export async function writePrintRunCsv(rows: Iterable<PrintRunRow>, path: string): Promise<{ rows: number; bytes: number }> {
  return writeFileWhole(path, async (out) => {
    let count = 0;
    let bytes = 0;
    const counted = (function* () {
      for (const row of rows) {
        count += 1;
        yield row;
      }
    })();
    for (const chunk of csvChunks(counted)) {
      bytes += Buffer.byteLength(chunk);
      await writeChunk(out, chunk);
    }
    return { rows: count, bytes };
  });
}
