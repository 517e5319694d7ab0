// The capture quality measures (docs/devices.md, "Cameras": a capture passes the quality gate
// on focus, exposure and detail). Pure functions over a grayscale raster so the
// main process's gate (sharp) and the renderer's live preview meters (canvas) compute the
// same numbers the same way.

/** Longest side of the grayscale raster the measures run on; focus figures depend on it. */
export const ANALYSIS_MAX_SIDE = 1024;

/** One byte per pixel, row-major. */
export interface GrayFrame {
  width: number;
  height: number;
  pixels: Uint8Array | Uint8ClampedArray;
}

export interface QualityMetrics {
  /**
   * Variance of the 4-neighbour Laplacian, scaled to a mid-gray (128) mean so that a dark
   * but sharp frame is reported as dark, not as blurry: higher = sharper.
   */
  focus: number;
  /** Mean gray level, 0–255. */
  meanLuminance: number;
  /** Standard deviation over mean of the gray level: near 0 = a blank frame, no detail. */
  contrast: number;
  /** Share of pixels at black (≤ 1; JPEG ringing rarely leaves an exact 0). */
  clippedShadows: number;
  /** Share of pixels at white (≥ 254). */
  clippedHighlights: number;
  analysisWidth: number;
  analysisHeight: number;
}

export interface QualityThresholds {
  /** Resolution limits on the longer and the shorter side, so portrait and landscape frames judge alike. */
  minLongSide: number;
  minShortSide: number;
  minFocus: number;
  minContrast: number;
  minMeanLuminance: number;
  maxMeanLuminance: number;
  maxClippedShadows: number;
  maxClippedHighlights: number;
}

/**
 * Defaults measured on generated speckle labels at 1600×1200 (reduced to 1024 px): a sharp
 * tag scores focus in the thousands, a 2 px gaussian blur about 125, a 3 px blur about 40;
 * a speckle tag has contrast about 0.4, a flat field with a few dots below 0.05.
 */
export const DEFAULT_QUALITY_THRESHOLDS: QualityThresholds = {
  minLongSide: 1280,
  minShortSide: 720,
  minFocus: 60,
  minContrast: 0.1,
  minMeanLuminance: 50,
  maxMeanLuminance: 225,
  maxClippedShadows: 0.2,
  maxClippedHighlights: 0.35,
};

type QualityReasonCode = 'RESOLUTION_TOO_LOW' | 'LOW_DETAIL' | 'TOO_BLURRY' | 'TOO_DARK' | 'TOO_BRIGHT' | 'SHADOWS_CLIPPED' | 'HIGHLIGHTS_CLIPPED';

export interface QualityReason {
  code: QualityReasonCode;
  message: string;
}

/** Variance of the Laplacian (the classic focus measure): an out-of-focus frame has weak edges. */
export function focusMeasure(frame: GrayFrame): number {
  const { width, height, pixels } = frame;
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSquares = 0;
  for (let y = 1; y < height - 1; y += 1) {
    const row = y * width;
    for (let x = 1; x < width - 1; x += 1) {
      const i = row + x;
      const lap =
        (pixels[i - 1] as number) + (pixels[i + 1] as number) + (pixels[i - width] as number) + (pixels[i + width] as number) - 4 * (pixels[i] as number);
      sum += lap;
      sumSquares += lap * lap;
    }
  }
  const n = (width - 2) * (height - 2);
  const mean = sum / n;
  return sumSquares / n - mean * mean;
}

/** Laplacian variance grows with the square of brightness; this removes that. */
function normalizedFocus(frame: GrayFrame, meanLuminance: number): number {
  if (meanLuminance < 1) return 0;
  return focusMeasure(frame) * (128 / meanLuminance) ** 2;
}

