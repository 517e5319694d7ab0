import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { GRADE_PARAMETERS, type gradeCommands, type GradeLetter, type GradeParameter, type ReelGrading } from '../../src-shared/ipc/grades';
import { requireReel } from '../changes/context';
import { getReelGrading, listReelGrades, setReelGrading } from '../store/grades';
import type { CommandContext } from './context';

// The print grades of a Reel's Labels and its lowest accepted grade (docs/print-quality.md). `station grade`.
export function gradeHandlers(ctx: CommandContext): CommandHandlers<keyof typeof gradeCommands> {
  return {
    'grades.reel': ({ reelId, position }) => {
      const reel = requireReel(ctx.changes, reelId);
      const labels = listReelGrades(ctx.db, reel.reelId, position);
      const distribution: Record<GradeLetter, number> = { A: 0, B: 0, C: 0, D: 0, F: 0 };
      const worstParameters = Object.fromEntries(GRADE_PARAMETERS.map((p) => [p, 0])) as Record<GradeParameter, number>;
      for (const label of labels) {
        distribution[label.grade] += 1;
        if (label.grade !== 'A') worstParameters[label.worst] += 1;
      }
      return {
        reelId: reel.reelId,
        grading: getReelGrading(ctx.db, reel.reelId) as ReelGrading,
        labels,
        distribution,
        worstParameters,
        flagged: labels.filter((l) => l.flagged).length,
      };
    },
    'grades.setting': ({ reelId, ...patch }) => {
      const reel = requireReel(ctx.changes, reelId);
      const grading: ReelGrading = { ...(getReelGrading(ctx.db, reel.reelId) as ReelGrading), ...patch };
      setReelGrading(ctx.db, reel.reelId, grading);
      return grading;
    },
  };
}
