import type { MapCell } from './cell-state';

// The Reel map marks a position printed more than once (docs/printing.md, "Reprints at the bench"): its cell carries
// the ↻ mark and a corner band besides its state's colour, and its name says "reprinted".

export const REPRINT_MARK = '↻';

/** The positions with at least one reprint among the Reel's prints (print.log). */
export function reprintedPositions(prints: readonly { position: number; reprint: boolean }[]): ReadonlySet<number> {
  return new Set(prints.filter((p) => p.reprint).map((p) => p.position));
}

/** The cells, those of reprinted positions marked (the others are the same objects, so unchanged rows stay memoized). */
export function markReprinted(cells: MapCell[], reprinted: ReadonlySet<number>): MapCell[] {
  if (reprinted.size === 0) return cells;
  return cells.map((cell) => (reprinted.has(cell.position) ? { ...cell, reprinted: true } : cell));
}
