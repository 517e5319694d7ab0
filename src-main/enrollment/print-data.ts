import Papa from 'papaparse';
import type { StringTagType } from '../../src-shared/api/common';
import { normalizeNfcUid, type ExpectedValues } from '../../src-shared/domain/label';

// Print data (BENCH.md, workflow 2): a CSV of position and the values printed there. Header
// `position,text,qr,data_matrix,bar_code,nfc,svc` (any subset that includes `position`, any
// order); `svc` is a path to a capture image. Parsing and validation are pure: the whole file is
// checked before anything is written, and every bad row is named.

export const PRINT_DATA_COLUMNS = ['position', 'text', 'qr', 'data_matrix', 'bar_code', 'nfc', 'svc'] as const;
type Column = (typeof PRINT_DATA_COLUMNS)[number];

const TAG_OF: Record<Exclude<Column, 'position' | 'svc'>, StringTagType> = {
  text: 'TEXT',
  qr: 'QR',
  data_matrix: 'DATA_MATRIX',
  bar_code: 'BAR_CODE',
  nfc: 'NFC',
};

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

export type PrintDataParse = { ok: true; rows: PrintDataRow[] } | { ok: false; fileProblems: string[]; badRows: BadRow[] };

export function parsePrintData(csv: string): PrintDataParse {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
  const header = parsed.meta.fields ?? [];
  const fileProblems: string[] = [];
  const unknown = header.filter((h) => !(PRINT_DATA_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) fileProblems.push(`unknown column(s) ${unknown.map((u) => `"${u}"`).join(', ')}; the header is ${PRINT_DATA_COLUMNS.join(',')}`);
  if (!header.includes('position')) fileProblems.push('the header has no "position" column');
  if (fileProblems.length) return { ok: false, fileProblems, badRows: [] };

  const rows: PrintDataRow[] = [];
  const badRows: BadRow[] = [];
  const seen = new Map<number, number>();
  const rowErrors = new Map<number, string[]>();
  for (const error of parsed.errors) {
    if (error.row === undefined) continue;
    rowErrors.set(error.row, [...(rowErrors.get(error.row) ?? []), error.message]);
  }
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const problems = [...(rowErrors.get(index) ?? [])];
    const rawPosition = (record.position ?? '').trim();
    const position = /^\d+$/.test(rawPosition) ? Number(rawPosition) : NaN;
    if (Number.isNaN(position)) problems.push(`position "${rawPosition}" is not a whole number`);
    else if (seen.has(position)) problems.push(`position ${position} is also on line ${seen.get(position)}`);
    else seen.set(position, line);
    const values: ExpectedValues = {};
    for (const [column, tagType] of Object.entries(TAG_OF) as [keyof typeof TAG_OF, StringTagType][]) {
      const value = (record[column] ?? '').trim();
      if (!value) continue;
      if (tagType === 'NFC') {
        const uid = normalizeNfcUid(value);
        if (uid === null) problems.push(`nfc "${value}" is not a hex UID`);
        else values.NFC = uid;
      } else {
        values[tagType] = value;
      }
    }
    const svcPath = (record.svc ?? '').trim() || null;
    if (Object.keys(values).length === 0 && svcPath === null) problems.push('no value at all; give at least one identifier');
    if (problems.length) badRows.push({ line, position: rawPosition, problems });
    else rows.push({ line, position, values, svcPath });
  });
  if (parsed.data.length === 0) fileProblems.push('the file has no rows');
  return fileProblems.length || badRows.length ? { ok: false, fileProblems, badRows } : { ok: true, rows };
}

/** The bad rows in words, one per line: "line 4 (position 3): nfc "XYZ" is not a hex UID". */
export function describeBadRows(result: Extract<PrintDataParse, { ok: false }>): string {
  return [
    ...result.fileProblems,
    ...result.badRows.map((r) => `line ${r.line} (position ${r.position || '?'}): ${r.problems.join('; ')}`),
  ].join('\n');
}
