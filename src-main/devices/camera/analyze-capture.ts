import { createHash } from 'node:crypto';
import { judgeQuality, measureQuality, toGray, type QualityMetrics, type QualityThresholds } from '../../../src-shared/domain/image-quality';
import type { CaptureBarcode, CaptureReason, StillMimeType } from '../../../src-shared/ipc/camera';
import type { SymbolGrade } from '../../../src-shared/ipc/grades';
import type { ReadResult } from 'zxing-wasm/reader';
import { barcodesOf, readCodes } from './barcodes';
import { decodeStill, DEFAULT_DECODE_LIMITS, type DecodeLimits } from './decode-image';
import { ImageRefusedError } from './errors';
import { makeThumbnail } from './thumbnail';

/** The gate's verdict on one image: why it is refused, what was measured, what codes it carries. */
export interface CaptureAnalysis {
  sha256: string;
  byteLength: number;
  mimeType: StillMimeType | null;
  width: number | null;
  height: number | null;
  metrics: QualityMetrics | null;
  accepted: boolean;
  reasons: CaptureReason[];
  barcodes: CaptureBarcode[];
  /** Print quality of each code read (docs/print-quality.md). */
  grades?: SymbolGrade[];
  thumbnail: string | null;
}

export interface AnalyzeOptions {
  thresholds: QualityThresholds;
  limits?: DecodeLimits;
  /**
   * Grades the codes read (docs/print-quality.md): the grader of `src-main/print-quality`, which the composition root
   * passes in (grading is image analysis, no device: docs/architecture.md). Without it the capture has no grades.
   */
  grade?: CodeGrader;
}

/** Grades the QR and Data Matrix codes zxing-wasm read in an sRGB frame (3 bytes a pixel). */
export type CodeGrader = (codes: readonly ReadResult[], rgb: Uint8Array, width: number, height: number) => SymbolGrade[] | Promise<SymbolGrade[]>;

/**
 * The quality gate (docs/devices.md, "Cameras"): decode once at analysis size, measure focus,
 * exposure and clipping, judge them against the thresholds, make the thumbnail and read
 * any QR/DataMatrix. Never throws for a bad image: an undecodable or oversized one is
 * refused with its reason. Barcodes are read even from a refused frame; the bench
 * decides whether a code from a blurry capture may fill its slot.
 */
export async function analyzeCapture(bytes: Buffer, options: AnalyzeOptions): Promise<CaptureAnalysis> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const base = { sha256, byteLength: bytes.length };
  let still;
  try {
    still = await decodeStill(bytes, options.limits ?? DEFAULT_DECODE_LIMITS);
  } catch (error) {
    if (!(error instanceof ImageRefusedError)) throw error;
    return {
      ...base,
      mimeType: null,
      width: null,
      height: null,
      metrics: null,
      accepted: false,
      reasons: [{ code: error.code, message: error.message }],
      barcodes: [],
      thumbnail: null,
    };
  }
  const { rgb, analysisWidth: w, analysisHeight: h } = still;
  // The thumbnail is encoded on libuv's thread pool while the measures and zxing run here.
  const thumbnail = makeThumbnail(rgb, w, h);
  const metrics = measureQuality(toGray(rgb, w, h, 3));
  const reasons = judgeQuality(still, metrics, options.thresholds);
  // One zxing pass: the codes fill the slots and are graded where they were found (docs/print-quality.md).
  const codes = await readCodes(rgb, w, h);
  const barcodes = barcodesOf(codes);
  const grades = options.grade ? await options.grade(codes, rgb, w, h) : [];
  return {
    ...base,
    mimeType: still.mimeType,
    width: still.width,
    height: still.height,
    metrics,
    accepted: reasons.length === 0,
    reasons,
    barcodes,
    grades,
    thumbnail: await thumbnail,
  };
}
