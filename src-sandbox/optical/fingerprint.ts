// The fingerprint: a 256-bit block-mean perceptual hash over a 16×16 grid of the decoded frame. Each bit says
// whether a cell is darker than the median cell. Why this survives a recapture: block means average sensor
// noise away; a global brightness change moves every cell and the median together; a shift of a few pixels
// at full size is a small fraction of a cell (a cell is 100×75 px of a 1600×1200 capture); JPEG artifacts are
// far finer than a cell. Why tags differ: each cell's ink coverage comes from that tag's own random dots, so
// two tags agree on about half their bits.
import type { GrayFrame } from './frame';

export const GRID_COLUMNS = 16;
export const GRID_ROWS = 16;
export const FINGERPRINT_BITS = GRID_COLUMNS * GRID_ROWS;
export const FINGERPRINT_BYTES = FINGERPRINT_BITS / 8;

/** Cell means of the grid, row-major. */
export function cellMeans(frame: GrayFrame): Float64Array {
  const { width: w, height: h, pixels } = frame;
  const sums = new Float64Array(FINGERPRINT_BITS);
  const counts = new Float64Array(FINGERPRINT_BITS);
  for (let y = 0; y < h; y += 1) {
    const row = Math.min(GRID_ROWS - 1, Math.floor((y * GRID_ROWS) / h)) * GRID_COLUMNS;
    for (let x = 0; x < w; x += 1) {
      const cell = row + Math.min(GRID_COLUMNS - 1, Math.floor((x * GRID_COLUMNS) / w));
      sums[cell] = (sums[cell] as number) + (pixels[y * w + x] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  for (let i = 0; i < FINGERPRINT_BITS; i += 1) sums[i] = (sums[i] as number) / Math.max(1, counts[i] as number);
  return sums;
}

/** The 32-byte fingerprint of a frame. Pure. */
export function computeFingerprint(frame: GrayFrame): Uint8Array {
  const means = cellMeans(frame);
  const sorted = Float64Array.from(means).sort();
  const median = ((sorted[FINGERPRINT_BITS / 2 - 1] as number) + (sorted[FINGERPRINT_BITS / 2] as number)) / 2;
  const bits = new Uint8Array(FINGERPRINT_BYTES);
  for (let i = 0; i < FINGERPRINT_BITS; i += 1) {
    if ((means[i] as number) < median) bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
  }
  return bits;
}
