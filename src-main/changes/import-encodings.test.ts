import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUnitTestStation, storeCounts } from '../../test/helpers/db';
import { refusal } from '../../test/helpers/refusal';
import type { Db } from '../store/database';
import { listLabels } from '../store/labels';
import type { ChangeContext } from './context';
import { importPrintData } from './import';
import { createReel } from './reels';

// Files as shops save them (docs/print-run.md, "Files as shops save them"): the same print data as Excel and
// other tools write it, each read as what it is and stored exactly; a character that cannot be read is refused,
// naming its line, and never stored.

const ROWS = [
  ['position', 'text', 'qr'],
  ['1', 'Wö8-000001', 'https://example.test/Größe/1'],
  ['2', 'Straße-2', 'https://example.test/Äpfel/2'],
  ['3', 'ÜBERGRÖẞE-ß', 'https://example.test/ß/3'],
];
const STORED = [
  { position: 1, expected: { TEXT: 'Wö8-000001', QR: 'https://example.test/Größe/1' } },
  { position: 2, expected: { TEXT: 'Straße-2', QR: 'https://example.test/Äpfel/2' } },
  { position: 3, expected: { TEXT: 'ÜBERGRÖẞE-ß', QR: 'https://example.test/ß/3' } },
];
const text = (separator: string, newline: string) => ROWS.map((r) => r.join(separator)).join(newline) + newline;
// Windows-1252 has no capital sharp s (ẞ); that row carries "SS" there.
const ROWS_1252 = ROWS.map((r) => r.map((v) => v.replace('ẞ', 'SS')));
const STORED_1252 = STORED.map((s) => (s.position === 3 ? { position: 3, expected: { TEXT: 'ÜBERGRÖSSE-ß', QR: s.expected.QR } } : s));

let dir: { path: string; remove(): void };
let db: Db;
let ctx: ChangeContext;
beforeEach(() => {
  ({ dir, db } = openUnitTestStation('import-encodings-'));
  ctx = { db, dataDir: dir.path, profileId: () => 'p' };
});
afterEach(() => {
  db.close();
  dir.remove();
});

function fileOf(name: string, bytes: Buffer): string {
  const path = join(dir.path, name);
  writeFileSync(path, bytes);
  return path;
}

async function importFile(path: string) {
  const { reelId } = createReel(ctx, { name: `Reel ${path}` });
  const result = await importPrintData(ctx, { reelId, source: { path }, baseDir: dir.path, expectedOnly: true });
  const stored = listLabels(db, reelId).map((l) => ({ position: l.position, expected: l.expected }));
  return { result, stored, reelId };
}

describe('print data as shops save it', () => {
  it('UTF-8', async () => {
    const { result, stored } = await importFile(fileOf('utf8.csv', Buffer.from(text(',', '\n'))));
    expect(stored).toEqual(STORED);
    expect(result.reading).toEqual({ encoding: 'utf-8', bom: false, encodingCertain: true, separator: ',', separatorCertain: true });
  });

  it('UTF-8 with a BOM', async () => {
    const { result, stored } = await importFile(fileOf('utf8-bom.csv', Buffer.from(`\uFEFF${text(',', '\n')}`)));
    expect(stored).toEqual(STORED);
    expect(result.reading).toMatchObject({ encoding: 'utf-8', bom: true, encodingCertain: true });
  });

  it('UTF-16 LE with a BOM and tabs (Excel\'s "Unicode text")', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('\t', '\r\n'), 'utf16le')]);
    const { result, stored } = await importFile(fileOf('unicode.txt', bytes));
    expect(stored).toEqual(STORED);
    expect(result.reading).toEqual({ encoding: 'utf-16le', bom: true, encodingCertain: true, separator: '\t', separatorCertain: true });
  });

  it('UTF-16 BE with a BOM', async () => {
    const le = Buffer.from(text('\t', '\n'), 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1] as number, le[i] as number];
    const { result, stored } = await importFile(fileOf('unicode-be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be])));
    expect(stored).toEqual(STORED);
    expect(result.reading).toMatchObject({ encoding: 'utf-16be', bom: true });
  });

  it('Windows-1252 with semicolons and CRLF (German Excel\'s "CSV (Trennzeichen-getrennt)")', async () => {
    const bytes = iconv.encode(ROWS_1252.map((r) => r.join(';')).join('\r\n') + '\r\n', 'windows-1252');
    // The bytes are not UTF-8: "ö" is the single byte F6.
    expect(bytes.includes(0xf6)).toBe(true);
    const { result, stored } = await importFile(fileOf('excel.csv', bytes));
    expect(stored).toEqual(STORED_1252);
    expect(result.reading).toEqual({ encoding: 'windows-1252', bom: false, encodingCertain: false, separator: ';', separatorCertain: true });
  });

  it('a Windows-1252 file whose first piece is all ASCII is still read as Windows-1252', async () => {
    const filler = Array.from({ length: 5000 }, (_, n) => `${n + 10};F-${n + 10};https://example.test/f/${n + 10}`);
    const rows = [...ROWS_1252.map((r) => r.join(';')).slice(0, 1), ...filler, ...ROWS_1252.slice(1).map((r) => r.join(';'))];
    const { result, stored } = await importFile(fileOf('late-umlaut.csv', iconv.encode(rows.join('\r\n'), 'windows-1252')));
    expect(result.reading.encoding).toBe('windows-1252');
    expect(stored.filter((s) => s.position <= 3)).toEqual(STORED_1252);
  });
});

