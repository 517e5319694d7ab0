// Positions as ranges (docs/printing.md, "Jobs"): a print job's positions, its printed and not printed split, and the
// words that name them ("5–7, 9"), the same in the main process and the UI. Ranges are inclusive, in print order.

type Ranges = [number, number][];

/** The positions of ranges, in order. */
export function expand(ranges: readonly (readonly [number, number])[]): number[] {
  return ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
}

/** Positions in order as ranges of consecutive ones: [1,2,3,7] → [[1,3],[7,7]]. */
export function compress(positions: readonly number[]): Ranges {
  const out: Ranges = [];
  for (const p of positions) {
    const last = out.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}

/** "5–7, 9": positions are identifiers, never grouped. */
export function rangesInWords(ranges: readonly (readonly [number, number])[]): string {
  return ranges.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(', ');
}
