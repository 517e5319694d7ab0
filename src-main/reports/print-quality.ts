import { GRADE_PARAMETERS, type GradeCounts, type GradeParameter, type LabelGrade, type ReelGrading } from '../../src-shared/ipc/grades';
import type { Db } from '../store/database';
import { getReelGrading, listGradesBetween, listReelGrades } from '../store/grades';

// A Reel's print quality (docs/print-quality.md, "Reading the trend"): the grade distribution, the count of each
// worst parameter and the flagged Labels; `station grade --reel`, the Reel report and the shift summary (one count,
// one trend: the same for a Reel and for a day).

function gradeCounts(labels: readonly Pick<LabelGrade, 'grade' | 'worst' | 'flagged'>[]): GradeCounts {
  const distribution = { A: 0, B: 0, C: 0, D: 0, F: 0 };
  const worstParameters = Object.fromEntries(GRADE_PARAMETERS.map((p) => [p, 0])) as Record<GradeParameter, number>;
  let flagged = 0;
  for (const label of labels) {
    distribution[label.grade] += 1;
    if (label.grade !== 'A') worstParameters[label.worst] += 1;
    if (label.flagged) flagged += 1;
  }
  return { distribution, worstParameters, flagged };
}

export function reelGrades(db: Db, reelId: string, position?: number) {
  const labels = listReelGrades(db, reelId, position);
  return { reelId, grading: getReelGrading(db, reelId) as ReelGrading, labels, ...gradeCounts(labels) };
}

function trendOf(labels: readonly LabelGrade[]) {
  return labels.map((l) => ({ position: l.position, grade: l.grade, worst: l.worst }));
}

export function reelPrintQuality(db: Db, reelId: string) {
  const { grading, labels, ...counts } = reelGrades(db, reelId);
  return { grading, graded: labels.length, ...counts, trend: trendOf(labels) };
}

/** The print quality of a day (the shift summary): the Labels of the Reels named graded between `fromIso` and `toIso`. */
export function shiftPrintQuality(db: Db, reels: readonly { reelId: string; name: string }[], fromIso: string, toIso: string) {
  const labels = listGradesBetween(
    db,
    reels.map((r) => r.reelId),
    fromIso,
    toIso,
  );
  const perReel = reels.flatMap((reel) => {
    const own = labels.filter((l) => l.reelId === reel.reelId);
    if (own.length === 0) return [];
    return [
      {
        reelId: reel.reelId,
        name: reel.name,
        grading: getReelGrading(db, reel.reelId) as ReelGrading,
        graded: own.length,
        ...gradeCounts(own),
        trend: trendOf(own),
      },
    ];
  });
  return { graded: labels.length, ...gradeCounts(labels), reels: perReel };
}
