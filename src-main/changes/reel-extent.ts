import type { Db } from '../store/database';
import { highestPositions } from '../store/labels';
import { getReel } from '../store/reels';

// A Reel's known extent (docs/sync.md, "Benches sharing a Reel"): the last position any source here names, whichever
// is largest: its print data, this bench's range, a Label the service holds (here or enrolled elsewhere, as last
// read), or a Label of this bench (queued, in attention: a collision's own position among them). Nothing the station
// places by itself (a re-placed Label's next free position) goes past it where the Reel's length is known (its print
// data or this bench's range); on a Reel of no known length the next free position may be the one just after it, as
// the service itself appends.

/** The Reel's known extent, or null when the station knows none of the sources (a new Reel, nothing printed or sent). */
export function reelExtent(db: Db, reelId: string): number | null {
  return knownExtent(db, reelId).extent;
}

/** The known extent and whether the Reel's length is known (print data or this bench's range bound it). */
export function knownExtent(db: Db, reelId: string): { extent: number | null; bounded: boolean } {
  const { printData, onService, held } = highestPositions(db, reelId);
  const rangeLast = getReel(db, reelId)?.benchRange?.last ?? null;
  const known = [printData, onService, held, rangeLast].filter((n): n is number => n !== null);
  return { extent: known.length > 0 ? Math.max(...known) : null, bounded: printData !== null || rangeLast !== null };
}
