import { describe, expect, it } from 'vitest';
import { placeCapture, type BenchState } from './bench-reducer';
import { worstGrade } from './GradeChip';

// The Bench's grade chip shows the lowest grade of a capture's codes with its worst parameter (docs/print-quality.md).
describe('the grade of a capture on the Bench', () => {
  it("is the lowest of its symbols, with that symbol's worst parameter; none when nothing was graded", () => {
    expect(
      worstGrade([
        { grade: 'B', worst: 'mod' },
        { grade: 'D', worst: 'sc' },
        { grade: 'C', worst: 'uec' },
      ]),
    ).toEqual({ grade: 'D', worst: 'sc' });
    expect(worstGrade([])).toBeUndefined();
    expect(worstGrade(undefined)).toBeUndefined();
  });

  it('rides with the capture into the SVC slot', () => {
    const state = { slots: [{ tagType: 'SVC' }], blocked: false, position: 1 } as unknown as BenchState;
    const next = placeCapture(state, { accepted: true, sha256: 'b'.repeat(64), thumbnail: null, reasons: [], grade: { grade: 'C', worst: 'sc' } });
    expect(next.slots[0]).toMatchObject({ captureSha256: 'b'.repeat(64), grade: { grade: 'C', worst: 'sc' } });
  });
});
