// The print run's CSV read back by the station's own print-data reader: what is exported is what the import reads.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPrintData, type PrintDataRecord } from '../../../src-main/print-run/print-data';
import { tempDir } from '../../helpers/tmp';
import { StationError } from '../../../src-shared/ipc/envelope';
import { printRunCsv, writePrintRunCsv } from '../../../src-main/print-run/export-csv';
import { generateRows, type PrintRunRow, type PrintRunSpecInput } from '../../../src-main/print-run/generate';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir('print-run-csv-')));
afterEach(() => dir.remove());

function readBack(source: { csv: string } | { path: string }): PrintDataRecord[] {
  const records: PrintDataRecord[] = [];
  const reading = readPrintData(source, (record) => records.push(record));
  expect(reading.fileProblems).toEqual([]);
  return records;
}

function expectSameValues(records: PrintDataRecord[], rows: PrintRunRow[]): void {
  expect(records.map((r) => r.problems ?? [])).toEqual(rows.map(() => []));
  expect(records.map((r) => ({ position: r.row?.position, values: r.row?.values, svcPath: r.row?.svcPath }))).toEqual(
    rows.map((row) => ({
      position: row.position,
      values: { TEXT: row.text, QR: row.qr, ...(row.dataMatrix ? { DATA_MATRIX: row.dataMatrix } : {}), ...(row.barCode ? { BAR_CODE: row.barCode } : {}) },
      svcPath: null,
    })),
  );
}

// Quotes, commas, semicolons and spaces inside values: what CSV quoting has to carry.
const TRICKY: PrintRunSpecInput = {
  start: 98,
  count: 5,
  digits: 3,
  prefix: 'A"B,C ',
  suffix: ';x',
  check: 'luhn',
  qr: 'https://example.test/q?s={serial}&p={position}',
  dataMatrix: '"{serial}", {position}',
  barCode: '{number},{serial}',
};

describe('print run CSV', () => {
  it('has exactly the header the import reads', () => {
    const csv = printRunCsv(generateRows({ count: 1, qr: 'https://example.test/{serial}' }));
    expect(csv.split('\r\n')[0]).toBe('position,text,qr,data_matrix,bar_code,nfc,svc');
    expect(csv).toBe('position,text,qr,data_matrix,bar_code,nfc,svc\r\n1,000001,https://example.test/000001,,,,\r\n');
  });

  it('the station’s reader reads the string back to the same values, quoting and all', () => {
    const rows = [...generateRows(TRICKY)];
    const csv = printRunCsv(rows);
    expect(csv).toContain('1,"A""B,C 0984;x",https://example.test/q?s=A%22B%2CC%200984%3Bx&p=1,');
    expectSameValues(readBack({ csv }), rows);
  });

  it('streams a file the reader reads back to the same values (100,000 rows, several chunks)', async () => {
    const path = join(dir.path, 'run.csv');
    const spec: PrintRunSpecInput = { ...TRICKY, count: 100_000, digits: 6 };
    const written = await writePrintRunCsv(generateRows(spec), path);
    expect(written.rows).toBe(100_000);
    expect(written.bytes).toBe(readFileSync(path).length);
    const rows = generateRows(spec);
    let n = 0;
    // Compared row by row as plain values, the first few that differ kept: 200,000 expect() calls took 5 s of the
    // test's time on an idle machine, and past its timeout on a loaded one.
    const differ: unknown[] = [];
    const reading = readPrintData({ path }, (record) => {
      const row = rows.next().value as PrintRunRow;
      const values = record.row?.values;
      const same =
        record.row?.position === row.position &&
        values?.TEXT === row.text &&
        values.QR === row.qr &&
        values.DATA_MATRIX === row.dataMatrix &&
        values.BAR_CODE === row.barCode &&
        Object.keys(values).length === 4;
      if (!same && differ.length < 5) differ.push({ read: record.row, written: row });
      n += 1;
    });
    expect(differ).toEqual([]);
    expect(reading.fileProblems).toEqual([]);
    expect(n).toBe(100_000);
    expect(readFileSync(path, 'utf8')).toBe(printRunCsv(generateRows(spec)));
  });

  it('writes the file whole or not at all: a failing row leaves no file and the earlier export untouched', async () => {
    const path = join(dir.path, 'run.csv');
    writeFileSync(path, 'earlier export');
    const failing = (function* () {
      yield* generateRows({ count: 5000, qr: 'https://example.test/{serial}' });
      throw new Error('row 5001 failed');
    })();
    await expect(writePrintRunCsv(failing, path)).rejects.toThrow('row 5001 failed');
    expect(readFileSync(path, 'utf8')).toBe('earlier export');
    expect(readdirSync(dir.path)).toEqual(['run.csv']);
  });

  it('names the path and what to do when the folder is missing', async () => {
    const path = join(dir.path, 'missing', 'run.csv');
    const error = await writePrintRunCsv(generateRows({ count: 3, qr: 'https://example.test/{serial}' }), path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).message).toMatch(
      /^Cannot write ".*missing\/run\.csv": .*ENOENT.*Check that the folder exists and the station may write there, then export again\.$/,
    );
    expect(existsSync(join(dir.path, 'missing'))).toBe(false);
  });
});
