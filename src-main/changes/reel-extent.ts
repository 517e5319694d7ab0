import type { Db } from '../store/database';
import { highestPositions } from '../store/labels';
import { getReel } from '../store/reels';

// A Reel's known extent (docs/sync.md, "Benches sharing a Reel"): the last position of its print data, of this
// bench's range, or of a Label the service holds (here or enrolled elsewhere, as last read), whichever is largest.
// Nothing the station places by itself (a re-placed Label's next free position) goes past it.

/** The Reel's known extent, or null when the station knows none of the three (a new Reel, nothing printed or sent). */
export function reelExtent(db: Db, reelId: string): number | null {
  const { printData, onService } = highestPositions(db, reelId);
  const rangeLast = getReel(db, reelId)?.benchRange?.last ?? null;
  const known = [printData, onService, rangeLast].filter((n): n is number => n !== null);
  return known.length > 0 ? Math.max(...known) : null;
}
