// What became of a read made away from the Bench (docs/architecture.md, "The Bench's session"): no scan is lost
// between screens. The Bench's session says where it used a read, or why not; the shell says when no Bench takes
// reads, and the wedge capture when the station did not answer. shell/ReadNotice.tsx shows the last one.

export type ReadNotice =
  /** Placed into a slot of the Bench's current position; saved with the Label once it is complete. */
  | { kind: 'used'; value: string; position: number }
  /** Saved at the Bench with the Label at `position` (a later notice for a read announced `used`). */
  | { kind: 'saved'; value: string; position: number }
  /** Placed, then refused by the Bench's later check or its save; `reason` in the Bench's words. */
  | { kind: 'refused'; value: string; position: number; reason: string }
  /** The Bench's checks refused it; `reason` is the Bench's own words for why. */
  | { kind: 'notUsed'; value: string; position: number; reason: string }
  /** An error at the Bench waits for Enter. */
  | { kind: 'heldBack'; value: string }
  /** No Reel is open at the Bench. */
  | { kind: 'noBench'; value: string }
  /** The page has lost its station. */
  | { kind: 'lost'; value: string };

type Listener = (notice: ReadNotice) => void;
const listeners = new Set<Listener>();

export function announceRead(notice: ReadNotice): void {
  for (const listener of listeners) listener(notice);
}

/** Tells `listener` of every notice until the returned function is called. */
export function onReadNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

// Screens that use reads themselves while shown (Verify asking for a sampled position, Devices' read log) claim them:
// the Bench's session then leaves them alone and the shell names none.
let claims = 0;
const claimWatchers = new Set<() => void>();

/** Until the returned release is called, reads are this screen's own. */
export function claimReads(): () => void {
  claims += 1;
  for (const watch of claimWatchers) watch();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    claims -= 1;
    for (const watch of claimWatchers) watch();
  };
}

export function readsClaimed(): boolean {
  return claims > 0;
}

export function watchClaims(watch: () => void): () => void {
  claimWatchers.add(watch);
  return () => void claimWatchers.delete(watch);
}
