import { readFile } from 'node:fs/promises';
import { CaptureResultSchema } from '../../src-shared/ipc/camera';
import { StationError } from '../../src-shared/ipc/envelope';
import { belowAccepted, type ReelGrading, type SymbolGrade } from '../../src-shared/ipc/grades';
import { ImageRefusedError } from '../devices/camera/errors';
import { gradeWords } from '../print-quality/words';
import { getReelGrading } from '../store/grades';
import type { ChangeContext } from './context';

// A Label's print grade at enrollment (docs/print-quality.md, "A grade per Label"): the grades the capture pipeline
// gave the camera's still, or, for a file named on the command line, the same grading done now; judged against the
// Reel's lowest accepted grade.

export interface EnrollmentGrade {
  symbols: SymbolGrade[];
  /** Below the Reel's lowest accepted grade. */
  flagged: boolean;
}

/** The grades the capture pipeline kept beside the camera's still (its sidecar), when it has them. */
async function pipelineGrades(stillFile: string | undefined): Promise<SymbolGrade[] | undefined> {
  if (!stillFile) return undefined;
  try {
    const parsed = CaptureResultSchema.safeParse(JSON.parse(await readFile(stillFile.replace(/\.(jpg|png)$/, '.json'), 'utf8')));
    return parsed.success ? parsed.data.grades : undefined;
  } catch {
    return undefined;
  }
}

async function gradeOrNone(bytes: Buffer): Promise<SymbolGrade[]> {
  try {
    // The grader (zxing-wasm and @zxing/library's tables) loads with the first image to grade, not with every command
    // that may enroll (docs/architecture.md, "Start-up").
    const { gradeStill } = await import('../print-quality');
    return await gradeStill(bytes);
  } catch (error) {
    if (error instanceof ImageRefusedError) return [];
    throw error;
  }
}

/**
 * The grade of an enrollment's capture, or null when it carries no code to grade. Throws PRINT_GRADE_LOW when the
 * grade is below the Reel's lowest accepted one and the Reel refuses such Labels.
 */
export async function gradeEnrollment(
  ctx: ChangeContext,
  reelId: string,
  position: number,
  capture: { bytes: Buffer; file?: string | undefined },
): Promise<EnrollmentGrade | null> {
  const symbols = (await pipelineGrades(capture.file)) ?? (await gradeOrNone(capture.bytes));
  if (symbols.length === 0) return null;
  const grading = getReelGrading(ctx.db, reelId) as ReelGrading;
  const worst = symbols.reduce((a, b) => (b.score < a.score ? b : a));
  const below = belowAccepted(worst.grade, grading);
  if (below === 'refuse') {
    throw new StationError({
      code: 'PRINT_GRADE_LOW',
      message: `Cannot enroll at position ${position}: ${gradeWords(worst)}, below this Reel's lowest accepted grade ${grading.minGrade}. Reprint the Label and capture it again, or change the Reel's accepted grade (station grade setting).`,
      detail: { position, grade: worst.grade, worst: worst.worst, minGrade: grading.minGrade },
    });
  }
  return { symbols, flagged: below === 'flag' };
}
