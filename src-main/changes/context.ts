import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { Db } from '../store/database';
import { getLabel, type LocalLabel } from '../store/labels';
import { getReel, type LocalReel } from '../store/reels';

/** What every local change needs: the database, where captures go, and the active profile (changes are queued for it). */
export interface ChangeContext {
  db: Db;
  dataDir: string;
  /** The active connection profile; operations are queued for it. */
  profileId(): string;
}

export function requireReel(ctx: ChangeContext, reelId: string): LocalReel {
  const reel = getReel(ctx.db, reelId);
  if (!reel || reel.profileId !== ctx.profileId()) {
    throw new StationError({
      code: StationErrorCode.notFound,
      message: `No Reel "${reelId}" on this station's active connection; list Reels with "reel show" or create one.`,
    });
  }
  return reel;
}

export function requireLabel(ctx: ChangeContext, labelId: string): LocalLabel {
  const label = getLabel(ctx.db, labelId);
  if (!label) throw new StationError({ code: StationErrorCode.notFound, message: `No Label "${labelId}" on this station.` });
  requireReel(ctx, label.reelId);
  return label;
}
