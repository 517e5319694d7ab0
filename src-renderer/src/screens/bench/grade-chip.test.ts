import { describe, expect, it } from 'vitest';
import { placeCapture, type BenchState } from './bench-reducer';
import { worstGrade } from './GradeChip';

// The Bench's grade chip shows the lowest grade of a capture's codes, its decimal score and its worst parameter
// (docs/print-quality.md).
describe('the grade of a capture on the Bench', () => {
  it("is the lowest-scored of its symbols, with that symbol's score and worst parameter; none when nothing was graded", () => {
    expect(
      worstGrade([
        { grade: 'B', score: 3.1, worst: 'mod' },
        { grade: 'D', score: 0.9, worst: 'sc' },
        { grade: 'C', score: 2.2, worst: 'uec' },
      ]),
    ).toEqual({ grade: 'D', score: 0.9, worst: 'sc' });
    // Two of one letter: the lower score.
    expect(
      worstGrade([
        { grade: 'A', score: 3.9, worst: 'an' },
        { grade: 'A', score: 3.6, worst: 'sc' },
      ]),
    ).toEqual({ grade: 'A', score: 3.6, worst: 'sc' });
    expect(worstGrade([])).toBeUndefined();
    expect(worstGrade(undefined)).toBeUndefined();
  });

  it('rides with the capture into the SVC slot', () => {
    const state = { slots: [{ tagType: 'SVC' }], blocked: false, position: 1 } as unknown as BenchState;
    const next = placeCapture(state, { accepted: true, sha256: 'b'.repeat(64), thumbnail: null, reasons: [], grade: { grade: 'C', score: 2.1, worst: 'sc' } });
    expect(next.slots[0]).toMatchObject({ captureSha256: 'b'.repeat(64), grade: { grade: 'C', score: 2.1, worst: 'sc' } });
  });
});
