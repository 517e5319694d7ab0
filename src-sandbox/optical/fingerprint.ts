// The fingerprint: a 256-bit block-mean perceptual hash over a 16×16 grid of the decoded frame. Each bit says
// whether a cell (a tent-weighted window, see cellMeans) is darker than the median cell. Why this survives a
// recapture: block means average sensor noise away; a global brightness change moves every cell and the
// median together; a shift of a few pixels at full size is a small fraction of a cell (a cell is 100×75 px of
// a 1600×1200 capture) and the soft window makes it count less still; JPEG artifacts are far finer than a cell. Why tags differ: each cell's ink coverage comes from that tag's own random dots, so
// two tags agree on about half their bits.
import type { GrayFrame } from './frame';

const GRID_COLUMNS = 16;
const GRID_ROWS = 16;
export const FINGERPRINT_BITS = GRID_COLUMNS * GRID_ROWS;
export const FINGERPRINT_BYTES = FINGERPRINT_BITS / 8;

/** Fine cells per grid cell along each axis: the fine grid the soft cell windows are built from. */
const FINE = 4;

/** Plain means over a (GRID·FINE)² grid of small cells, row-major. */
function fineMeans(frame: GrayFrame): Float64Array {
  const { width: w, height: h, pixels } = frame;
  const cols = GRID_COLUMNS * FINE;
  const rows = GRID_ROWS * FINE;
  const sums = new Float64Array(cols * rows);
  const counts = new Float64Array(cols * rows);
  for (let y = 0; y < h; y += 1) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / h)) * cols;
    for (let x = 0; x < w; x += 1) {
      const cell = row + Math.min(cols - 1, Math.floor((x * cols) / w));
      sums[cell] = (sums[cell] as number) + (pixels[y * w + x] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  for (let i = 0; i < sums.length; i += 1) sums[i] = (sums[i] as number) / Math.max(1, counts[i] as number);
  return sums;
}

/**
 * Soft cell means of the grid, row-major: each grid cell is a tent-weighted mean reaching into its
 * neighbours (weight 1 at the cell centre, 0 one cell away). Hard cell edges made a shift of a few pixels
 * move whole blobs in or out of a cell; under a tent window the weight of a moved pixel changes only a little.
 */
function cellMeans(frame: GrayFrame): Float64Array {
  const fine = fineMeans(frame);
  const cols = GRID_COLUMNS * FINE;
  const rows = GRID_ROWS * FINE;
  const weight = (d: number) => Math.max(0, 1 - Math.abs(d) / FINE);
  const out = new Float64Array(FINGERPRINT_BITS);
  for (let gy = 0; gy < GRID_ROWS; gy += 1) {
    const cy = gy * FINE + (FINE - 1) / 2;
    for (let gx = 0; gx < GRID_COLUMNS; gx += 1) {
      const cx = gx * FINE + (FINE - 1) / 2;
      let sum = 0;
      let total = 0;
      for (let fy = Math.max(0, Math.ceil(cy - FINE)); fy <= Math.min(rows - 1, Math.floor(cy + FINE)); fy += 1) {
        const wy = weight(fy - cy);
        for (let fx = Math.max(0, Math.ceil(cx - FINE)); fx <= Math.min(cols - 1, Math.floor(cx + FINE)); fx += 1) {
          const wgt = wy * weight(fx - cx);
          sum += wgt * (fine[fy * cols + fx] as number);
          total += wgt;
        }
      }
      out[gy * GRID_COLUMNS + gx] = total > 0 ? sum / total : 0;
    }
  }
  return out;
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
