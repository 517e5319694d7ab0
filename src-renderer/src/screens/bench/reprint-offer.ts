import { gradeBelow } from '../../../../src-shared/domain/grade-order';
import type { ReprintReason } from '../../../../src-shared/ipc/printers';
import type { Feedback, SlotGrade } from './bench-reducer';

// When the Bench offers "Reprint position N" (docs/printing.md, "Reprints at the bench"): a misprint or misorder the
// bench caught or the core refused, a Label voided, or a capture graded below the Reel's lowest accepted grade
// (docs/print-quality.md, "A grade per Label"). The reason is preselected from the situation.

type ReprintSituation = 'misprint' | 'voided' | 'grade';

export interface ReprintOffer {
  position: number;
  situation: ReprintSituation;
  reason: ReprintReason;
  /** The capture's grade, for a grade below the Reel's lowest accepted one. */
  grade?: SlotGrade['grade'];
}

export interface OfferFacts {
  /** The Bench's current position. */
  position: number;
  feedback: Feedback | null;
  blocked: boolean;
  /** The code of the core's refusal of the last save, if any. */
  saveErrorCode?: string | undefined;
  /** The lowest grade the Reel accepts (its grading setting). */
  minGrade?: SlotGrade['grade'] | undefined;
  /** The grade of the capture on the current position's slots, or of the Label saved last (its position). */
  grade?: { position: number; grade: SlotGrade['grade'] } | undefined;
}

export function reprintOffer(facts: OfferFacts): ReprintOffer | null {
  const { position, feedback, blocked, saveErrorCode, minGrade, grade } = facts;
  if (saveErrorCode === 'STATION_MISPRINT' || saveErrorCode === 'STATION_MISORDER') return { position, situation: 'misprint', reason: 'misprint' };
  if (saveErrorCode === 'PRINT_GRADE_LOW')
    return { position, situation: 'grade', reason: 'misprint', ...(grade?.position === position ? { grade: grade.grade } : {}) };
  if (blocked && (feedback?.code === 'PRINT_DATA_MISMATCH' || feedback?.code === 'MISORDER')) return { position, situation: 'misprint', reason: 'misprint' };
  if (feedback?.code === 'VOIDED') return { position: feedback.position, situation: 'voided', reason: 'damaged' };
  if (grade && minGrade && gradeBelow(grade.grade, minGrade)) {
    // On the current slots, or the Label just saved (flagged).
    const saved = feedback?.code === 'SAVED' && feedback.position === grade.position;
    if (grade.position === position || saved) return { position: grade.position, situation: 'grade', reason: 'misprint', grade: grade.grade };
  }
  return null;
}
