import { describe, expect, it } from 'vitest';
import { CELL_MARK, mapCells } from './cell-state';

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
  it('gives every state a distinct non-colour mark', () => {
    const marks = Object.values(CELL_MARK);
    expect(new Set(marks).size).toBe(marks.length);
  });
});
