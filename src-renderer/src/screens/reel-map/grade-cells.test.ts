import { describe, expect, it } from 'vitest';
import { mapCells } from './cell-state';
import { FLAGGED_MARK, GRADE_MARK, withGrades } from './grade-cells';

describe('the Reel map coloured by grade', () => {
  const cells = mapCells([
    { position: 1, state: 'enrolled', labelId: 'l1' },
    { position: 2, state: 'enrolled', labelId: 'l2' },
    { position: 4, state: 'queued', labelId: 'l4' },
  ]);

  it("gives each Label's cell its grade and every other cell no grade", () => {
    const graded = withGrades(cells, [
      { position: 1, grade: 'A', flagged: false },
      { position: 4, grade: 'D', flagged: true },
    ]);
    expect(graded.map((c) => [c.position, c.grade, c.flagged])).toEqual([
      [1, 'A', false],
      [2, 'none', false],
      [3, 'none', false],
      [4, 'D', true],
    ]);
    // The states stay: the grade is shown beside them, not instead of them in the data.
    expect(graded.map((c) => c.state)).toEqual(['enrolled', 'enrolled', 'none', 'queued']);
  });

  it('marks each grade with its own sign, so colour is not the only signal', () => {
    expect(new Set(Object.values(GRADE_MARK)).size).toBe(Object.keys(GRADE_MARK).length);
    expect(GRADE_MARK.none).not.toMatch(/[A-F]/);
    expect(Object.values(GRADE_MARK)).not.toContain(FLAGGED_MARK);
  });
});
