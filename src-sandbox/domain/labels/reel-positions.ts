// Positions on a Reel. A position holds at most one Label in any state: archived and shipped Labels keep their
// position (spec: Move, "positions with an archived, shipped or no Label stay as gaps").
import type { LabelState } from './model';

/** The Reel's last position: the highest position holding a Label, null when the Reel is empty. */
export function lastPosition(labels: readonly Pick<LabelState, 'position'>[]): number | null {
  let last: number | null = null;
  for (const l of labels) if (last === null || l.position > last) last = l.position;
  return last;
}

/**
 * Where a Label goes when no position is given: after the last position (the sandbox numbers from 1).
 * spec: Labels and Reels, enrollment — "`position?` (default next free)". Our reading: gaps left on purpose
 * (a removed or moved Label) are not refilled, so a Reel keeps its print order.
 */
export function nextFreePosition(labels: readonly Pick<LabelState, 'position'>[]): number {
  return (lastPosition(labels) ?? 0) + 1;
}
