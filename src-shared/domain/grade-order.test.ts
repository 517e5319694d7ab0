import { describe, expect, it } from 'vitest';
import { GRADE_LETTERS, GRADE_SCORE, gradeBelow } from './grade-order';

describe('the grade order', () => {
  it('lists the grades best first, A = 4 … F = 0, with no E', () => {
    expect(GRADE_LETTERS.map((letter) => [letter, GRADE_SCORE[letter]])).toEqual([
      ['A', 4],
      ['B', 3],
      ['C', 2],
      ['D', 1],
      ['F', 0],
    ]);
  });

  it('a grade is below exactly those listed before it', () => {
    for (const [i, grade] of GRADE_LETTERS.entries())
      for (const [j, min] of GRADE_LETTERS.entries()) expect(gradeBelow(grade, min), `${grade} below ${min}`).toBe(i > j);
  });
});