export function exposureStats(frame: GrayFrame): Pick<QualityMetrics, 'meanLuminance' | 'contrast' | 'clippedShadows' | 'clippedHighlights'> {
  const { pixels } = frame;
  const n = pixels.length;
  if (n === 0) return { meanLuminance: 0, contrast: 0, clippedShadows: 0, clippedHighlights: 0 };
  let sum = 0;
  let sumSquares = 0;
  let dark = 0;
  let bright = 0;
  for (let i = 0; i < n; i += 1) {
    const v = pixels[i] as number;
    sum += v;
    sumSquares += v * v;
    if (v <= 1) dark += 1;
    else if (v >= 254) bright += 1;
  }
  const mean = sum / n;
  return {
    meanLuminance: mean,
    contrast: mean < 1 ? 0 : Math.sqrt(Math.max(0, sumSquares / n - mean * mean)) / mean,
    clippedShadows: dark / n,
    clippedHighlights: bright / n,
  };
}

export function measureQuality(frame: GrayFrame): QualityMetrics {
  const exposure = exposureStats(frame);
  return { focus: normalizedFocus(frame, exposure.meanLuminance), ...exposure, analysisWidth: frame.width, analysisHeight: frame.height };
}

/** ITU-R BT.601 luma of an RGBA (canvas ImageData) or RGB buffer. */
export function toGray(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 3 | 4): GrayFrame {
  const pixels = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < pixels.length; i += 1, j += channels) {
    pixels[i] = (77 * (data[j] as number) + 150 * (data[j + 1] as number) + 29 * (data[j + 2] as number)) >> 8;
  }
  return { width, height, pixels };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const percent = (share: number) => `${round(share * 100)} %`;

/**
 * Every reason the capture is refused, each saying what was measured, the limit, and
 * what the operator can do. Empty = accepted. `size` is the full image size.
 */
export function judgeQuality(size: { width: number; height: number }, metrics: QualityMetrics, t: QualityThresholds): QualityReason[] {
  const reasons: QualityReason[] = [];
  if (Math.max(size.width, size.height) < t.minLongSide || Math.min(size.width, size.height) < t.minShortSide) {
    reasons.push({
      code: 'RESOLUTION_TOO_LOW',
      message: `resolution too low: ${size.width}×${size.height} < ${t.minLongSide}×${t.minShortSide}; choose a higher camera resolution`,
    });
  }
  if (metrics.contrast < t.minContrast) {
    reasons.push({
      code: 'LOW_DETAIL',
      message: `too little detail: contrast ${round(metrics.contrast, 3)} < ${t.minContrast}; put the label's optical tag under the camera (lens cap off, label in view)`,
    });
  } else if (metrics.focus < t.minFocus) {
    reasons.push({
      code: 'TOO_BLURRY',
      message: `too blurry: focus ${round(metrics.focus)} < ${t.minFocus}; hold the label still or refocus`,
    });
  }
  if (metrics.meanLuminance < t.minMeanLuminance) {
    reasons.push({
      code: 'TOO_DARK',
      message: `too dark: brightness ${round(metrics.meanLuminance)} < ${t.minMeanLuminance}; add light or raise the exposure`,
    });
  } else if (metrics.meanLuminance > t.maxMeanLuminance) {
    reasons.push({
      code: 'TOO_BRIGHT',
      message: `too bright: brightness ${round(metrics.meanLuminance)} > ${t.maxMeanLuminance}; dim the light or lower the exposure`,
    });
  }
  if (metrics.clippedShadows > t.maxClippedShadows) {
    reasons.push({
      code: 'SHADOWS_CLIPPED',
      message: `shadows clipped: ${percent(metrics.clippedShadows)} of pixels are black (limit ${percent(t.maxClippedShadows)}); raise the exposure`,
    });
  }
  if (metrics.clippedHighlights > t.maxClippedHighlights) {
    reasons.push({
      code: 'HIGHLIGHTS_CLIPPED',
      message: `highlights clipped: ${percent(metrics.clippedHighlights)} of pixels are white (limit ${percent(t.maxClippedHighlights)}); lower the exposure or avoid glare`,
    });
  }
  return reasons;
}

/** The size a frame is reduced to before measuring: longest side at most ANALYSIS_MAX_SIDE. */
export function analysisSize(width: number, height: number, maxSide = ANALYSIS_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
