import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { gradeCommands, ReelGrading } from '../../src-shared/ipc/grades';
import { requireReel } from '../changes/context';
import { reelGrades } from '../reports/print-quality';
import { getReelGrading, setReelGrading } from '../store/grades';
import type { CommandContext } from './context';

// The print grades of a Reel's Labels and its lowest accepted grade (docs/print-quality.md). `station grade`.
export function gradeHandlers(ctx: CommandContext): CommandHandlers<keyof typeof gradeCommands> {
  return {
    'grades.reel': ({ reelId, position }) => reelGrades(ctx.db, requireReel(ctx.changes, reelId).reelId, position),
    'grades.getSetting': ({ reelId }) => getReelGrading(ctx.db, requireReel(ctx.changes, reelId).reelId) as ReelGrading,
    'grades.setting': ({ reelId, ...patch }) => {
      const reel = requireReel(ctx.changes, reelId);
      const grading: ReelGrading = { ...(getReelGrading(ctx.db, reel.reelId) as ReelGrading), ...patch };
      setReelGrading(ctx.db, reel.reelId, grading);
      return grading;
    },
  };
}
