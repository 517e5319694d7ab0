import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { closeSync, openSync, readSync } from 'node:fs';
import Papa from 'papaparse';
import { PRINT_DATA_COLUMNS, type PrintDataColumn, type PrintDataIssue, type PrintDataProblemCode } from '../../src-shared/domain/print-data';
import { REPLACEMENT_CHARACTER, type FileReading, type Separator, type TextEncoding } from '../../src-shared/domain/text-file';
import type { StringTagType } from '../../src-shared/api/common';
import type { ExpectedValues } from '../../src-shared/domain/label';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { detectSeparator, GuessingDecoder, readingWords } from '../runtime/text-file';

// Print data (`labels.import`, `station import`): a CSV of position and the values printed
// there. Header `position,text,qr,data_matrix,bar_code,nfc,svc` (any subset that includes
// `position`, any order); `svc` is a path to a capture image. The file is read row by row (papaparse, step by
// step; a file in CHUNK_BYTES pieces) and never held whole: the import reads it twice, once to
// check every row and once to write them (src-main/changes/import.ts). Its encoding and separator are found by
// src-main/runtime/text-file.ts (docs/print-run.md, "Files as shops save them"); a character that could not be read
// (U+FFFD) refuses its row, so it is never stored.

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

/** Where print data comes from: the text itself (sent by a renderer), or a file the CLI names; the user's choices of how to read it. */
export type PrintDataSource =
  { csv: string; separator?: Separator | undefined } | { path: string; encoding?: TextEncoding | undefined; separator?: Separator | undefined };

/** A problem: its code and parameters (the renderer words it) and its English words (the CLI, the log). */
export interface Problem extends PrintDataIssue {
  message: string;
}

export function problem(code: PrintDataProblemCode, params: Record<string, string | number>, message: string): Problem {
  return { code, params, message };
}

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
  /** In English (the CLI, the log). */
  problems: string[];
  /** The same problems as codes, in the same order (the renderer words them). */
  issues: PrintDataIssue[];
}

/** One data row as read: the row when it is fine, else what is wrong with it (and its position, when that is a whole number). */
export type PrintDataRecord = { line: number; rawPosition: string; position: number | null } & (
  { row: PrintDataRow; problems?: never } | { row: null; problems: Problem[] }
);

