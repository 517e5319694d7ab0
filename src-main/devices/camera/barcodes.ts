import type { readBarcodes as ReadBarcodes, ReadResult } from 'zxing-wasm/reader';
import type { CaptureBarcode } from '../../../src-shared/ipc/camera';
import { loadZxing } from '../../runtime/zxing';

const TAG_TYPES: Record<string, CaptureBarcode['tagType']> = {
  QRCode: 'QR',
  MicroQRCode: 'QR',
  rMQRCode: 'QR',
  DataMatrix: 'DATA_MATRIX',
};

/**
 * QR and DataMatrix codes of zxing-wasm's results for an RGB frame (each value once), so one capture can also fill those slots
 * (docs/devices.md, "Cameras"). Runs on the analysis-size frame: decoding the full frame costs
 * several times the whole gate, and label codes are printed large enough to survive it.
 */
export function barcodesOf(results: readonly ReadResult[]): CaptureBarcode[] {
  const seen = new Set<string>();
  const barcodes: CaptureBarcode[] = [];
  for (const result of results) {
    const tagType = TAG_TYPES[result.format];
    if (!result.isValid || !tagType) continue;
    const key = `${tagType}\u0000${result.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    barcodes.push({ tagType, value: result.text, format: result.format });
  }
  return barcodes;
}

/** zxing-wasm's results for an RGB frame, each with its position and version (the grader locates symbols by them). */
export async function readCodes(rgb: Uint8Array, width: number, height: number): Promise<ReadResult[]> {
  const readBarcodes = await loadZxing();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; j < rgba.length; i += 3, j += 4) {
    rgba[j] = rgb[i] as number;
    rgba[j + 1] = rgb[i + 1] as number;
    rgba[j + 2] = rgb[i + 2] as number;
    rgba[j + 3] = 255;
  }
  // zxing-wasm accepts any ImageData-shaped object; Node has no ImageData class.
  const image = { data: rgba, width, height, colorSpace: 'srgb' } as unknown as Parameters<typeof ReadBarcodes>[0];
  return readBarcodes(image, {
    formats: ['QRCode', 'MicroQRCode', 'rMQRCode', 'DataMatrix'],
    tryHarder: true,
    // Labels are printed dark on light: the inverted pass would only cost time (about a
    // third of the decode). The rotated pass stays: DataMatrix on a portrait frame needs it.
    tryInvert: false,
    maxNumberOfSymbols: 8,
  });
}
