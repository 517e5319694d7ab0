import type { LabelState } from '../../../../src-shared/domain/label';

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
}

/** The mark of a Label enrolled elsewhere, beside its state's mark. */
export const ELSEWHERE_MARK = '◇';

/**
 * Every position from the first to the last known one; positions without a Label row are `none`. With this bench's
 * range, the positions outside it are marked `outside`.
 */
export function mapCells(
  labels: readonly { position: number; state: LabelState; labelId: string; origin?: 'here' | 'elsewhere' }[],
  range: { first: number; last: number } | null = null,
): MapCell[] {
  if (labels.length === 0) return [];
  const byPosition = new Map(labels.map((l) => [l.position, l]));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
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
    });
  }
  return cells;
}
