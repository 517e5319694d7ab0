import { useTranslation } from 'react-i18next';
import type { SlotGrade } from './bench-reducer';

// The print grade of a capture's codes (docs/print-quality.md): the letter, its decimal score and the worst parameter
// in words, and beside it, always, that this is a process-control grade from the bench's camera, not a certified
// verification.

/** The lowest-scored of a capture's symbols, with its worst parameter; undefined when none was graded. */
export function worstGrade(grades: readonly SlotGrade[] | undefined): SlotGrade | undefined {
  if (!grades || grades.length === 0) return undefined;
  const worst = grades.reduce((a, b) => (b.score < a.score ? b : a));
  return { grade: worst.grade, score: worst.score, worst: worst.worst };
}

export function GradeChip({ grade }: { grade: SlotGrade }) {
  const { t } = useTranslation();
  const text =
    grade.grade === 'A'
      ? t('grade.chipA', { score: grade.score })
      : t('grade.chip', { grade: grade.grade, score: grade.score, worst: t(`grade.parameter.${grade.worst}`) });
  return (
    <span className="grade-line">
      <span className={`grade-chip grade-${grade.grade}`} data-testid="grade-chip" data-score={grade.score}>
        {text}
      </span>
      <span className="hint grade-note">{t('grade.notCertified')}</span>
    </span>
  );
}
