// Print-quality grading of the QR and Data Matrix codes in one capture (docs/print-quality.md).
import { readCodes } from '../devices/camera/barcodes';
import { decodeStill } from '../devices/camera/decode-image';
import type { GradedSymbology } from './codewords';
import type { SymbolGrade } from '../../src-shared/ipc/grades';
import type { ReadResult } from 'zxing-wasm/reader';
import { gradeSymbol } from './grade-symbol';
import { toReflectance, type PixelRegion } from './reflectance';

export { PARAMETER_WORDS, gradeWords } from './words';

/** Data Matrix ECC 200 square sizes by zxing's version number (ISO/IEC 16022, table 7); rectangles are not graded. */
const DATA_MATRIX_SIZES = [10, 12, 14, 16, 18, 20, 22, 24, 26, 32, 36, 40, 44, 48, 52, 64, 72, 80, 88, 96, 104, 120, 132, 144];

function symbolSize(format: string, version: string): { symbology: GradedSymbology; size: number } | null {
  const v = Number.parseInt(version, 10);
  if (!Number.isInteger(v) || v < 1) return null;
  if (format === 'QRCode' && v <= 40) return { symbology: 'QR', size: 17 + 4 * v };
  const dm = DATA_MATRIX_SIZES[v - 1];
  if (format === 'DataMatrix' && dm !== undefined) return { symbology: 'DATA_MATRIX', size: dm };
  return null;
}

/**
 * Grades every QR and square Data Matrix that zxing-wasm decodes in an sRGB frame (3 bytes a pixel), at the frame's
 * own resolution. A symbol zxing cannot decode is not listed: Decode is F for it and there is nothing else to grade.
 */
export async function gradeImage(rgb: Uint8Array, width: number, height: number): Promise<SymbolGrade[]> {
  return gradeResults(await readCodes(rgb, width, height), rgb, width, height);
}

/**
 * The pixels the grader may read of a symbol: its corners' bounding box and a margin of a quarter of its side on each
 * side (the ring of quiet zone Rmax and Rmin are taken over is one module, the aperture under a module; a quarter of
 * the side is 2.5 modules of the smallest Data Matrix).
 */
function around({ corners }: { corners: ReadResult['position'] }): PixelRegion {
  const points = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 4 + 4;
  return { left: Math.min(...xs) - margin, top: Math.min(...ys) - margin, right: Math.max(...xs) + margin, bottom: Math.max(...ys) + margin };
}

/** Grades the symbols of zxing-wasm results already read from this frame (the capture pipeline reads once). */
export function gradeResults(results: readonly ReadResult[], rgb: Uint8Array, width: number, height: number): SymbolGrade[] {
  const found = results.flatMap((result) => {
    const kind = result.isValid && !result.isMirrored ? symbolSize(result.format, result.version) : null;
    return kind ? [{ ...kind, value: result.text, corners: result.position }] : [];
  });
  if (found.length === 0) return [];
  const image = toReflectance(rgb, width, height, 3, found.map(around));
  return found.map((symbol) => gradeSymbol(image, symbol));
}

/**
 * Grades an image's codes as the capture pipeline does, at its analysis size (docs/print-quality.md, "Locating and
 * sampling"). Throws ImageRefusedError for bytes that are no JPEG or PNG, or too large.
 */
export async function gradeStill(bytes: Buffer): Promise<SymbolGrade[]> {
  const still = await decodeStill(bytes);
  return gradeImage(still.rgb, still.analysisWidth, still.analysisHeight);
}
