import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { getReel, saveBenchRange, saveReelDirection, type BenchRange, type LocalReel, type ReelDirection } from '../store/reels';
import { requireReel, type ChangeContext } from './context';

// A Reel split between benches (docs/sync.md, "Benches sharing a Reel"): each bench keeps its own range of positions,
// a local setting never sent to the service. The Bench's auto-advance stays inside it; an enrollment outside it is
// refused here unless the operator said to go ahead (`outsideRange`).

/** "positions 5001–10000", as the messages name a range. */
function rangeWords(range: BenchRange): string {
  return `positions ${range.first}–${range.last}`;
}

/** Sets (or, with null, clears) this bench's range of the Reel; audited. */
export function setBenchRange(ctx: ChangeContext, reelId: string, range: BenchRange | null): LocalReel {
  requireReel(ctx, reelId);
  ctx.db.transaction(() => {
    saveBenchRange(ctx.db, reelId, range);
    audit(ctx.db, 'reel.range', reelId, { reelId, range });
  })();
  return getReel(ctx.db, reelId) as LocalReel;
}

/**
 * Sets the direction this bench enrolls the Reel in (docs/architecture.md, "The Bench's session"): `down` for a Reel
 * enrolled from its end (rewound); the Bench's advance, skip and "next" follow it. Local, never sent; audited.
 */
export function setReelDirection(ctx: ChangeContext, reelId: string, direction: ReelDirection): LocalReel {
  requireReel(ctx, reelId);
  ctx.db.transaction(() => {
    saveReelDirection(ctx.db, reelId, direction);
    audit(ctx.db, 'reel.direction', reelId, { reelId, direction });
  })();
  return getReel(ctx.db, reelId) as LocalReel;
}

/** Refuses an enrollment outside this bench's range unless it was confirmed: `STATION_OUTSIDE_RANGE` naming both. */
export function refuseOutsideRange(reel: LocalReel, position: number, confirmed: boolean): void {
  const range = reel.benchRange;
  if (!range || confirmed || (position >= range.first && position <= range.last)) return;
  throw new StationError({
    code: StationErrorCode.outsideRange,
    message: `Position ${position} is outside this bench's range of Reel "${reel.name}" (${rangeWords(range)}); another bench may enroll there. Enroll it there only if it is meant for this bench.`,
    detail: { position, range, reel: reel.name, first: range.first, last: range.last },
  });
}
