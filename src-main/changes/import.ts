import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { StringTagType } from '../../src-shared/api/common';
import { StationError } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { CaptureError, storeCapture, undoStoredCapture, type StoredCapture } from '../store/captures';
import { isNoSpace } from '../runtime/disk';
import { bulkTransaction, type Db } from '../store/database';
import { countLabelsByState, getLabelAt, getLabelStateAt, newLabelRow, sameCaptureElsewhere, upsertLabel } from '../store/labels';
import type { LocalReel } from '../store/reels';
import { requireReel, type ChangeContext } from './context';
import { buildEnrollment, canEnrollOver, commitEnrollment, memoryRepeats, sameCaptureError } from './enroll';
import { identifierValuesMatch } from '../../src-shared/domain/identifier-values';
import type { PrintDataColumn } from '../../src-shared/domain/print-data';
import type { FileReading, TextEncoding } from '../../src-shared/domain/text-file';
import { MAX_NAMED_BAD_ROWS, PrintDataProblems, problem, readPrintData, type PrintDataRow, type PrintDataSource, type Problem } from '../print-run/print-data';
import { checkAgainstPrintData } from '../../src-shared/domain/print-check';
import { mismatchWords, reelPrintedAt } from './print-check';
import { timeOrderedUUID } from '../runtime/time-ordered-id';

// Print-data import: by default every row is queued as an enrollment (offline batch Label
// creation); with `expectedOnly` the rows become the values the bench verifies each Label
// against. All or nothing: an invalid file enrolls nothing and names its bad rows.
//
// The file is read twice and never held: the check (checkPrintData) keeps only what its rules
// need (each position's line, the first bad rows, the rows naming an svc image), then the write
// reads it again and writes row by row inside ONE transaction. A file that changed in between
// (its SHA-256 or row count differ, a row went bad) rolls that transaction back.

export interface ImportRequest {
  reelId: string;
  source: PrintDataSource;
  /** Where relative `svc` paths are resolved from (the CSV's folder). */
  baseDir: string;
  expectedOnly?: boolean;
  indexing?: 'default' | 'none';
  /** `svc` columns may name files on disk (the CLI only); otherwise such rows are refused. */
  allowFilePaths?: boolean;
  /** Enroll rows whose values are not the print data this bench holds for their position (recorded with each Label). */
  acceptMismatch?: boolean;
}

/** A row naming a capture image: what the capture step needs after the check. */
interface SvcRow {
  line: number;
  position: number;
  svcPath: string;
}

export interface PrintDataCheck {
  problems: PrintDataProblems;
  /** Data rows in the file. */
  rows: number;
  sha256: string | null;
  svcRows: SvcRow[];
  /** How the file was read (its encoding and separator). */
  reading: FileReading;
  /** Columns the Reel's composition prints that the file lacks: the bench cannot check those codes against it. */
  missingColumns: PrintDataColumn[];
  /** The first Labels already on the Reel that the new print data contradicts (MAX_NAMED_BAD_ROWS at most). */
  contradicted: Contradiction[];
  /** How many Labels it contradicts in all. */
  contradictedCount: number;
}

/** A Label on the Reel carrying a value the new print data says is not printed at its position. */
interface Contradiction {
  line: number;
  position: number;
  tagType: StringTagType;
  /** What the Label carries. */
  carries: string;
  /** What the new print data says is printed there. */
  printed: string;
}

/** The column of each printed code (NFC is encoded, not printed: its UID is not known before). */
const PRINTED_COLUMN: Partial<Record<string, PrintDataColumn>> = { TEXT: 'text', QR: 'qr', DATA_MATRIX: 'data_matrix', BAR_CODE: 'bar_code' };

export interface CheckOptions {
  expectedOnly?: boolean;
  allowFilePaths?: boolean;
  acceptMismatch?: boolean;
  baseDir: string;
}

/**
 * Every rule the import applies before writing, in one streaming pass: each row by itself, a
 * position given twice, a position already holding a Label (unless only expected values are
 * imported), values to enroll that are not the print data this bench already holds for their position (a
 * misorder or a misprint, src-main/changes/print-check.ts; unless accepted), svc paths (allowed here? readable?).
 * Writes nothing. The preview
 * (reels.checkPrintData) is this same check.
 */
