import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { PRINT_DATA_COLUMNS, type PrintDataColumn } from '../../src-shared/domain/print-data';
import type { StringTagType } from '../../src-shared/api/common';
import type { ExpectedValues } from '../../src-shared/domain/label';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';

// Print data (`labels.import`, `station import`): a CSV of position and the values printed
// there. Header `position,text,qr,data_matrix,bar_code,nfc,svc` (any subset that includes
// `position`, any order); `svc` is a path to a capture image. The file is read row by row (papaparse, step by
// step; a file in CHUNK_BYTES pieces) and never held whole: the import reads it twice, once to
// check every row and once to write them (src-main/changes/import.ts).

type Column = PrintDataColumn;

const TAG_OF: Record<Exclude<Column, 'position' | 'svc'>, StringTagType> = {
  text: 'TEXT',
  qr: 'QR',
  data_matrix: 'DATA_MATRIX',
  bar_code: 'BAR_CODE',
  nfc: 'NFC',
};

/** How much of a print-data file is read at a time. */
export const CHUNK_BYTES = 64 * 1024;

/** How many bad rows a check names; beyond them it only counts (a wholly wrong file of 100,000 rows stays one screen). */
export const MAX_NAMED_BAD_ROWS = 100;

/** Where print data comes from: the text itself (sent by a renderer), or a file the CLI names. */
export type PrintDataSource = { csv: string } | { path: string };

export interface PrintDataRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  position: number;
  values: ExpectedValues;
  svcPath: string | null;
}

export interface BadRow {
  line: number;
  position: string;
  problems: string[];
}

/** One data row as read: the row when it is fine, else what is wrong with it (and its position, when that is a whole number). */
export type PrintDataRecord = { line: number; rawPosition: string; position: number | null } & (
  { row: PrintDataRow; problems?: never } | { row: null; problems: string[] }
);

export interface PrintDataReading {
  /** Problems with the file as a whole (its header, no rows at all). With a header problem no row is delivered. */
  fileProblems: string[];
  /** Data rows read, fine or not. */
  rows: number;
  /** SHA-256 of a file's bytes (null for text): a second reading compares it to know the file did not change. */
  sha256: string | null;
}

/** One CSV record: its fields as written and what the CSV parser found wrong with it. */
interface CsvRecord {
  fields: string[];
  errors: string[];
}

/**
 * Feeds a file to papaparse in CHUNK_BYTES pieces, synchronously. papaparse takes a Node readable
 * (`Papa.parse(stream, { step })`) and parses each `data` chunk as it is emitted, so rows reach
 * `step` before the next piece is read; emitting the pieces ourselves keeps the whole pass
 * synchronous, which the import's single SQLite transaction needs (better-sqlite3 transactions
 * cannot span an await).
 */
class SyncChunks extends EventEmitter {
  readonly readable = true;
  read(): null {
    return null;
  }
  pause(): this {
    return this;
  }
  resume(): this {
    return this;
  }
}

function cannotRead(path: string, error: unknown): StationError {
  return new StationError({
    code: StationErrorCode.invalidInput,
    message: `Cannot read the print data file "${path}": ${(error as Error).message}. Check the path and that the station may read the file, then import again.`,
  });
}

/** Streams the CSV records of a source to `onRecord`, synchronously; stops at the first error `onRecord` throws and rethrows it. */
function eachCsvRecord(source: PrintDataSource, onRecord: (record: CsvRecord) => boolean | void): { sha256: string | null } {
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let complete = false;
  const config: Papa.ParseConfig<string[]> = {
    header: false,
    skipEmptyLines: 'greedy',
    step(results, parser) {
      if (stopped) return;
      try {
        // A record's own errors; one without a row (the delimiter guess) is about the file, not this row.
        const errors = results.errors.filter((e) => e.row !== undefined).map((e) => e.message);
        if (onRecord({ fields: results.data, errors }) === false) stopped = true;
      } catch (error) {
        failure = { error };
        stopped = true;
      }
      if (stopped) parser.abort();
    },
    complete() {
      complete = true;
    },
  };
  if ('csv' in source) {
    Papa.parse(source.csv, config);
    if (failure) throw failure.error;
    return { sha256: null };
  }

  let fd: number;
  try {
    fd = openSync(source.path, 'r');
  } catch (error) {
    throw cannotRead(source.path, error);
  }
  const hash = createHash('sha256');
  const chunks = new SyncChunks();
  try {
    Papa.parse(
      chunks as unknown as NodeJS.ReadableStream,
      {
        ...config,
        error(error) {
          failure ??= { error };
          stopped = true;
        },
      } as Papa.ParseLocalConfig<string[], NodeJS.ReadableStream>,
    );
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let first = true;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      } catch (error) {
        throw cannotRead(source.path, error);
      }
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      let text = decoder.write(buffer.subarray(0, n));
      if (first && text) {
        text = text.replace(/^\uFEFF/, '');
        first = false;
      }
      if (text) chunks.emit('data', text);
      if (stopped) break;
    }
    if (!stopped) {
      const rest = decoder.end();
      if (rest) chunks.emit('data', rest);
      chunks.emit('end');
    }
  } finally {
    closeSync(fd);
  }
  if (failure) throw failure.error;
  // papaparse parses each chunk as it is emitted; had it deferred any, rows would be missing here.
  if (!stopped && !complete) throw new Error('papaparse did not read the print data synchronously; the import cannot run in one transaction.');
  return { sha256: hash.digest('hex') };
}

