import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { StringTagType } from '../../src-shared/api/common';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { getLabelAt, upsertLabel } from '../store/labels';
import { requireReel, type EnrollmentContext } from './context';
import { canEnrollOver, commitEnrollments, memoryRepeats, prepareEnrollment, type PreparedEnrollment } from './enroll';
import { describeBadRows, parsePrintData, type BadRow, type PrintDataRow } from './print-data';

// Print-data import: by default every row is queued as an enrollment (offline batch Label
// creation); with `expectedOnly` the rows become the values the bench verifies each Label
// against. All or nothing: an invalid file enrolls nothing and names each bad row.

export interface ImportRequest {
  reelId: string;
  csv: string;
  /** Where relative `svc` paths are resolved from (the CSV's folder). */
  baseDir: string;
  expectedOnly?: boolean;
  indexing?: 'default' | 'none';
  /** `svc` columns may name files on disk (the CLI only); otherwise such rows are refused. */
  allowFilePaths?: boolean;
}

function invalid(message: string, badRows: BadRow[], fileProblems: string[]): StationError {
  return new StationError({ code: 'STATION_IMPORT_INVALID', message, detail: { badRows, fileProblems } });
}

export async function importPrintData(ctx: EnrollmentContext, request: ImportRequest): Promise<{ rows: number; queued: number; expected: number }> {
  const reel = requireReel(ctx, request.reelId);
  const parsed = parsePrintData(request.csv);
  if (!parsed.ok) throw invalid(`The print data is invalid; nothing was imported.\n${describeBadRows(parsed)}`, parsed.badRows, parsed.fileProblems);

  const badRows: BadRow[] = [];
  // Print data for Labels already enrolled only adds what the bench and the reel map compare against;
  // an enrollment over a Label is refused.
  for (const row of request.expectedOnly ? [] : parsed.rows) {
    const existing = getLabelAt(ctx.db, reel.reelId, row.position);
    if (existing && !canEnrollOver(existing)) {
      badRows.push({ line: row.line, position: String(row.position), problems: [`position ${row.position} already holds a Label (${existing.state})`] });
    }
  }
  const images = new Map<number, Buffer>();
  if (!request.expectedOnly) {
    for (const row of parsed.rows) {
      if (!row.svcPath) continue;
      if (!request.allowFilePaths) {
        badRows.push({ line: row.line, position: String(row.position), problems: ['svc image paths are accepted only from the command line (station import)'] });
        continue;
      }
      const path = isAbsolute(row.svcPath) ? row.svcPath : resolve(request.baseDir, row.svcPath);
      try {
        images.set(row.line, await readFile(path));
      } catch {
        badRows.push({ line: row.line, position: String(row.position), problems: [`svc image "${row.svcPath}" cannot be read`] });
      }
    }
  }
  if (badRows.length) throw invalid(`The print data is invalid; nothing was imported.\n${describeBadRows({ ok: false, fileProblems: [], badRows })}`, badRows, []);

  if (request.expectedOnly) {
    ctx.db.transaction(() => {
      for (const row of parsed.rows) writeExpected(ctx, reel.reelId, row);
      audit(ctx.db, 'printData.import', reel.reelId, { rows: parsed.rows.length, expectedOnly: true });
    })();
    return { rows: parsed.rows.length, queued: 0, expected: parsed.rows.length };
  }

  const prepared: PreparedEnrollment[] = [];
  const repeats = memoryRepeats(ctx.db, reel.reelId);
  /** Capture sha256 → the line that uses it: one picture is one optical tag (the service refuses it twice). */
  const pictures = new Map<string, number>();
  for (const row of parsed.rows) {
    const identifiers = Object.entries(row.values).map(([tagType, value]) => ({ tagType: tagType as StringTagType, value: value as string }));
    const image = images.get(row.line);
    try {
      prepared.push(
        await prepareEnrollment(ctx, {
          reelId: reel.reelId,
          position: row.position,
          identifiers,
          ...(image ? { svcImage: image } : {}),
          ...(request.indexing ? { indexing: request.indexing } : {}),
        }, repeats),
      );
      repeats.add(row.position, identifiers);
      const sha = prepared.at(-1)?.capture?.sha256;
      if (sha && pictures.has(sha)) {
        badRows.push({ line: row.line, position: String(row.position), problems: [`svc image "${row.svcPath}" is the same picture as on line ${pictures.get(sha)}; each Label needs its own capture`] });
      } else if (sha) pictures.set(sha, row.line);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      badRows.push({ line: row.line, position: String(row.position), problems: [error.message] });
    }
  }
  if (badRows.length) throw invalid(`The print data is invalid; nothing was imported.\n${describeBadRows({ ok: false, fileProblems: [], badRows })}`, badRows, []);
  const printed = new Map(parsed.rows.map((r) => [r.position, r.values]));
  for (const p of prepared) p.label.expected = { ...(p.label.expected ?? {}), ...(printed.get(p.label.position) ?? {}) };
  commitEnrollments(ctx, prepared);
  return { rows: parsed.rows.length, queued: prepared.length, expected: 0 };
}

function writeExpected(ctx: EnrollmentContext, reelId: string, row: PrintDataRow): void {
  const existing = getLabelAt(ctx.db, reelId, row.position);
  if (existing) {
    upsertLabel(ctx.db, { ...existing, expected: row.values });
    return;
  }
  upsertLabel(ctx.db, {
    labelId: randomUUID(),
    reelId,
    position: row.position,
    state: 'expected',
    serviceId: null,
    identifiers: [],
    expected: row.values,
    captureSha256: null,
    indexing: 'default',
    warnings: [],
    attention: null,
    boundThreadId: null,
  });
}

export async function readPrintDataFile(path: string): Promise<{ csv: string; baseDir: string }> {
  try {
    return { csv: await readFile(path, 'utf8'), baseDir: dirname(resolve(path)) };
  } catch (error) {
    throw new StationError({ code: StationErrorCode.invalidInput, message: `Cannot read the print data file "${path}": ${(error as Error).message}.` });
  }
}
