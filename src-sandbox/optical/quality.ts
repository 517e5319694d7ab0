// The quality gate of a capture (spec: Errors, Identifier and scan codes — SCAN_LOW_KEYPOINTS,
// SCAN_NO_KEYPOINTS "too little usable detail in the capture").

/**
 * Fewer keypoints than this is "too little detail". Generated speckle tags give about 2,800 at FRAME_WIDTH;
 * a flat frame with a few marks gives a few dozen; a blank or badly blurred frame gives none.
 */
const MIN_KEYPOINTS = 100;

export type CaptureQuality = 'ok' | 'low_keypoints' | 'no_keypoints';

export function classifyKeypoints(keypoints: number): CaptureQuality {
  if (keypoints === 0) return 'no_keypoints';
  return keypoints < MIN_KEYPOINTS ? 'low_keypoints' : 'ok';
}

/**
 * extract's `qualityScore` (spec: Scanning and identifiers): 0 to 1, reaching 1 at ten times the minimum
 * detail. A stand-in figure; the real service's scale is not published.
 */
export function qualityScore(keypoints: number): number {
  return Math.min(1, Math.round((keypoints / (MIN_KEYPOINTS * 10)) * 1000) / 1000);
}