/** The header's problems in words (none = fine). */
function headerProblems(header: readonly string[]): string[] {
  const problems: string[] = [];
  const unknown = header.filter((h) => !(PRINT_DATA_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) problems.push(`unknown column(s) ${unknown.map((u) => `"${u}"`).join(', ')}; the header is ${PRINT_DATA_COLUMNS.join(',')}`);
  const twice = [...new Set(header.filter((h, i) => header.indexOf(h) !== i))];
  if (twice.length) problems.push(`column(s) ${twice.map((t) => `"${t}"`).join(', ')} given more than once; name each column once`);
  if (!header.includes('position')) problems.push('the header has no "position" column');
  return problems;
}

/**
 * Reads print data row by row, synchronously, handing each row (or its problems) to `onRecord`.
 * Checks what one row shows by itself (position, values, field count); checks that need other
 * rows or the store (a position given twice, a Label already there) are the caller's. Holds one
 * row at a time: what a check keeps is up to the caller.
 */
export function readPrintData(source: PrintDataSource, onRecord: (record: PrintDataRecord) => void): PrintDataReading {
  const fileProblems: string[] = [];
  const state: { header: string[] | null; rows: number } = { header: null, rows: 0 };
  let columns: { position: number; svc: number; tags: [number, StringTagType][] } | undefined;
  const { sha256 } = eachCsvRecord(source, ({ fields, errors }) => {
    const header = state.header;
    if (header === null) {
      const names = fields.map((h) => h.trim().toLowerCase());
      state.header = names;
      fileProblems.push(...headerProblems(names));
      if (fileProblems.length) return false;
      columns = {
        position: names.indexOf('position'),
        svc: names.indexOf('svc'),
        tags: (Object.entries(TAG_OF) as [keyof typeof TAG_OF, StringTagType][])
          .map(([column, tagType]): [number, StringTagType] => [names.indexOf(column), tagType])
          .filter(([i]) => i >= 0),
      };
      return true;
    }
    if (!columns) return false;
    state.rows += 1;
    const line = state.rows + 1;
    const problems = [...errors];
    if (fields.length < header.length) problems.push(`Too few fields: expected ${header.length} fields but parsed ${fields.length}`);
    else if (fields.length > header.length) problems.push(`Too many fields: expected ${header.length} fields but parsed ${fields.length}`);
    const rawPosition = (fields[columns.position] ?? '').trim();
    const position = /^\d+$/.test(rawPosition) ? Number(rawPosition) : NaN;
    if (Number.isNaN(position)) problems.push(`position "${rawPosition}" is not a whole number`);
    const values: ExpectedValues = {};
    for (const [index, tagType] of columns.tags) {
      const value = (fields[index] ?? '').trim();
      if (!value) continue;
      if (tagType === 'NFC') {
        const uid = normalizeNfcUid(value);
        if (!uid.ok) problems.push(uid.reason);
        else values.NFC = uid.value;
      } else {
        values[tagType] = value;
      }
    }
    const svcPath = (columns.svc >= 0 ? (fields[columns.svc] ?? '').trim() : '') || null;
    if (Object.keys(values).length === 0 && svcPath === null) problems.push('no value at all; give at least one identifier');
    const known = Number.isNaN(position) ? null : position;
    onRecord(
      problems.length
        ? { line, rawPosition, position: known, row: null, problems }
        : { line, rawPosition, position: known, row: { line, position, values, svcPath } },
    );
    return true;
  });
  if (state.header === null) fileProblems.push('the file is empty; its first line is the header (position,text,qr,data_matrix,bar_code,nfc,svc)');
  else if (!fileProblems.length && state.rows === 0) fileProblems.push('the file has no rows');
  return { fileProblems, rows: state.rows, sha256 };
}

/**
 * What a check of print data keeps: the file's problems, the first MAX_NAMED_BAD_ROWS bad rows and
 * how many there are, and the line of each position seen (a position given twice is a bad row).
 * Its size follows the distinct positions, not the rows' contents.
 */
export class PrintDataProblems {
  readonly fileProblems: string[] = [];
  readonly badRows: BadRow[] = [];
  badRowCount = 0;
  private readonly lineOf = new Map<number, number>();

  /** Records the row's position; returns the problem when an earlier row has it. */
  seePosition(position: number, line: number): string | undefined {
    const earlier = this.lineOf.get(position);
    if (earlier !== undefined) return `position ${position} is also on line ${earlier}`;
    this.lineOf.set(position, line);
    return undefined;
  }

  /** Positions seen so far (one entry each, however many rows). */
  get positionsSeen(): number {
    return this.lineOf.size;
  }

  addBadRow(row: BadRow): void {
    this.badRowCount += 1;
    if (this.badRows.length < MAX_NAMED_BAD_ROWS) this.badRows.push(row);
  }

  get ok(): boolean {
    return this.fileProblems.length === 0 && this.badRowCount === 0;
  }

  /** The problems in words, one per line: "line 4 (position 3): position 3 is also on line 2". */
  describe(): string {
    const more = this.badRowCount - this.badRows.length;
    return [
      ...this.fileProblems,
      ...this.badRows.map((r) => `line ${r.line} (position ${r.position || '?'}): ${r.problems.join('; ')}`),
      ...(more > 0 ? [`… and ${more} more bad row(s) not listed here; fix the rows above and check again to see them`] : []),
    ].join('\n');
  }
}
