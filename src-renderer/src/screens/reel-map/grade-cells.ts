import type { GradeLetter } from '../../../../src-shared/ipc/grades';
import type { MapCell } from './cell-state';

// The Reel map coloured by print grade (docs/print-quality.md, "The Reel map by grade"): each cell takes its Label's
// grade as a colour AND its letter, a cell without a grade a hatched pattern and its own mark, so colour is never the
// only signal (as the states: cell-state.ts). A flagged Label (below the Reel's lowest accepted grade now) has its own
// mark beside the letter and a heavy border.

export type CellGrade = GradeLetter | 'none';

/** The mark of a cell coloured by grade: the grade's letter, or the mark of no grade. */
export const GRADE_MARK: Record<CellGrade, string> = { A: 'A', B: 'B', C: 'C', D: 'D', F: 'F', none: '○' };

/** The mark of a flagged Label, beside its grade's letter. */
export const FLAGGED_MARK = '!';

/** The cells with their Label's grade (`none` where the position has no graded Label) and whether it is flagged. */
export function withGrades(cells: readonly MapCell[], grades: readonly { position: number; grade: GradeLetter; flagged: boolean }[]): MapCell[] {
  const byPosition = new Map(grades.map((g) => [g.position, g]));
  return cells.map((cell) => {
    const graded = cell.labelId === null ? undefined : byPosition.get(cell.position);
    return { ...cell, grade: graded?.grade ?? 'none', flagged: graded?.flagged ?? false };
  });
}
