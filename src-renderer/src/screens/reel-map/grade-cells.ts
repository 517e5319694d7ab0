import type { GradeLetter } from '../../../../src-shared/ipc/grades';
import type { MapCell } from './cell-state';

// The Reel map coloured by print grade (docs/print-quality.md, "The Reel map by grade"): each cell takes its Label's
// grade as a colour AND its letter, a cell without a grade a hatched pattern and its own mark, so colour is never the
// only signal (as the states: cell-state.ts).

export type CellGrade = GradeLetter | 'none';

/** The mark of a cell coloured by grade: the grade's letter, or the mark of no grade. */
export const GRADE_MARK: Record<CellGrade, string> = { A: 'A', B: 'B', C: 'C', D: 'D', F: 'F', none: '○' };

/** The cells with their Label's grade (`none` where the position has no graded Label). */
export function withGrades(cells: readonly MapCell[], grades: readonly { position: number; grade: GradeLetter }[]): MapCell[] {
  const byPosition = new Map(grades.map((g) => [g.position, g.grade]));
  return cells.map((cell) => ({ ...cell, grade: (cell.labelId === null ? undefined : byPosition.get(cell.position)) ?? 'none' }));
}
