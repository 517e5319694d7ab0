import type { Metadata } from 'sharp';
import { loadSharp } from '../../runtime/sharp';
import { analysisSize, ANALYSIS_MAX_SIDE } from '../../../src-shared/domain/image-quality';
import { MAX_STILL_BYTES, MAX_STILL_PIXELS, type StillMimeType } from '../../../src-shared/ipc/camera';
import { ImageRefusedError } from './errors';

export interface DecodeLimits {
  maxBytes: number;
  maxPixels: number;
}

export const DEFAULT_DECODE_LIMITS: DecodeLimits = { maxBytes: MAX_STILL_BYTES, maxPixels: MAX_STILL_PIXELS };

/** A still decoded once, reduced to the analysis size; every later step works on these pixels. */
export interface DecodedStill {
  mimeType: StillMimeType;
  /** Full size, after EXIF orientation. */
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, at analysis size (longest side ≤ ANALYSIS_MAX_SIDE). */
  rgb: Buffer;
  analysisWidth: number;
  analysisHeight: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** JPEG and PNG only: what cameras deliver and what the service's scan `data` accepts (spec: "Public page shapes"). */
function sniffMimeType(bytes: Uint8Array): StillMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/**
 * Checks the limits from the header before decoding any pixel, then decodes once at
 * analysis size (JPEG shrink-on-load keeps this cheap). Throws ImageRefusedError.
 */
export async function decodeStill(bytes: Buffer, limits: DecodeLimits = DEFAULT_DECODE_LIMITS): Promise<DecodedStill> {
  if (bytes.length > limits.maxBytes) {
    throw new ImageRefusedError(
      'IMAGE_TOO_LARGE',
      `image too large: ${mb(bytes.length)} > ${mb(limits.maxBytes)}; lower the camera's resolution or JPEG quality`,
    );
  }
  const mimeType = sniffMimeType(bytes);
  if (!mimeType) {
    throw new ImageRefusedError('IMAGE_NOT_SUPPORTED', 'not a JPEG or PNG image; set the camera to save JPEG or PNG files');
  }
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw undecodable(error);
  }
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  if (width * height > limits.maxPixels) {
    throw new ImageRefusedError(
      'IMAGE_TOO_LARGE',
      `image too large: ${width}×${height} is ${((width * height) / 1e6).toFixed(1)} MP > ${(limits.maxPixels / 1e6).toFixed(0)} MP; lower the camera's resolution`,
    );
  }
  const target = analysisSize(width, height, ANALYSIS_MAX_SIDE);
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels })
      .rotate()
      .resize(target.width, target.height, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { mimeType, width, height, rgb: data, analysisWidth: info.width, analysisHeight: info.height };
  } catch (error) {
    throw undecodable(error);
  }
}

function undecodable(error: unknown): ImageRefusedError {
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new ImageRefusedError('IMAGE_UNDECODABLE', `image cannot be decoded (${detail}); the file may be truncated or corrupt, capture again`);
}
