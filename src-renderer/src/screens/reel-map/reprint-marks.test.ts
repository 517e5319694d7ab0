import { describe, expect, it } from 'vitest';
import { mapCells } from './cell-state';
import { markReprinted, reprintedPositions } from './reprint-marks';

// The Reel map's mark of reprinted positions (docs/printing.md, "Reprints at the bench").

describe('reprint marks', () => {
  const labels = [1, 2, 3, 4].map((position) => ({ position, state: 'expected' as const, labelId: `l${position}` }));

  it('marks the positions with a reprint, and only those', () => {
    const prints = [
      { position: 1, reprint: false },
      { position: 2, reprint: false },
      { position: 2, reprint: true },
      { position: 3, reprint: false },
      { position: 4, reprint: true },
    ];
    const cells = markReprinted(mapCells(labels), reprintedPositions(prints));
    expect(cells.filter((c) => c.reprinted).map((c) => c.position)).toEqual([2, 4]);
    expect(cells.find((c) => c.position === 1)?.reprinted).toBeUndefined();
  });

  it('leaves the cells as they were without reprints', () => {
    const cells = mapCells(labels);
    expect(markReprinted(cells, reprintedPositions([{ position: 1, reprint: false }]))).toBe(cells);
  });
});