export function checkPrintData(db: Db, reel: LocalReel, source: PrintDataSource, options: CheckOptions): PrintDataCheck {
  const problems = new PrintDataProblems();
  const svcRows: SvcRow[] = [];
  const enroll = !options.expectedOnly;
  // Only a Reel with print data has anything to check a row against (a Reel without costs no read per row).
  const printedAt = enroll ? reelPrintedAt(db, reel.reelId) : undefined;
  const checkPrint = printedAt !== undefined && printedAt.size > 0 && !options.acceptMismatch;
  const contradicted: Contradiction[] = [];
  let contradictedCount = 0;
  // Only a Reel with Labels that carry values (not print data alone) has any to contradict: one count, not a read per row.
  const carriesValues = Object.entries(countLabelsByState(db, reel.reelId)).some(([state, n]) => state !== 'expected' && (n ?? 0) > 0);
  const reading = readPrintData(source, (record) => {
    const rowProblems: Problem[] = record.row ? [] : [...record.problems];
    const row = record.row;
    // A bad row's position counts too: its duplicate is named now, not after the row is fixed.
    const twice = record.position === null ? undefined : problems.seePosition(record.position, record.line);
    if (twice) rowProblems.push(twice);
    // Print data for Labels already enrolled only adds what the bench and the reel map compare
    // against; an enrollment over a Label is refused.
    if (row && enroll) {
      const existing = getLabelStateAt(db, reel.reelId, row.position);
      if (existing && !canEnrollOver(existing))
        rowProblems.push(
          problem(
            'positionTaken',
            { position: row.position, state: existing.state, elsewhere: existing.origin === 'elsewhere' ? 1 : 0 },
            `position ${row.position} already holds a Label (${existing.state}${existing.origin === 'elsewhere' ? ', enrolled by another bench or app' : ''})`,
          ),
        );
    }
    if (row && printedAt && checkPrint) {
      const { findings } = checkAgainstPrintData(valuesOf(row), row.position, getLabelAt(db, reel.reelId, row.position)?.expected ?? null, printedAt);
      const finding = findings.find((f) => f.kind === 'misorder') ?? findings[0];
      if (finding)
        rowProblems.push(
          problem(
            finding.kind,
            finding.kind === 'misorder'
              ? { position: row.position, tagType: finding.tagType, value: finding.value, printedFor: finding.printedFor }
              : { position: row.position, tagType: finding.tagType, value: finding.value, expected: finding.expected },
            `${mismatchWords(row.position, findings)}; to enroll it there anyway, accept the mismatch (station import --accept-mismatch)`,
          ),
        );
    }
    // A Label already there whose values the new print data contradicts is named before the import
    // (docs/print-run.md, "Files as shops save them"); an enrollment over it is refused above.
    if (row && carriesValues && !rowProblems.length) {
      const label = getLabelAt(db, reel.reelId, row.position);
      const against = label?.identifiers.find((i) => {
        const printed = row.values[i.tagType as StringTagType];
        return i.value !== undefined && printed !== undefined && !identifierValuesMatch(i.tagType, printed, i.value);
      });
      if (against?.value !== undefined) {
        contradictedCount += 1;
        const tagType = against.tagType as StringTagType;
        if (contradicted.length < MAX_NAMED_BAD_ROWS)
          contradicted.push({ line: row.line, position: row.position, tagType, carries: against.value, printed: row.values[tagType] as string });
      }
    }
    if (row?.svcPath && enroll) {
      if (!options.allowFilePaths) rowProblems.push(problem('svcCliOnly', {}, 'svc image paths are accepted only from the command line (station import)'));
      else if (!readable(resolveSvc(options.baseDir, row.svcPath)))
        rowProblems.push(
          problem('svcUnreadable', { path: row.svcPath }, `svc image "${row.svcPath}" cannot be read; check the path (relative to the CSV's folder)`),
        );
      else if (!rowProblems.length) svcRows.push({ line: row.line, position: row.position, svcPath: row.svcPath });
    }
    if (rowProblems.length) problems.addBadRow({ line: record.line, position: record.rawPosition, problems: rowProblems });
  });
  for (const found of reading.fileProblems) problems.addFileProblem(found);
  const missingColumns = reading.fileProblems.length
    ? []
    : [...new Set(reel.expectedIdentifiers.filter((e) => e.count > 0).map((e) => PRINTED_COLUMN[e.tagType]))].filter(
        (c): c is PrintDataColumn => c !== undefined && !reading.columns.includes(c),
      );
  return { problems, rows: reading.rows, sha256: reading.sha256, svcRows, reading: reading.reading, missingColumns, contradicted, contradictedCount };
}

