import { describe, expect, it } from 'vitest';
import { CELL_MARK, ELSEWHERE_MARK, MISMATCH_MARK, mapCells } from './cell-state';

describe('reel map cells', () => {
  it('covers every position from first to last, marking missing ones', () => {
    const cells = mapCells([
      { position: 3, state: 'enrolled', labelId: 'a' },
      { position: 5, state: 'gap', labelId: 'b' },
    ]);
    expect(cells.map((c) => [c.position, c.state])).toEqual([
      [3, 'enrolled'],
      [4, 'none'],
      [5, 'gap'],
    ]);
  });
  it("marks a Label enrolled by another bench or app apart from this bench's own", () => {
    const cells = mapCells([
      { position: 1, state: 'enrolled', labelId: 'a', origin: 'here' },
      { position: 2, state: 'enrolled', labelId: 'b', origin: 'elsewhere' },
    ]);
    expect(cells.map((c) => c.elsewhere)).toEqual([false, true]);
  });
  it("marks the positions outside this bench's range, and none without a range", () => {
    const labels = [1, 2, 3, 4, 5, 6].map((position) => ({ position, state: 'expected' as const, labelId: `l${position}` }));
    expect(mapCells(labels, { first: 2, last: 4 }).map((c) => c.outside)).toEqual([true, false, false, false, true, true]);
    expect(mapCells(labels).some((c) => c.outside)).toBe(false);
  });
  it("spans this bench's range too: a bench with 21–40 on a Reel known up to 20 sees 1–40", () => {
    const labels = [1, 20].map((position) => ({ position, state: 'enrolled' as const, labelId: `l${position}` }));
    const cells = mapCells(labels, { first: 21, last: 40 });
    expect([cells[0]?.position, cells.at(-1)?.position, cells.length]).toEqual([1, 40, 40]);
    expect(cells.filter((c) => !c.outside).map((c) => c.position)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    expect(mapCells([], { first: 5, last: 7 }).map((c) => [c.position, c.state])).toEqual([
      [5, 'none'],
      [6, 'none'],
      [7, 'none'],
    ]);
  });
  it('marks a Label whose values are not the print data of its position', () => {
    const cells = mapCells([
      { position: 1, state: 'enrolled', labelId: 'a', printCheck: 'match' },
      { position: 2, state: 'enrolled', labelId: 'b', origin: 'elsewhere', printCheck: 'mismatch' },
      { position: 3, state: 'enrolled', labelId: 'c', printCheck: 'unchecked' },
    ]);
    expect(cells.map((c) => c.mismatch)).toEqual([false, true, false]);
  });
  it('gives every state a distinct non-colour mark', () => {
    const marks = [...Object.values(CELL_MARK), ELSEWHERE_MARK, MISMATCH_MARK];
    expect(new Set(marks).size).toBe(marks.length);
  });
});
