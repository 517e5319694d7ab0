// Print run conflicts with what a Reel already holds, before anything is printed:
//
//   findConflicts(rows, existing, { limit }) → { conflicts (at most `limit`), total, takenPositions, repeatedValues }
//
// (a) a position already taken: a Label there that is enrolled (any state but `expected` and `gap`)
//     or that has expected values (print data imported for it), unless the Label is the run's own: it carries
//     a printed value and each one it carries is the row's value of that type (the run that made the Reel's print
//     data, previewed again, or a Label enrolled with it). A Label carrying another value, or none to compare, is taken;
// (b) a value already used at another position: the same tag type with the same value (TEXT compared
//     case-insensitively, as the bench matches it; the others exactly).
// The existing Labels are read once into an index; the generated rows stream past it, so a run of
// 100,000 rows is never held.

import { identifierMapKey, identifierValuesMatch } from '../../src-shared/domain/identifier-values';
import type { LabelState } from '../../src-shared/domain/label';
import type { PrintRunRow } from './generate';

export const PRINTED_TAG_TYPES = ['TEXT', 'QR', 'DATA_MATRIX', 'BAR_CODE'] as const;
export type PrintedTagType = (typeof PRINTED_TAG_TYPES)[number];

/** A Label the Reel already has at a position: its state and its values (enrolled or expected). */
export interface ExistingLabel {
  position: number;
  values: Partial<Record<PrintedTagType, string>>;
  state: LabelState;
}

export type PrintRunConflict =
  | { kind: 'position-taken'; position: number; existingPosition: number; state: LabelState; value: string; message: string }
  | { kind: 'value-used'; tagType: PrintedTagType; position: number; existingPosition: number; value: string; message: string };

export interface ConflictReport {
  /** The first `limit` conflicts, in row order. */
  conflicts: PrintRunConflict[];
  /** Every conflict found, listed or not. */
  total: number;
  takenPositions: number;
  repeatedValues: number;
}

export const DEFAULT_CONFLICT_LIMIT = 100;

const ROW_FIELD: Record<PrintedTagType, keyof PrintRunRow> = { TEXT: 'text', QR: 'qr', DATA_MATRIX: 'dataMatrix', BAR_CODE: 'barCode' };

/** The key two values of one tag type share when they match (src-shared/domain/identifier-values.ts). */
const matchKey = identifierMapKey;

function isTaken(label: ExistingLabel): boolean {
  if (label.state !== 'expected' && label.state !== 'gap') return true;
  return PRINTED_TAG_TYPES.some((t) => Boolean(label.values[t]));
}

/**
 * Whether the Label at the row's position is the run's own: it carries at least one printed value and each one is
 * the row's value of that type (compared as the bench compares them). Printing the run there prints what it holds.
 */
function isRunsOwn(label: ExistingLabel, row: PrintRunRow): boolean {
  let carries = false;
  for (const tagType of PRINTED_TAG_TYPES) {
    const held = label.values[tagType];
    if (!held) continue;
    const printed = row[ROW_FIELD[tagType]] as string | undefined;
    if (!printed || !identifierValuesMatch(tagType, held, printed)) return false;
    carries = true;
  }
  return carries;
}

function describeTaken(label: ExistingLabel): string {
  const shown = PRINTED_TAG_TYPES.map((t) => label.values[t]).find(Boolean);
  return shown === undefined ? label.state : `${label.state}, ${JSON.stringify(shown)}`;
}

/** What a print run would collide with on its Reel; see the header. */
export function findConflicts(rows: Iterable<PrintRunRow>, existing: Iterable<ExistingLabel>, options: { limit?: number } = {}): ConflictReport {
  const limit = options.limit ?? DEFAULT_CONFLICT_LIMIT;
  const taken = new Map<number, ExistingLabel>();
  const usedAt = new Map<string, { position: number; value: string }>();
  for (const label of existing) {
    if (isTaken(label)) taken.set(label.position, label);
    for (const tagType of PRINTED_TAG_TYPES) {
      const value = label.values[tagType];
      if (!value) continue;
      const key = matchKey(tagType, value);
      // The lowest position stands for a value the Reel already repeats.
      const seen = usedAt.get(key);
      if (!seen || label.position < seen.position) usedAt.set(key, { position: label.position, value });
    }
  }

  const report: ConflictReport = { conflicts: [], total: 0, takenPositions: 0, repeatedValues: 0 };
  const add = (conflict: PrintRunConflict) => {
    report.total += 1;
    if (report.conflicts.length < limit) report.conflicts.push(conflict);
  };
  for (const row of rows) {
    const label = taken.get(row.position);
    if (label && !isRunsOwn(label, row)) {
      report.takenPositions += 1;
      add({
        kind: 'position-taken',
        position: row.position,
        existingPosition: label.position,
        state: label.state,
        value: row.text,
        message: `position ${row.position} already holds a Label (${describeTaken(label)}); ${JSON.stringify(row.text)} cannot be printed for it: start the run at a free position (--first-position) or void that Label first`,
      });
    }
    for (const tagType of PRINTED_TAG_TYPES) {
      const value = row[ROW_FIELD[tagType]] as string | undefined;
      if (!value) continue;
      const used = usedAt.get(matchKey(tagType, value));
      if (!used || used.position === row.position || !identifierValuesMatch(tagType, used.value, value)) continue;
      report.repeatedValues += 1;
      add({
        kind: 'value-used',
        tagType,
        position: row.position,
        existingPosition: used.position,
        value,
        message: `${tagType} ${JSON.stringify(value)} for position ${row.position} is already at position ${used.position}: change the numbering (--start, --prefix) so the run's values are new`,
      });
    }
  }
  return report;
}
