import { describe, expect, it } from 'vitest';
import { CELL_MARK, ELSEWHERE_MARK, mapCells } from './cell-state';

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
  it('gives every state a distinct non-colour mark', () => {
    const marks = [...Object.values(CELL_MARK), ELSEWHERE_MARK];
    expect(new Set(marks).size).toBe(marks.length);
  });
});