export interface PrintDataReading {
  /** Problems with the file as a whole (its header, no rows at all). With a header problem no row is delivered. */
  fileProblems: Problem[];
  /** The columns of the header (lower case), once read. */
  columns: string[];
  /** How the file was read. */
  reading: FileReading;
  /** Data rows read, fine or not. */
  rows: number;
  /** SHA-256 of a file's bytes (null for text): a second reading compares it to know the file did not change. */
  sha256: string | null;
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

/** A papaparse error of one record as a problem. */
function csvProblem(error: Papa.ParseError, expected: number, found: number): Problem {
  if (error.code === 'TooFewFields') return problem('fieldsFew', { expected, found }, `too few fields: expected ${expected} but found ${found}`);
  if (error.code === 'TooManyFields') return problem('fieldsMany', { expected, found }, `too many fields: expected ${expected} but found ${found}`);
  return problem('quotes', {}, `${error.message}; check the quotes (") in this row`);
}

/** Streams the CSV records of a source to `onRecord`, synchronously; stops at the first error `onRecord` throws and rethrows it. */
function eachCsvRecord(
  source: PrintDataSource,
  onRecord: (record: { fields: string[]; errors: Papa.ParseError[] }) => boolean | void,
  onReading: (reading: FileReading) => void,
): { sha256: string | null; reading: FileReading } {
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let complete = false;
  const config = (separator: Separator): Papa.ParseConfig<string[]> => ({
    header: false,
    delimiter: separator,
    skipEmptyLines: 'greedy',
    step(results, parser) {
      if (stopped) return;
      try {
        // A record's own errors; one without a row is about the file, not this row.
        const errors = results.errors.filter((e) => e.row !== undefined);
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
  });
  if ('csv' in source) {
    const text = source.csv.replace(/^\uFEFF/, '');
    const guess = detectSeparator(text.slice(0, CHUNK_BYTES), text.length <= CHUNK_BYTES);
    const separator = source.separator ?? guess.separator;
    const reading: FileReading = { encoding: null, bom: false, encodingCertain: true, separator, separatorCertain: guess.certain };
    onReading(reading);
    Papa.parse(text, config(separator));
    if (failure) throw failure.error;
    return { sha256: null, reading };
  }

  let fd: number;
  try {
    fd = openSync(source.path, 'r');
  } catch (error) {
    throw cannotRead(source.path, error);
  }
  const hash = createHash('sha256');
  const chunks = new SyncChunks();
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const readChunk = (): number => {
    try {
      return readSync(fd, buffer, 0, CHUNK_BYTES, null);
    } catch (error) {
      throw cannotRead(source.path, error);
    }
  };
  try {
    // The encoding found as the file is read (docs/print-run.md, "Files as shops save them").
    const decoder = new GuessingDecoder(source.encoding);
    let pending: string | null = null;
    let separator: { separator: Separator; certain: boolean } | undefined;
    const howRead = (): FileReading => {
      const found = separator ?? { separator: ',' as const, certain: true };
      const { encoding, bom, certain } = decoder.encoding;
      return { encoding, bom, encodingCertain: certain, separator: source.separator ?? found.separator, separatorCertain: found.certain };
    };
    const emit = (text: string, last: boolean) => {
      if (!separator) {
        // The separator from the first piece of text, before papaparse sees any.
        pending = (pending ?? '') + text;
        if (!last && pending.length < 4096) return;
        separator = detectSeparator(pending, last);
        Papa.parse(
          chunks as unknown as NodeJS.ReadableStream,
          {
            ...config(source.separator ?? separator.separator),
            error(error) {
              failure ??= { error };
              stopped = true;
            },
          } as Papa.ParseLocalConfig<string[], NodeJS.ReadableStream>,
        );
        text = pending;
      }
      onReading(howRead());
      if (text) chunks.emit('data', text);
    };
    for (;;) {
      const n = readChunk();
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      emit(decoder.write(buffer.subarray(0, n)), false);
      if (stopped) break;
    }
    if (!stopped) {
      emit(decoder.end(), true);
      chunks.emit('end');
    }
    if (failure) throw failure.error;
    // papaparse parses each chunk as it is emitted; had it deferred any, rows would be missing here.
    if (!stopped && !complete) throw new Error('papaparse did not read the print data synchronously; the import cannot run in one transaction.');
    return { sha256: hash.digest('hex'), reading: howRead() };
  } finally {
    closeSync(fd);
  }
}

/** The header's problems (none = fine). */
function headerProblems(header: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const unknown = header.filter((h) => !(PRINT_DATA_COLUMNS as readonly string[]).includes(h));
  const quoted = (names: readonly string[]) => names.map((u) => `"${u}"`).join(', ');
  if (unknown.length)
    problems.push(
      problem(
        'unknownColumns',
        { columns: quoted(unknown), header: PRINT_DATA_COLUMNS.join(',') },
        `unknown column(s) ${quoted(unknown)}; the header is ${PRINT_DATA_COLUMNS.join(',')}`,
      ),
    );
  const twice = [...new Set(header.filter((h, i) => header.indexOf(h) !== i))];
  if (twice.length)
    problems.push(problem('columnsTwice', { columns: quoted(twice) }, `column(s) ${quoted(twice)} given more than once; name each column once`));
  if (!header.includes('position')) problems.push(problem('noPositionColumn', {}, 'the header has no "position" column'));
  return problems;
}

/** A character the file's encoding could not read, shown as U+FFFD: refused, never stored (docs/print-run.md, "Files as shops save them"). */
function unreadable(reading: () => FileReading): Problem {
  const how = readingWords(reading());
  return problem(
    'unreadableCharacter',
    {},
    `a character could not be read (shown as ${REPLACEMENT_CHARACTER}; the file was read as ${how}); save the file as UTF-8, or choose the encoding it was saved in, and import again`,
  );
}

/**
 * Reads print data row by row, synchronously, handing each row (or its problems) to `onRecord`.
 * Checks what one row shows by itself (position, values, field count, a character that could not be read); checks
 * that need other rows or the store (a position given twice, a Label already there) are the caller's. Holds one
 * row at a time: what a check keeps is up to the caller.
 */
export function readPrintData(source: PrintDataSource, onRecord: (record: PrintDataRecord) => void): PrintDataReading {
  const fileProblems: Problem[] = [];
  const state: { header: string[] | null; rows: number } = { header: null, rows: 0 };
  let columns: { position: number; svc: number; tags: [number, StringTagType][] } | undefined;
  // How the file is being read, for a problem's words (known once the first piece is decoded).
  let readingSoFar: FileReading | undefined;
  const howRead = (): FileReading =>
    readingSoFar ?? {
      encoding: 'encoding' in source ? (source.encoding ?? null) : null,
      bom: false,
      encodingCertain: true,
      separator: ',',
      separatorCertain: true,
    };
  const { sha256, reading } = eachCsvRecord(
    source,
    ({ fields, errors }) => {
      const header = state.header;
      if (header === null) {
        const names = fields.map((h) => h.trim().toLowerCase());
        state.header = names;
        fileProblems.push(...headerProblems(names));
        if (fields.some((f) => f.includes(REPLACEMENT_CHARACTER)))
          fileProblems.push({ ...unreadable(howRead), message: `line 1 (the header): ${unreadable(howRead).message}` });
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
      const problems = errors.map((e) => csvProblem(e, header.length, fields.length));
      if (!errors.some((e) => e.code === 'TooFewFields' || e.code === 'TooManyFields')) {
        if (fields.length < header.length) problems.push(csvProblem({ code: 'TooFewFields' } as Papa.ParseError, header.length, fields.length));
        else if (fields.length > header.length) problems.push(csvProblem({ code: 'TooManyFields' } as Papa.ParseError, header.length, fields.length));
      }
      if (fields.some((f) => f.includes(REPLACEMENT_CHARACTER))) problems.push(unreadable(howRead));
      const rawPosition = (fields[columns.position] ?? '').trim();
      const position = /^\d+$/.test(rawPosition) ? Number(rawPosition) : NaN;
      if (Number.isNaN(position)) problems.push(problem('positionNotNumber', { value: rawPosition }, `position "${rawPosition}" is not a whole number`));
      const values: ExpectedValues = {};
      for (const [index, tagType] of columns.tags) {
        const value = (fields[index] ?? '').trim();
        if (!value) continue;
        if (tagType === 'NFC') {
          const uid = normalizeNfcUid(value);
          if (!uid.ok) problems.push(problem('nfcUid', { value: value.length > 40 ? `${value.slice(0, 40)}…` : value }, uid.reason));
          else values.NFC = uid.value;
        } else {
          values[tagType] = value;
        }
      }
      const svcPath = (columns.svc >= 0 ? (fields[columns.svc] ?? '').trim() : '') || null;
      if (Object.keys(values).length === 0 && svcPath === null) problems.push(problem('noValue', {}, 'no value at all; give at least one identifier'));
      const known = Number.isNaN(position) ? null : position;
      onRecord(
        problems.length
          ? { line, rawPosition, position: known, row: null, problems }
          : { line, rawPosition, position: known, row: { line, position, values, svcPath } },
      );
      return true;
    },
    (reading) => {
      readingSoFar = reading;
    },
  );
  if (state.header === null)
    fileProblems.push(
      problem('empty', { header: PRINT_DATA_COLUMNS.join(',') }, `the file is empty; its first line is the header (${PRINT_DATA_COLUMNS.join(',')})`),
    );
  else if (!fileProblems.length && state.rows === 0) fileProblems.push(problem('noRows', {}, 'the file has no rows'));
  return { fileProblems, columns: state.header ?? [], reading, rows: state.rows, sha256 };
}

/**
 * What a check of print data keeps: the file's problems, the first MAX_NAMED_BAD_ROWS bad rows and
 * how many there are, and the line of each position seen (a position given twice is a bad row).
 * Its size follows the distinct positions, not the rows' contents.
 */
export class PrintDataProblems {
  /** In English (the CLI, the log). */
  readonly fileProblems: string[] = [];
  /** The same as codes (the renderer words them). */
  readonly fileIssues: PrintDataIssue[] = [];
  readonly badRows: BadRow[] = [];
  badRowCount = 0;
  private readonly lineOf = new Map<number, number>();

  /** Records the row's position; returns the problem when an earlier row has it. */
  seePosition(position: number, line: number): Problem | undefined {
    const earlier = this.lineOf.get(position);
    if (earlier !== undefined) return problem('positionTwice', { position, line: earlier }, `position ${position} is also on line ${earlier}`);
    this.lineOf.set(position, line);
    return undefined;
  }

  /** Positions seen so far (one entry each, however many rows). */
  get positionsSeen(): number {
    return this.lineOf.size;
  }

  addFileProblem(found: Problem): void {
    this.fileProblems.push(found.message);
    this.fileIssues.push({ code: found.code, params: found.params });
  }

  addBadRow(row: { line: number; position: string; problems: Problem[] }): void {
    this.badRowCount += 1;
    if (this.badRows.length < MAX_NAMED_BAD_ROWS)
      this.badRows.push({
        line: row.line,
        position: row.position,
        problems: row.problems.map((p) => p.message),
        issues: row.problems.map((p) => ({ code: p.code, params: p.params })),
      });
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