describe('a character that cannot be read', () => {
  it('a byte that is not UTF-8 in a file with a UTF-8 BOM: refused, naming its line, nothing stored', async () => {
    // Line 3 ("2,Straße-2,…"): its "ß" written as Windows-1252's single byte DF.
    const [head, tail] = text(',', '\n').split('ße-2') as [string, string];
    const bytes = Buffer.concat([Buffer.from(`\uFEFF${head}`), Buffer.from([0xdf]), Buffer.from(`e-2${tail}`)]);
    const before = storeCounts(db);
    const { reelId } = createReel(ctx, { name: 'Bad byte' });
    const error = await refusal(importPrintData(ctx, { reelId, source: { path: fileOf('bad.csv', bytes) }, baseDir: dir.path, expectedOnly: true }));
    expect(error.code).toBe('STATION_IMPORT_INVALID');
    expect(error.message).toMatch(/line 3 \(position 2\): a character could not be read \(shown as \uFFFD; the file was read as UTF-8 with BOM/);
    const detail = error.detail as { badRows: { line: number; issues: { code: string }[] }[] };
    expect(detail.badRows.map((r) => [r.line, r.issues.map((i) => i.code)])).toEqual([[3, ['unreadableCharacter']]]);
    expect(listLabels(db, reelId)).toEqual([]);
    expect(storeCounts(db).labels).toBe(before.labels);
  });

  it('a byte Windows-1252 does not define (81): refused, naming its line', async () => {
    const bytes = iconv.encode(ROWS_1252.map((r) => r.join(';')).join('\r\n'), 'windows-1252');
    const at = bytes.indexOf(Buffer.from('ÜBER', 'latin1'));
    bytes[at + 1] = 0x81;
    const { reelId } = createReel(ctx, { name: 'Undefined byte' });
    const error = await refusal(importPrintData(ctx, { reelId, source: { path: fileOf('undefined.csv', bytes) }, baseDir: dir.path, expectedOnly: true }));
    expect(error.message).toMatch(/line 4 \(position 3\): a character could not be read .*read as Windows-1252 \(guessed\), separated by ;/);
    expect(listLabels(db, reelId)).toEqual([]);
  });

  it('a replacement character already in the text (a file converted badly before): refused, naming its line', async () => {
    const { reelId } = createReel(ctx, { name: 'Pasted' });
    const error = await refusal(importPrintData(ctx, { reelId, source: { csv: 'position,text\n1,W\uFFFD8-000001\n' }, baseDir: dir.path, expectedOnly: true }));
    expect(error.message).toMatch(/line 2 \(position 1\): a character could not be read/);
    expect(listLabels(db, reelId)).toEqual([]);
  });
});
