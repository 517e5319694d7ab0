// The whole image work on one capture, without storage: hash, decode, keypoints, fingerprint.
import { createHash } from 'node:crypto';
import { computeFingerprint } from './fingerprint';
import { decodeFrame } from './frame';
import { countKeypoints } from './keypoints';
import { classifyKeypoints, type CaptureQuality } from './quality';

export interface CaptureAnalysis {
  /** Hex sha256 of the exact bytes (spec: SCAN_IDENTICAL_SCAN, "image bytes identical"). */
  sha256: string;
  keypoints: number;
  quality: CaptureQuality;
  /** Null when the quality gate rejects the capture. */
  fingerprint: Uint8Array | null;
}

export function imageSha256(image: Uint8Array): string {
  return createHash('sha256').update(image).digest('hex');
}

/** Analyzes a capture; throws UndecodableImageError when it is not a readable PNG or JPEG. */
export async function analyzeCapture(image: Uint8Array): Promise<CaptureAnalysis> {
  const frame = await decodeFrame(image);
  const keypoints = countKeypoints(frame);
  const quality = classifyKeypoints(keypoints);
  return { sha256: imageSha256(image), keypoints, quality, fingerprint: quality === 'ok' ? computeFingerprint(frame) : null };
}
