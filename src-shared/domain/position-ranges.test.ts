import { describe, expect, it } from 'vitest';
import { compress, expand, rangesInWords } from './position-ranges';

describe('position ranges', () => {
  it('compresses positions in print order into ranges of consecutive ones, and back', () => {
    expect(compress([1, 2, 3, 7, 9, 10])).toEqual([
      [1, 3],
      [7, 7],
      [9, 10],
    ]);
    expect(expand(compress([5, 6, 8]))).toEqual([5, 6, 8]);
    expect(compress([])).toEqual([]);
  });

  it('says ranges in words, a single position alone', () => {
    expect(
      rangesInWords([
        [5, 7],
        [9, 9],
      ]),
    ).toBe('5–7, 9');
  });
});
