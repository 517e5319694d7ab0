import { useTranslation } from 'react-i18next';
import { gradeBelow } from '../../../../src-shared/domain/grade-order';
import type { SlotGrade } from './bench-reducer';

// The print grade of a capture's codes (docs/print-quality.md): the letter and the worst parameter in words, and beside
// it, always, that this is a process-control grade from the bench's camera, not a certified verification.

/** The lowest grade among a capture's symbols, with its worst parameter; undefined when none was graded. */
export function worstGrade(grades: readonly SlotGrade[] | undefined): SlotGrade | undefined {
  if (!grades || grades.length === 0) return undefined;
  const worst = grades.reduce((a, b) => (gradeBelow(b.grade, a.grade) ? b : a));
  return { grade: worst.grade, worst: worst.worst };
}

export function GradeChip({ grade }: { grade: SlotGrade }) {
  const { t } = useTranslation();
  const text = grade.grade === 'A' ? t('grade.chipA') : t('grade.chip', { grade: grade.grade, worst: t(`grade.parameter.${grade.worst}`) });
  return (
    <span className="grade-line">
      <span className={`grade-chip grade-${grade.grade}`} data-testid="grade-chip">
        {text}
      </span>
      <span className="hint grade-note">{t('grade.notCertified')}</span>
    </span>
  );
}
