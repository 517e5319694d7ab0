// Keypoint counting: Shi–Tomasi corners (minimum eigenvalue of the local structure tensor) on the decoded
// frame, with 3×3 non-maximum suppression. The threshold is absolute (in gray levels), so a flat or blurred
// frame stays flat: no contrast stretch happens before this step, or sensor noise would become "detail".
import type { GrayFrame } from './frame';

/**
 * Minimum corner response, in squared gray-level gradient units averaged over the 3×3 window. Chosen above
 * the response of sensor noise (σ ≈ 8 gray levels at full size is about σ 2 after downscaling) and far below
 * that of a printed dot's rim.
 */
const CORNER_THRESHOLD = 400;

/** Counts corner keypoints in the frame. Pure; O(pixels). */
export function countKeypoints(frame: GrayFrame): number {
  const { width: w, height: h, pixels: p } = frame;
  if (w < 5 || h < 5) return 0;
  const n = w * h;
  const xx = new Float32Array(n);
  const yy = new Float32Array(n);
  const xy = new Float32Array(n);
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      const a = p[i - w - 1] as number;
      const b = p[i - w] as number;
      const c = p[i - w + 1] as number;
      const d = p[i - 1] as number;
      const f = p[i + 1] as number;
      const g = p[i + w - 1] as number;
      const hh = p[i + w] as number;
      const k = p[i + w + 1] as number;
      // Sobel, scaled by 1/8 so gradients are in gray levels per pixel.
      const gx = (c + 2 * f + k - a - 2 * d - g) / 8;
      const gy = (g + 2 * hh + k - a - 2 * b - c) / 8;
      xx[i] = gx * gx;
      yy[i] = gy * gy;
      xy[i] = gx * gy;
    }
  }
  const response = new Float32Array(n);
  for (let y = 2; y < h - 2; y += 1) {
    for (let x = 2; x < w - 2; x += 1) {
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        const row = (y + dy) * w + x;
        for (let dx = -1; dx <= 1; dx += 1) {
          sxx += xx[row + dx] as number;
          syy += yy[row + dx] as number;
          sxy += xy[row + dx] as number;
        }
      }
      sxx /= 9;
      syy /= 9;
      sxy /= 9;
      const half = (sxx - syy) / 2;
      response[y * w + x] = (sxx + syy) / 2 - Math.sqrt(half * half + sxy * sxy);
    }
  }
  let count = 0;
  for (let y = 3; y < h - 3; y += 1) {
    for (let x = 3; x < w - 3; x += 1) {
      const i = y * w + x;
      const r = response[i] as number;
      if (r < CORNER_THRESHOLD) continue;
      if (
        r >= (response[i - w - 1] as number) &&
        r >= (response[i - w] as number) &&
        r >= (response[i - w + 1] as number) &&
        r >= (response[i - 1] as number) &&
        r > (response[i + 1] as number) &&
        r > (response[i + w - 1] as number) &&
        r > (response[i + w] as number) &&
        r > (response[i + w + 1] as number)
      ) {
        count += 1;
      }
    }
  }
  return count;
}
