import { GRADE_PARAMETERS, belowAccepted, type GradeCounts, type GradeParameter, type LabelGrade, type ReelGrading } from '../../src-shared/ipc/grades';
import type { Db } from '../store/database';
import { getReelGrading, listGradesBetween, listReelGrades } from '../store/grades';

// A Reel's print quality (docs/print-quality.md, "Reading the trend"): the grade distribution, the count of each
// worst parameter and the flagged Labels; `station grade --reel`, the Reel report and the shift summary (one count,
// one trend: the same for a Reel and for a day).
//
// A Label is flagged when its grade is below its Reel's lowest accepted grade as the Reel says it NOW
// (docs/print-quality.md, "A grade per Label"): raising the grade to B flags the C and D Labels graded before, and
// lowering it clears them; the flag kept at enrollment is what the Reel said then, and is not what is counted.

/** Each Label's flag against its Reel's current setting (one rule: belowAccepted). */
function flaggedNow<L extends Pick<LabelGrade, 'grade' | 'flagged'>>(labels: readonly L[], grading: ReelGrading): L[] {
  return labels.map((label) => ({ ...label, flagged: belowAccepted(label.grade, grading) !== undefined }));
}

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
  const grading = getReelGrading(db, reelId) as ReelGrading;
  const labels = flaggedNow(listReelGrades(db, reelId, position), grading);
  return { reelId, grading, labels, ...gradeCounts(labels) };
}

function trendOf(labels: readonly LabelGrade[]) {
  return labels.map((l) => ({ position: l.position, grade: l.grade, score: l.score, worst: l.worst, flagged: l.flagged }));
}

export function reelPrintQuality(db: Db, reelId: string) {
  const { grading, labels, ...counts } = reelGrades(db, reelId);
  return { grading, graded: labels.length, ...counts, trend: trendOf(labels) };
}

/** The print quality of a day (the shift summary): the Labels of the Reels named graded between `fromIso` and `toIso`. */
export function shiftPrintQuality(db: Db, reels: readonly { reelId: string; name: string }[], fromIso: string, toIso: string) {
  const graded = listGradesBetween(
    db,
    reels.map((r) => r.reelId),
    fromIso,
    toIso,
  );
  const labels: typeof graded = [];
  const perReel = reels.flatMap((reel) => {
    const grading = getReelGrading(db, reel.reelId) as ReelGrading;
    const own = flaggedNow(
      graded.filter((l) => l.reelId === reel.reelId),
      grading,
    );
    if (own.length === 0) return [];
    labels.push(...own);
    return [{ reelId: reel.reelId, name: reel.name, grading, graded: own.length, ...gradeCounts(own), trend: trendOf(own) }];
  });
  return { graded: labels.length, ...gradeCounts(labels), reels: perReel };
}
