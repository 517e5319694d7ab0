import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speckleTag } from '../../test/fixtures';
import { rawRow, storeCounts, openUnitTestStation } from '../../test/helpers/db';
import { refusal } from '../../test/helpers/refusal';
import * as captures from '../store/captures';
import type { Db } from '../store/database';
import { getReel } from '../store/reels';
import type { ChangeContext } from './context';
import { checkPrintData, importPrintData } from './import';
import { CHUNK_BYTES } from '../print-run/print-data';
import { createReel } from './reels';

// How the import reads its file is watched: the fs functions are wrapped, behaviour unchanged.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return { ...real, openSync: vi.fn(real.openSync), readSync: vi.fn(real.readSync), readFileSync: vi.fn(real.readFileSync) };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return { ...real, readFile: vi.fn(real.readFile) };
});
// A capture being stored is the one await between the import's check and its write.
const beforeStoreCapture = vi.hoisted(() => ({ hook: undefined as (() => void) | undefined }));
vi.mock('../store/captures', async (importOriginal) => {
  const real = await importOriginal<typeof import('../store/captures')>();
  return {
    ...real,
    storeCapture: vi.fn(async (dataDir: string, image: Buffer) => {
      beforeStoreCapture.hook?.();
      return real.storeCapture(dataDir, image);
    }),
  };
});

const ROWS = 10_000;
let dir: { path: string; remove(): void };
let db: Db;
let ctx: ChangeContext;
let reelId: string;

beforeEach(() => {
  ({ dir, db } = openUnitTestStation('import-'));
  ctx = { db, dataDir: dir.path, profileId: () => 'p' };
  ({ reelId } = createReel(ctx, { name: 'Import reel' }));
});
afterEach(() => {
  beforeStoreCapture.hook = undefined;
  vi.mocked(fs.openSync).mockClear();
  vi.mocked(fs.readSync).mockClear();
  vi.mocked(fs.readFileSync).mockClear();
  vi.mocked(fsp.readFile).mockClear();
  db.close();
  dir.remove();
});

function printFile(lastRow?: string): string {
  const rows = Array.from({ length: ROWS }, (_, n) => `${n + 1},R-${n + 1},https://example.test/r/${n + 1},`);
  if (lastRow !== undefined) rows[ROWS - 1] = lastRow;
  const path = join(dir.path, 'print.csv');
  writeFileSync(path, ['position,text,qr,nfc', ...rows].join('\n'));
  return path;
}

describe('the check before an import', () => {
  it('names a position repeated after a bad row that has it, in the same pass', () => {
    const reel = getReel(db, reelId);
    if (!reel) throw new Error('no reel');
    const { problems, rows } = checkPrintData(db, reel, { csv: 'position,text,nfc\n1,A,zz9\n1,B,\n2,C,\n' }, { baseDir: dir.path });
    expect(rows).toBe(3);
    expect(problems.badRows).toEqual([
      {
        line: 2,
        position: '1',
        problems: [
          'NFC "zz9" is not a hex UID: "z" is not a hex digit; a UID is 4 to 10 bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.',
        ],
        issues: [{ code: 'nfcUid', params: { value: 'zz9' } }],
      },
      { line: 3, position: '1', problems: ['position 1 is also on line 2'], issues: [{ code: 'positionTwice', params: { position: 1, line: 2 } }] },
    ]);
  });
});

