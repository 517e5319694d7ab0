// The grade scale of ISO/IEC 15415 and the thresholds of each parameter (docs/print-quality.md, "Parameters"), and
// the decimal score beside each letter ("The decimal score").

import { GRADE_LETTERS, type GradeLetter } from '../../src-shared/domain/grade-order';

/** 4 = A … 0 = F. */
export type GradeScore = 0 | 1 | 2 | 3 | 4;

/** A parameter's grade and its decimal score (one decimal, in the grade's band: A 3.5–4.0, B 2.5–3.4 … F 0.0–0.4). */
export interface Graded {
  grade: GradeScore;
  score: number;
}

/**
 * A score's letter by ISO/IEC 15415's rule for a decimal grade (A ≥ 3.5, B ≥ 2.5, C ≥ 1.5, D ≥ 0.5, else F); a whole
 * grade 4 … 0 is its own letter.
 */
export const letterOf = (score: number): GradeLetter => GRADE_LETTERS[4 - Math.max(0, Math.min(4, Math.floor(score + 0.5 + 1e-9)))] as GradeLetter;

type Thresholds = readonly [number, number, number, number];

/** Higher is better: the grade is the first threshold (A, B, C, D) the value reaches, else F. */
function atLeast(value: number, thresholds: Thresholds): GradeScore {
  for (let i = 0; i < 4; i += 1) if (value >= (thresholds[i] as number) - 1e-9) return (4 - i) as GradeScore;
  return 0;
}

/** Lower is better. */
function atMost(value: number, thresholds: Thresholds): GradeScore {
  for (let i = 0; i < 4; i += 1) if (value <= (thresholds[i] as number) + 1e-9) return (4 - i) as GradeScore;
  return 0;
}

/**
 * The decimal score of a grade: where the value lies in its grade's band, linearly, the band's threshold at its
 * bottom and the next grade's threshold at its top (A: from its threshold to the `best` value, F: from `worst` to D's
 * threshold), then held inside the grade's band and cut to one decimal, so the score's letter is always the grade's.
 */
export function inBand(grade: GradeScore, score: number): number {
  const low = grade === 0 ? 0 : grade - 0.5;
  const high = grade === 4 ? 4 : grade + 0.4;
  return Math.floor(Math.min(high, Math.max(low, score)) * 10 + 1e-6) / 10;
}

function scoreOf(value: number, thresholds: Thresholds, best: number, worst: number, higherIsBetter: boolean): Graded {
  const grade = higherIsBetter ? atLeast(value, thresholds) : atMost(value, thresholds);
  const sign = higherIsBetter ? 1 : -1;
  // The band's edges as values: [bottom, top] for grade g.
  const edges = [worst, thresholds[3], thresholds[2], thresholds[1], thresholds[0], best] as const;
  const bottom = edges[grade] as number;
  const top = edges[grade + 1] as number;
  const span = sign * (top - bottom);
  const within = span > 0 ? Math.min(1, Math.max(0, (sign * (value - bottom)) / span)) : 1;
  const base = grade === 0 ? 0 : grade - 0.5;
  const width = grade === 0 || grade === 4 ? 0.5 : 1;
  return { grade, score: inBand(grade, base + within * width) };
}

/** A whole grade as a score (a count or a pass/fail has no finer measure). */
export const whole = (grade: GradeScore): Graded => ({ grade, score: grade });

/** The top of SC's A band for the score: black ink on white stock (the camera's Rmax of paper is about 0.85–0.9). */
const SC_BEST = 0.85;
/** Symbol contrast SC = Rmax − Rmin. */
export const gradeContrast = (sc: number) => scoreOf(sc, [0.7, 0.55, 0.4, 0.2], SC_BEST, 0, true);
/** A module's modulation 2·|R − GT| / SC (its reflectance margin when it is on the right side of GT). */
export const gradeModule = (mod: number) => atLeast(mod, [0.5, 0.4, 0.3, 0.2]);
/** AN: F's band ends at twice D's threshold. */
export const gradeAxial = (an: number) => scoreOf(an, [0.06, 0.08, 0.1, 0.12], 0, 0.24, false);
/** GN in modules: F's band ends at one module. */
export const gradeGrid = (gn: number) => scoreOf(gn, [0.38, 0.5, 0.63, 0.75], 0, 1, false);
export const gradeUnusedCorrection = (uec: number) => scoreOf(uec, [0.62, 0.5, 0.37, 0.25], 1, 0, true);
/** A fixed-pattern segment by its share of modules in error (Data Matrix's L finder and clock track; QR's timing). */
export const gradeDamagedShare = (share: number): GradeScore => (share <= 0 ? 4 : atMost(share, [0, 0.09, 0.13, 0.17]));
/** A QR finder pattern with its separator by the modules in error: 0 → A, 1 → B, 2 → C, 3 → D, more → F. */
export const gradeDamagedCount = (count: number): GradeScore => (count >= 4 ? 0 : ((4 - count) as GradeScore));