function resolveSvc(baseDir: string, svcPath: string): string {
  return isAbsolute(svcPath) ? svcPath : resolve(baseDir, svcPath);
}

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function invalid(problems: PrintDataProblems): StationError {
  return new StationError({
    code: 'STATION_IMPORT_INVALID',
    message: `The print data is invalid; nothing was imported. Fix these and import again:\n${problems.describe()}`,
    detail: { badRows: problems.badRows, badRowCount: problems.badRowCount, fileProblems: problems.fileProblems, fileIssues: problems.fileIssues },
  });
}

function changedMeanwhile(what: string): StationError {
  const problems = new PrintDataProblems();
  problems.addFileProblem(problem('changed', {}, `the print data changed while it was being imported (${what}); import it again`));
  return invalid(problems);
}

/**
 * Stores the capture of each row naming one, one image at a time (a capture file is written
 * before the row that references it commits, as for a single enrollment). Adds a problem for an
 * image that is not a usable capture or is the very picture of another row or Label.
 */
async function storeCaptures(
  ctx: ChangeContext,
  reel: LocalReel,
  svcRows: readonly SvcRow[],
  baseDir: string,
  problems: PrintDataProblems,
): Promise<Map<number, StoredCapture>> {
  const captures = new Map<number, StoredCapture>();
  /** Capture sha256 → the line that uses it: one picture is one optical tag (the service refuses it twice). */
  const lineOf = new Map<string, number>();
  for (const row of svcRows) {
    const bad = (message: string) =>
      problems.addBadRow({ line: row.line, position: String(row.position), problems: [problem('svcCapture', { path: row.svcPath }, message)] });
    let capture: StoredCapture;
    try {
      capture = await storeCapture(ctx.dataDir, await readFile(resolveSvc(baseDir, row.svcPath)));
    } catch (error) {
      if (isNoSpace(error)) {
        // A full disk: nothing of the import stays (docs/storage.md).
        for (const stored of captures.values()) undoStoredCapture(stored);
        throw error;
      }
      if (error instanceof CaptureError) bad(`svc image "${row.svcPath}": ${error.message}`);
      else bad(`svc image "${row.svcPath}" cannot be read (${(error as Error).message}); check the file`);
      continue;
    }
    const earlier = lineOf.get(capture.sha256);
    if (earlier !== undefined) {
      bad(`svc image "${row.svcPath}" is the same picture as on line ${earlier}; each Label needs its own capture`);
      continue;
    }
    lineOf.set(capture.sha256, row.line);
    const other = sameCaptureElsewhere(ctx.db, capture.sha256, reel.reelId, row.position);
    if (other) {
      bad(sameCaptureError(row.position, other).message);
      continue;
    }
    captures.set(row.line, capture);
  }
  return captures;
}

export interface ImportResult {
  rows: number;
  queued: number;
  expected: number;
  reading: FileReading;
  missingColumns: PrintDataColumn[];
  /** Labels already on the Reel that the print data contradicts (named by the check before). */
  contradicted: number;
}

