import * as fs from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { CHUNK_BYTES, MAX_NAMED_BAD_ROWS, PrintDataProblems, problem, readPrintData, type PrintDataRecord, type PrintDataSource } from './print-data';

// readSync is wrapped (same behaviour) so a test can see how the file is read.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return { ...real, readSync: vi.fn(real.readSync) };
});
const readSync = vi.mocked(fs.readSync);

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
  readSync.mockClear();
});
function file(text: string | Buffer): string {
  const dir = tempDir('print-data-');
  dirs.push(dir);
  const path = join(dir.path, 'print.csv');
  writeFileSync(path, text);
  return path;
}
function read(source: PrintDataSource) {
  const records: PrintDataRecord[] = [];
  const reading = readPrintData(source, (r) => records.push(r));
  return { ...reading, records };
}

describe('print data CSV', () => {
  it('reads rows with their values per tagType, NFC as uppercase hex', () => {
    const r = read({ csv: 'position,text,qr,nfc\n1,A-1,q1,04:a1:b2:c3\n2,A-2,,\n' });
    expect(r.fileProblems).toEqual([]);
    expect(r.rows).toBe(2);
    expect(r.records.map((x) => x.row)).toEqual([
      { line: 2, position: 1, values: { TEXT: 'A-1', QR: 'q1', NFC: '04A1B2C3' }, svcPath: null },
      { line: 3, position: 2, values: { TEXT: 'A-2' }, svcPath: null },
    ]);
  });

  it('names each bad row and its problem', () => {
    const r = read({ csv: 'position,text,nfc\n1,A,\nx,B,\n4,,\n5,E,zz9\n6,F\n7,G,04:A1:B2\n' });
    expect(r.records.filter((x) => !x.row).map((x) => [x.line, x.rawPosition, x.problems?.map((p) => p.message).join('; ')])).toEqual([
      [3, 'x', 'position "x" is not a whole number'],
      [4, '4', 'no value at all; give at least one identifier'],
      [
        5,
        '5',
        'NFC "zz9" is not a hex UID: "z" is not a hex digit; a UID is 4 to 10 bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.',
      ],
      [6, '6', 'too few fields: expected 3 but found 2'],
      // the reader's rule (src-shared/domain/nfc-uid.ts): a 3-byte UID is refused here as at the reader
      [
        7,
        '7',
        'NFC "04:A1:B2" is not a hex UID: 3 bytes are too short; a UID is 4 to 10 bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.',
      ],
    ]);
  });

  it('refuses unknown columns, a column given twice and a missing position column, delivering no row', () => {
    const r = read({ csv: 'pos,Text,colour,text\n1,A,red,B\n' });
    expect(r.fileProblems.map((p) => p.message).join(' ')).toMatch(
      /unknown column.*"pos".*"colour"[\s\S]*"text" given more than once[\s\S]*no "position" column/,
    );
    expect(r.records).toEqual([]);
  });

  it('refuses a file with a header only, and an empty one', () => {
    expect(read({ csv: 'position,text\n' }).fileProblems.map((p) => p.code)).toEqual(['noRows']);
    expect(
      read({ csv: '' })
        .fileProblems.map((p) => p.message)
        .join(),
    ).toMatch(/the file is empty/);
  });

  it('reads a file like the same text: BOM dropped, a character split between two pieces and a quoted line break kept', () => {
    // Row 2's value ends exactly across the first piece's end: "é" is two bytes in UTF-8.
    const head = 'position,text\n1,"two\nlines"\n2,';
    const filler = 'x'.repeat(CHUNK_BYTES - Buffer.byteLength(`\uFEFF${head}`) - 1);
    const text = `${head}${filler}é\n3,Ünïcödé\n`;
    const fromFile = read({ path: file(Buffer.from(`\uFEFF${text}`)) });
    const fromText = read({ csv: text });
    expect(fromFile.records).toEqual(fromText.records);
    expect(fromFile.records.map((x) => x.row?.values.TEXT)).toEqual(['two\nlines', `${filler}é`, 'Ünïcödé']);
    expect(fromFile.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fromText.sha256).toBeNull();
  });

  it('reads a CRLF file whose line break is split between two pieces', () => {
    const head = 'position,text\r\n1,';
    const filler = 'y'.repeat(CHUNK_BYTES - head.length - 1);
    // The first piece ends with "\r", the second starts with "\n".
    const text = `${head}${filler}\r\n2,B\r\n`;
    const fromFile = read({ path: file(text) });
    expect(fromFile.records.map((x) => x.row?.values.TEXT)).toEqual([filler, 'B']);
    expect(fromFile.records).toEqual(read({ csv: text }).records);
  });

  it('reads a file piece by piece: the first row arrives after one piece, and no read asks for more than a piece', () => {
    const rows = Array.from({ length: 10_000 }, (_, n) => `${n + 1},R-${n + 1},https://example.test/r/${n + 1}`);
    const path = file(['position,text,qr', ...rows].join('\n'));
    const size = fs.statSync(path).size;
    expect(size).toBeGreaterThan(4 * CHUNK_BYTES);
    let readsAtFirstRow = -1;
    const reading = readPrintData({ path }, (r) => {
      if (r.line === 2) readsAtFirstRow = readSync.mock.calls.length;
    });
    expect(reading.rows).toBe(10_000);
    expect(readsAtFirstRow).toBe(1);
    expect(readSync.mock.calls.length).toBeGreaterThanOrEqual(size / CHUNK_BYTES);
    expect(Math.max(...readSync.mock.calls.map((c) => (c as unknown[])[3] as number))).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  it('stops reading at the first error its caller throws and passes that error on', () => {
    const rows = Array.from({ length: 10_000 }, (_, n) => `${n + 1},R-${n + 1}`);
    const path = file(['position,text', ...rows].join('\n'));
    let seen = 0;
    const stop = new Error('stop here');
    expect(() =>
      readPrintData({ path }, (r) => {
        seen += 1;
        if (r.line === 5) throw stop;
      }),
    ).toThrow(stop);
    expect(seen).toBe(4);
    expect(readSync).toHaveBeenCalledTimes(1);
  });

  it('names a file it cannot open, and what to do', () => {
    expect(() => readPrintData({ path: '/nonexistent/print.csv' }, () => undefined)).toThrow(
      /Cannot read the print data file "\/nonexistent\/print.csv".*Check the path/,
    );
  });
});

describe('what a check keeps', () => {
  it('names the first bad rows and counts the rest; keeps one entry per position, not per row', () => {
    const problems = new PrintDataProblems();
    for (let line = 2; line <= 10_001; line += 1) {
      expect(problems.seePosition(7, line)?.message).toBe(line === 2 ? undefined : 'position 7 is also on line 2');
      if (line > 2) problems.addBadRow({ line, position: '7', problems: [problem('positionTwice', { position: 7, line: 2 }, 'position 7 is also on line 2')] });
    }
    expect(problems.positionsSeen).toBe(1);
    expect(problems.badRowCount).toBe(9_999);
    expect(problems.badRows).toHaveLength(MAX_NAMED_BAD_ROWS);
    expect(problems.badRows.at(-1)?.line).toBe(MAX_NAMED_BAD_ROWS + 2);
    expect(problems.describe().split('\n').at(-1)).toBe(
      `… and ${9_999 - MAX_NAMED_BAD_ROWS} more bad row(s) not listed here; fix the rows above and check again to see them`,
    );
    expect(problems.ok).toBe(false);
  });
});
