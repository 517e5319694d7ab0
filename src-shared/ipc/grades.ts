import { z } from 'zod';
import { GRADE_LETTERS, gradeBelow, type GradeLetter } from '../domain/grade-order';
import { LocalId } from './reels';

// Print quality of the codes on each Label, graded from the bench camera's capture (docs/print-quality.md): a
// process-control grade, not a certified verification. `station grade`, the Bench's grade chip, the Reel report.

const GradeLetterSchema = z.enum(GRADE_LETTERS);
export type { GradeLetter };

/** The parameters of ISO/IEC 15415 the grader measures, in the order a tie for the worst is broken. */
export const GRADE_PARAMETERS = ['decode', 'sc', 'mod', 'rm', 'fpd', 'an', 'gn', 'uec'] as const;
const GradeParameterSchema = z.enum(GRADE_PARAMETERS);
export type GradeParameter = z.infer<typeof GradeParameterSchema>;

const fraction = z.number().min(0).max(1);
/** A decimal grade on the 4-to-0 scale (A ≥ 3.5, B ≥ 2.5, C ≥ 1.5, D ≥ 0.5, else F: ISO/IEC 15415). */
const GradeScoreSchema = z.number().min(0).max(4);

export const SymbolGradeSchema = z.object({
  symbology: z.enum(['QR', 'DATA_MATRIX']),
  value: z.string(),
  grade: GradeLetterSchema,
  /**
   * The grade as a decimal score, one decimal: where the lowest parameter lies in its grade's band (A 3.5–4.0,
   * B 2.5–3.4, C 1.5–2.4, D 0.5–1.4, F 0–0.4; docs/print-quality.md, "The decimal score"). Grades kept before the
   * score was decimal have a whole one (A = 4 … F = 0).
   */
  score: GradeScoreSchema,
  parameters: z.object({
    decode: GradeLetterSchema,
    sc: GradeLetterSchema,
    mod: GradeLetterSchema,
    rm: GradeLetterSchema,
    fpd: GradeLetterSchema,
    an: GradeLetterSchema,
    gn: GradeLetterSchema,
    uec: GradeLetterSchema,
  }),
  /** Each parameter's decimal score (absent in grades kept before there were scores). */
  scores: z.record(GradeParameterSchema, GradeScoreSchema).optional(),
  /** Raw measures: reflectances and fractions 0–1 (not percent), counts, module size in pixels. */
  measures: z.object({
    sc: fraction,
    rmax: fraction,
    rmin: fraction,
    gt: fraction,
    an: z.number().nonnegative(),
    gn: z.number().nonnegative(),
    uec: fraction,
    /** t: codewords the decode corrected, in the blocks it decoded. */
    errors: z.number().int().nonnegative(),
    /** Reed–Solomon blocks the reference decode could not decode (or the format could not be read): Decode F. */
    failedBlocks: z.number().int().nonnegative().optional(),
    fixedPatternErrors: z.number().int().nonnegative(),
    modules: z.number().int().positive(),
    modulePixels: z.number().positive(),
  }),
  worst: GradeParameterSchema,
});
export type SymbolGrade = z.infer<typeof SymbolGradeSchema>;

/** The lowest grade a Reel accepts and what happens to a Label below it (a new Reel: C, flag; migration 13). */
export const ReelGradingSchema = z.object({
  minGrade: z.enum(['A', 'B', 'C', 'D']),
  /** flag: enrolled and flagged; refuse: not enrolled (reprint the Label). */
  below: z.enum(['flag', 'refuse']),
});
export type ReelGrading = z.infer<typeof ReelGradingSchema>;

/**
 * What a Reel does with a grade (docs/print-quality.md, "A grade per Label"): nothing when it is at or above the
 * lowest accepted grade, else what the Reel's setting says (flag: enrolled and flagged; refuse: not enrolled).
 */
export function belowAccepted(grade: GradeLetter, grading: ReelGrading): ReelGrading['below'] | undefined {
  return gradeBelow(grade, grading.minGrade) ? grading.below : undefined;
}

/** A Label's grade: its lowest-graded symbol's, with every symbol graded. */
const LabelGradeSchema = z.object({
  labelId: z.string(),
  position: z.number().int().nonnegative(),
  grade: GradeLetterSchema,
  score: GradeScoreSchema,
  worst: GradeParameterSchema,
  symbology: z.enum(['QR', 'DATA_MATRIX']),
  /** Below the Reel's lowest accepted grade as the Reel says it now (raising or lowering the grade moves it). */
  flagged: z.boolean(),
  gradedAt: z.string(),
  symbols: z.array(SymbolGradeSchema).min(1),
});
export type LabelGrade = z.infer<typeof LabelGradeSchema>;

/** How many Labels got each grade, how many had each parameter as their worst (grades below A only), how many flagged. */
const GradeCountsSchema = z.object({
  distribution: z.record(GradeLetterSchema, z.number().int().nonnegative()),
  worstParameters: z.record(GradeParameterSchema, z.number().int().nonnegative()),
  flagged: z.number().int().nonnegative(),
});
export type GradeCounts = z.infer<typeof GradeCountsSchema>;

const ReelGradesSchema = GradeCountsSchema.extend({
  reelId: z.string(),
  grading: ReelGradingSchema,
  /** By position. */
  labels: z.array(LabelGradeSchema),
});
export type ReelGrades = z.infer<typeof ReelGradesSchema>;

/**
 * The grade along a Reel's positions (a falling line is a failing ribbon or head): each Label's letter, decimal score
 * and worst parameter, and whether it is below the Reel's lowest accepted grade now.
 */
const GradeTrendSchema = z.array(
  z.object({
    position: z.number().int().nonnegative(),
    grade: GradeLetterSchema,
    score: GradeScoreSchema,
    worst: GradeParameterSchema,
    flagged: z.boolean(),
  }),
);

/** The Reel report's print quality: the counts and the grade along the positions (the trend). */
export const ReelPrintQualitySchema = GradeCountsSchema.extend({
  grading: ReelGradingSchema,
  graded: z.number().int().nonnegative(),
  trend: GradeTrendSchema,
});

/**
 * The shift summary's print quality: the Labels of the shift's Reels graded that day, counted as the Reel report
 * counts them, and each of those Reels' grade along its positions (that day's grades only).
 */
export const ShiftPrintQualitySchema = GradeCountsSchema.extend({
  graded: z.number().int().nonnegative(),
  reels: z.array(ReelPrintQualitySchema.extend({ reelId: z.string(), name: z.string() })),
});

export const gradeCommands = {
  /** The grades of a Reel's Labels (or of one position), with the Reel's setting and the counts. */
  'grades.reel': {
    input: z.object({ reelId: LocalId, position: z.number().int().nonnegative().optional() }).strict(),
    output: ReelGradesSchema,
  },
  /** A Reel's lowest accepted grade and what happens to a Label below it. */
  'grades.getSetting': {
    input: z.object({ reelId: LocalId }).strict(),
    output: ReelGradingSchema,
  },
  /** Changes a Reel's lowest accepted grade and what happens below it (only the fields given). */
  'grades.setting': {
    input: z.object({ reelId: LocalId }).extend(ReelGradingSchema.partial().shape).strict(),
    output: ReelGradingSchema,
  },
} as const;
