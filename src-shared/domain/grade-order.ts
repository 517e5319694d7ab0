// The print grades of ISO/IEC 15415 and their order as plain values (grades.ts declares their zod schema): the one
// order the grader, the Bench's chip, the report's tables and the Reel map follow, used by the renderer's screens
// without loading a schema (docs/architecture.md, "Renderer"; docs/print-quality.md).

/** The grades, best first. */
export const GRADE_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

/** A letter's number on the 4-to-0 scale. */
export const GRADE_SCORE: Readonly<Record<GradeLetter, number>> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

/** Whether a grade is lower than another (A = 4 … F = 0). */
export function gradeBelow(grade: GradeLetter, min: GradeLetter): boolean {
  return GRADE_SCORE[grade] < GRADE_SCORE[min];
}
