// Print run generation and export: (a) generating 100,000 rows and streaming their print-data CSV,
// against writing the same CSV from rows computed beforehand (papaparse over all records, one file
// write); (b) the proof PDF of 1,000 labels (QR, Data Matrix, Code 128 and TEXT on 70x37 A4 sheets),
// against bwip-js rendering the same codes alone.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import Papa from 'papaparse';
import { generateRows, writePrintRunCsv, writeProofPdf, type PrintRunRow, type PrintRunSpecInput } from '../../src-main/print-run';
import { tempDir } from '../helpers/tmp';
import { median, timeRuns, type Bench } from './harness';

const CSV_ROWS = 100_000;
const PDF_LABELS = 1_000;
const CSV_RUNS = 5;

const SPEC: PrintRunSpecInput = {
  start: 1,
  count: CSV_ROWS,
  digits: 7,
  prefix: 'LOT42-',
  check: 'luhn',
  qr: 'https://example.test/l/{serial}',
  dataMatrix: '{serial}|{position}',
  barCode: '{serial}',
};

/** The same bwip-js renderings as the proof makes (scale 2, no padding, white background). */
async function renderCodes(rows: readonly PrintRunRow[]): Promise<number> {
  let bytes = 0;
  for (const row of rows) {
    const common = { scale: 2, paddingwidth: 0, paddingheight: 0, backgroundcolor: 'FFFFFF' };
    const pngs = await Promise.all([
      bwipjs.toBuffer({ bcid: 'qrcode', text: row.qr, ...common }),
      bwipjs.toBuffer({ bcid: 'datamatrix', text: row.dataMatrix as string, ...common }),
      bwipjs.toBuffer({ bcid: 'code128', text: row.barCode as string, height: 4, includetext: false, ...common }),
    ]);
    bytes += pngs.reduce((n, png) => n + png.length, 0);
  }
  return bytes;
}

export const printRunBench: Bench = {
  name: 'print-run',
  async run() {
    const dir = tempDir('station-bench-print-run-');
    try {
      // (a) CSV. Raw baseline: the records already computed, unparsed in one papaparse call and written at once.
      const precomputed = [...generateRows(SPEC)];
      const records = [
        ['position', 'text', 'qr', 'data_matrix', 'bar_code', 'nfc', 'svc'],
        ...precomputed.map((r) => [String(r.position), r.text, r.qr, r.dataMatrix ?? '', r.barCode ?? '', '', '']),
      ];
      const rawCsv = await timeRuns(CSV_RUNS, () => writeFile(join(dir.path, 'raw.csv'), `${Papa.unparse(records, { newline: '\r\n' })}\r\n`));
      const csv = await timeRuns(CSV_RUNS, () => writePrintRunCsv(generateRows(SPEC), join(dir.path, 'run.csv')));
      const rowsPerSecond = (ms: number) => CSV_ROWS / (ms / 1000);

      // (b) Proof PDF. A short run first loads bwip-js's encoders, pdfkit's fonts and the module calibration.
      const labels = precomputed.slice(0, PDF_LABELS);
      await writeProofPdf(labels.slice(0, 24), join(dir.path, 'warmup.pdf'), { stock: '70x37' });
      const [rawPdf] = await timeRuns(1, () => renderCodes(labels), 0);
      const [pdf] = await timeRuns(1, () => writeProofPdf(labels, join(dir.path, 'proof.pdf'), { stock: '70x37' }), 0);

      return [
        {
          name: `print run: generate ${CSV_ROWS.toLocaleString('en-US')} rows + stream CSV (median of ${CSV_RUNS})`,
          value: rowsPerSecond(median(csv)),
          unit: 'rows/s',
          better: 'higher',
          baseline: { name: 'precomputed rows, papaparse + one write', value: rowsPerSecond(median(rawCsv)) },
        },
        {
          name: `print run: proof PDF, ${PDF_LABELS.toLocaleString('en-US')} labels (QR + DM + Code 128, 70x37)`,
          value: (pdf as number) / 1000,
          unit: 's',
          better: 'lower',
          baseline: { name: 'bwip-js rendering the same codes alone', value: (rawPdf as number) / 1000 },
        },
      ];
    } finally {
      dir.remove();
    }
  },
};