describe('print-data import of 10,000 rows', () => {
  it('an error in the last row imports nothing and names that row and what to do', async () => {
    const path = printFile(`${ROWS},R-${ROWS},https://example.test/r/${ROWS},NOT-HEX`);
    const before = storeCounts(db);
    const error = await refusal(importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path }));
    expect(error.code).toBe('STATION_IMPORT_INVALID');
    expect(error.message).toContain('nothing was imported. Fix these and import again');
    expect(error.message).toContain(`line ${ROWS + 1} (position ${ROWS}): NFC "NOT-HEX" is not a hex UID: "N" is not a hex digit`);
    expect(error.detail).toEqual({
      badRows: [
        {
          line: ROWS + 1,
          position: String(ROWS),
          problems: [
            'NFC "NOT-HEX" is not a hex UID: "N" is not a hex digit; a UID is 4 to 10 bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.',
          ],
          issues: [{ code: 'nfcUid', params: { value: 'NOT-HEX' } }],
        },
      ],
      badRowCount: 1,
      fileProblems: [],
      fileIssues: [],
    });
    expect(storeCounts(db)).toEqual(before);
  });

  it('a last row repeating the first position imports nothing and names both lines', async () => {
    const path = printFile('1,R-again,,');
    const before = storeCounts(db);
    const error = await refusal(importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path }));
    expect(error.message).toContain(`line ${ROWS + 1} (position 1): position 1 is also on line 2`);
    expect(storeCounts(db)).toEqual(before);
  });

  it('imports every row from a file read in pieces, twice, and never whole', async () => {
    const path = printFile();
    const before = storeCounts(db);
    expect(await importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path })).toMatchObject({ rows: ROWS, queued: ROWS, expected: 0 });
    const after = storeCounts(db);
    expect(after.labels - before.labels).toBe(ROWS);
    expect(after.outbox - before.outbox).toBe(ROWS);
    const last = rawRow<{ state: string; identifiers: string; expected: string }>(
      db,
      'SELECT state, identifiers, expected FROM labels WHERE reel_id = ? AND position = ?',
      reelId,
      ROWS,
    ) as { state: string; identifiers: string; expected: string };
    expect(last.state).toBe('queued');
    expect(JSON.parse(last.expected)).toEqual({ TEXT: `R-${ROWS}`, QR: `https://example.test/r/${ROWS}` });

    // Opened twice (check, then write); each read is one piece; nothing reads the whole file.
    const csvOpens = vi.mocked(fs.openSync).mock.calls.filter(([p]) => p === path);
    expect(csvOpens).toHaveLength(2);
    const size = fs.statSync(path).size;
    const reads = vi.mocked(fs.readSync).mock.calls;
    expect(reads.length).toBeGreaterThanOrEqual(2 * Math.ceil(size / CHUNK_BYTES));
    expect(Math.max(...reads.map((c) => (c as unknown[])[3] as number))).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(vi.mocked(fs.readFileSync).mock.calls.filter(([p]) => p === path)).toEqual([]);
    expect(vi.mocked(fsp.readFile).mock.calls.filter(([p]) => p === path)).toEqual([]);
  });

  it('a failure while writing row 9,999 rolls the whole import back', async () => {
    const path = printFile();
    const before = storeCounts(db);
    db.exec(`CREATE TEMP TRIGGER fail_late BEFORE INSERT ON labels WHEN NEW.position = ${ROWS - 1} BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
    await expect(importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path })).rejects.toThrow(/disk trouble/);
    expect(storeCounts(db)).toEqual(before);
    expect(db.inTransaction).toBe(false);
  });

  it('a file changed between its check and its write imports nothing and says to import again', async () => {
    writeFileSync(join(dir.path, 'tag.jpg'), await speckleTag(77, { format: 'jpeg' }));
    const path = join(dir.path, 'print.csv');
    writeFileSync(path, ['position,text,svc', '1,S-1,tag.jpg', ...Array.from({ length: ROWS - 1 }, (_, n) => `${n + 2},S-${n + 2},`)].join('\n'));
    const before = storeCounts(db);
    beforeStoreCapture.hook = () => appendFileSync(path, `\n${ROWS + 1},S-late,`);
    const error = await refusal(importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path, allowFilePaths: true }));
    expect(error.code).toBe('STATION_IMPORT_INVALID');
    expect(error.message).toMatch(/the print data changed while it was being imported .*; import it again/);
    expect(storeCounts(db)).toEqual(before);
    expect(vi.mocked(captures.storeCapture)).toHaveBeenCalledTimes(1);
  });
});

describe('rows checked against the print data this bench holds (docs/print-run.md, "The check against the print data")', () => {
  it('names a row carrying another position’s print data, imports nothing, and takes it when the mismatch is accepted', async () => {
    await importPrintData(ctx, { reelId, source: { csv: 'position,text\n1,P-1\n2,P-2\n3,P-3\n' }, baseDir: dir.path, expectedOnly: true });
    const rows = { csv: 'position,text\n1,P-1\n2,P-3\n' };
    const before = storeCounts(db);
    const refused = await refusal(importPrintData(ctx, { reelId, source: rows, baseDir: dir.path }));
    expect(refused.code).toBe('STATION_IMPORT_INVALID');
    expect(refused.message).toContain('line 3 (position 2): TEXT P-3 was printed for position 3, not for position 2 (a misorder)');
    expect(storeCounts(db)).toEqual(before);

    expect(await importPrintData(ctx, { reelId, source: rows, baseDir: dir.path, acceptMismatch: true })).toMatchObject({ queued: 2 });
    const row = rawRow<{ warnings: string }>(db, 'SELECT warnings FROM labels WHERE reel_id = ? AND position = 2', reelId);
    const warnings = JSON.parse(row?.warnings ?? '[]') as string[];
    expect(warnings).toEqual(['print data mismatch accepted: TEXT P-3 was printed for position 3']);
  });
});
