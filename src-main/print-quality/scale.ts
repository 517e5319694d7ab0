// The grade scale of ISO/IEC 15415 and the thresholds of each parameter (docs/print-quality.md, "Parameters").

import { GRADE_LETTERS, type GradeLetter } from '../../src-shared/domain/grade-order';

/** 4 = A … 0 = F. */
export type GradeScore = 0 | 1 | 2 | 3 | 4;

/** A score's letter (GRADE_LETTERS is best first: 4 is its first, 0 its last). */
export const letterOf = (score: number): GradeLetter => GRADE_LETTERS[4 - Math.max(0, Math.min(4, Math.floor(score)))] as GradeLetter;

/** Higher is better: the grade is the first threshold (A, B, C, D) the value reaches, else F. */
function atLeast(value: number, thresholds: readonly [number, number, number, number]): GradeScore {
  for (let i = 0; i < 4; i += 1) if (value >= (thresholds[i] as number) - 1e-9) return (4 - i) as GradeScore;
  return 0;
}

/** Lower is better. */
function atMost(value: number, thresholds: readonly [number, number, number, number]): GradeScore {
  for (let i = 0; i < 4; i += 1) if (value <= (thresholds[i] as number) + 1e-9) return (4 - i) as GradeScore;
  return 0;
}

/** Symbol contrast SC = Rmax − Rmin. */
export const gradeContrast = (sc: number) => atLeast(sc, [0.7, 0.55, 0.4, 0.2]);
/** A module's modulation 2·|R − GT| / SC (its reflectance margin when it is on the right side of GT). */
export const gradeModule = (mod: number) => atLeast(mod, [0.5, 0.4, 0.3, 0.2]);
export const gradeAxial = (an: number) => atMost(an, [0.06, 0.08, 0.1, 0.12]);
export const gradeGrid = (gn: number) => atMost(gn, [0.38, 0.5, 0.63, 0.75]);
export const gradeUnusedCorrection = (uec: number) => atLeast(uec, [0.62, 0.5, 0.37, 0.25]);
/** A fixed-pattern segment by its share of modules in error (Data Matrix's L finder and clock track; QR's timing). */
export const gradeDamagedShare = (share: number) => (share <= 0 ? 4 : atMost(share, [0, 0.09, 0.13, 0.17]));
/** A QR finder pattern with its separator by the modules in error: 0 → A, 1 → B, 2 → C, 3 → D, more → F. */
export const gradeDamagedCount = (count: number): GradeScore => (count >= 4 ? 0 : ((4 - count) as GradeScore));
