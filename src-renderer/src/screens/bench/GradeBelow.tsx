import { useTranslation } from 'react-i18next';
import { belowAccepted } from '../../../../src-shared/ipc/grades';
import { useCommandQuery } from '../../query/use-command';
import type { SlotGrade } from './bench-reducer';
import './grade-below.css';

// Beside the grade chip (GradeChip.tsx): a capture graded below its Reel's lowest accepted grade, and what the save
// will do with it, in words (docs/print-quality.md, "A grade per Label"): saved and flagged, or refused. `data-below`
// says which (flag | refuse) to whatever acts on it; a refused save answers PRINT_GRADE_LOW with the grade in its detail.

export function GradeBelow({ grade, reelId }: { grade: SlotGrade; reelId: string | undefined }) {
  const { t } = useTranslation();
  const setting = useCommandQuery('grades.getSetting', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  const below = setting.data ? belowAccepted(grade.grade, setting.data) : undefined;
  if (!below || !setting.data) return null;
  return (
    <span className={`grade-below grade-below-${below}`} role="status" data-testid="grade-below" data-below={below}>
      {t(below === 'refuse' ? 'gradeTrend.belowRefuse' : 'gradeTrend.belowFlag', { min: setting.data.minGrade })}
    </span>
  );
}
