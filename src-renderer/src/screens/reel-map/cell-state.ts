import type { LabelState } from '../../../../src-shared/domain/label';
import type { GradeLetter } from '../../../../src-shared/ipc/grades';

// Each state has a colour AND a letter or symbol, so colour is never the only signal: the map
// reads the same without colour vision and to a screen reader.

export type CellState = LabelState | 'none';

export const CELL_MARK: Record<CellState, string> = {
  expected: 'E',
  queued: 'Q',
  enrolled: '✓',
  attention: '!',
  bound: 'B',
  archived: 'A',
  gap: '–',
  none: '·',
};

export interface MapCell {
  position: number;
  state: CellState;
  labelId: string | null;
  /** Enrolled by another bench or app (docs/sync.md, "Benches sharing a Reel"): marked apart from this bench's own. */
  elsewhere: boolean;
  /** Outside this bench's range of a Reel split between benches (docs/sync.md, "Benches sharing a Reel"): shaded. */
  outside: boolean;
  /** Carries values that are not the print data of its position (docs/print-run.md, "The check against the print data"). */
  mismatch: boolean;
  /** Printed more than once (docs/printing.md, "Reprints at the bench"; reprint-marks.ts). */
  reprinted?: boolean;
  /** Its Label's print grade when the map is coloured by grade (`none`: no grade); undefined when coloured by state (grade-cells.ts). */
  grade?: GradeLetter | 'none';
  /** Coloured by grade: its Label's grade is below the Reel's lowest accepted grade now (flagged; grade-cells.ts). */
  flagged?: boolean;
}

/** The mark of a Label enrolled elsewhere, beside its state's mark. */
export const ELSEWHERE_MARK = '◇';

/** The mark of a Label whose values are not the print data of its position, beside its state's mark. */
export const MISMATCH_MARK = '≠';

/**
 * Every position of the Reel's known extent (`extent`, the core's: src-main/changes/reel-extent.ts): from the first
 * position known here (a Label, print data, a gap) or of this bench's range to the extent, or to the last of those
 * where it reaches further; positions without a Label row are `none`. With this bench's range, the positions outside
 * it are marked `outside` (docs/sync.md, "Benches sharing a Reel").
 */
export function mapCells(
  labels: readonly { position: number; state: LabelState; labelId: string; origin?: 'here' | 'elsewhere'; printCheck?: 'match' | 'mismatch' | 'unchecked' }[],
  range: { first: number; last: number } | null = null,
  extent: number | null = null,
): MapCell[] {
  if (labels.length === 0 && range === null && extent === null) return [];
  const byPosition = new Map(labels.map((l) => [l.position, l]));
  let min = range?.first ?? (extent === null ? Number.POSITIVE_INFINITY : 1);
  let max = Math.max(range?.last ?? Number.NEGATIVE_INFINITY, extent ?? Number.NEGATIVE_INFINITY);
  for (const l of labels) {
    if (l.position < min) min = l.position;
    if (l.position > max) max = l.position;
  }
  const cells: MapCell[] = [];
  for (let p = min; p <= max; p += 1) {
    const label = byPosition.get(p);
    cells.push({
      position: p,
      state: label?.state ?? 'none',
      labelId: label?.labelId ?? null,
      elsewhere: label?.origin === 'elsewhere',
      outside: range !== null && (p < range.first || p > range.last),
      mismatch: label?.printCheck === 'mismatch',
    });
  }
  return cells;
}