export async function importPrintData(ctx: ChangeContext, request: ImportRequest): Promise<ImportResult> {
  const reel = requireReel(ctx, request.reelId);
  const enroll = !request.expectedOnly;
  const check = checkPrintData(ctx.db, reel, request.source, request);
  if (!check.problems.ok) throw invalid(check.problems);
  const captures =
    enroll && check.svcRows.length ? await storeCaptures(ctx, reel, check.svcRows, request.baseDir, check.problems) : new Map<number, StoredCapture>();
  const undoCaptures = () => {
    for (const stored of captures.values()) undoStoredCapture(stored);
  };
  if (!check.problems.ok) {
    undoCaptures();
    throw invalid(check.problems);
  }
  // The capture step awaited: the Reel may have changed meanwhile.
  const current = requireReel(ctx, reel.reelId);

  try {
    importTransaction(ctx, request, check, current, enroll, captures);
  } catch (error) {
    // Rolled back (a changed file, a full disk): no capture without its row.
    undoCaptures();
    throw error;
  }
  return {
    rows: check.rows,
    queued: enroll ? check.rows : 0,
    expected: enroll ? 0 : check.rows,
    reading: check.reading,
    missingColumns: check.missingColumns,
    contradicted: check.contradictedCount,
  };
}

function importTransaction(
  ctx: ChangeContext,
  request: ImportRequest,
  check: ReturnType<typeof checkPrintData>,
  current: LocalReel,
  enroll: boolean,
  captures: Map<number, StoredCapture>,
): void {
  bulkTransaction(ctx.db, () => {
    const repeats = enroll ? memoryRepeats(ctx.db, current.reelId) : undefined;
    const printedAt = enroll ? reelPrintedAt(ctx.db, current.reelId) : undefined;
    // Read as the check read it: the encoding and separator it found or was given.
    const again = readPrintData({ ...request.source, ...sameReading(request.source, check.reading) }, (record) => {
      if (!record.row) throw changedMeanwhile(`line ${record.line} is not as it was checked`);
      if (!repeats) {
        writeExpected(ctx, current.reelId, record.row);
        return;
      }
      const row = record.row;
      const existing = getLabelAt(ctx.db, current.reelId, row.position);
      if (existing && !canEnrollOver(existing)) throw changedMeanwhile(`position ${row.position} now holds a Label (${existing.state})`);
      const capture = captures.get(row.line) ?? null;
      if (row.svcPath && !capture) throw changedMeanwhile(`line ${row.line} names an svc image it did not name before`);
      const identifiers = valuesOf(row);
      // Checked above; what is left here was accepted (request.acceptMismatch) and is written on the Label.
      const printFindings = printedAt?.size ? checkAgainstPrintData(identifiers, row.position, existing?.expected ?? null, printedAt).findings : [];
      if (printFindings.length && !request.acceptMismatch) throw changedMeanwhile(`position ${row.position}'s print data changed`);
      const prepared = buildEnrollment(
        current,
        existing,
        { position: row.position, identifiers, ...(request.indexing ? { indexing: request.indexing } : {}) },
        capture,
        repeats,
        printFindings,
      );
      prepared.label.expected = { ...(prepared.label.expected ?? {}), ...row.values };
      commitEnrollment(ctx, prepared);
      repeats.add(row.position, identifiers);
    });
    if (again.rows !== check.rows || again.sha256 !== check.sha256 || again.fileProblems.length)
      throw changedMeanwhile('its contents differ from the checked file');
    if (!enroll) audit(ctx.db, 'printData.import', current.reelId, { rows: check.rows, expectedOnly: true });
  });
}

/** The encoding and separator a second reading of a source uses: those of the first. */
function sameReading(source: PrintDataSource, reading: FileReading): { separator: FileReading['separator']; encoding?: TextEncoding } {
  return 'path' in source && reading.encoding ? { separator: reading.separator, encoding: reading.encoding } : { separator: reading.separator };
}

/** A row's values as identifiers to enroll. */
function valuesOf(row: PrintDataRow): { tagType: StringTagType; value: string }[] {
  return Object.entries(row.values).map(([tagType, value]) => ({ tagType: tagType as StringTagType, value: value as string }));
}

function writeExpected(ctx: ChangeContext, reelId: string, row: PrintDataRow): void {
  const existing = getLabelAt(ctx.db, reelId, row.position);
  if (existing) {
    upsertLabel(ctx.db, { ...existing, expected: row.values });
    return;
  }
  upsertLabel(ctx.db, newLabelRow({ labelId: timeOrderedUUID(), reelId, position: row.position, expected: row.values }));
}
