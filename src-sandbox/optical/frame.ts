// Decoding a capture into the small grayscale frame every other optical step works on.
// Stand-in for the proprietary fingerprinting (README, "Optical stand-in"): the real service's extraction is
// not public; this one is documented, deterministic and good enough to tell generated speckle tags apart.
import sharp from 'sharp';

/** Width every capture is scaled to before analysis: detail finer than this is sensor noise for our purpose. */
const FRAME_WIDTH = 400;

export interface GrayFrame {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  pixels: Uint8Array;
}

/** Why a capture could not be read at all; the caller stores nothing (spec: Bind rules, "cannot be decoded"). */
export class UndecodableImageError extends Error {
  readonly code = 'undecodable_image' as const;
  constructor(cause: unknown) {
    super('The capture is not a readable PNG or JPEG image; send the camera frame as PNG or JPEG bytes.', { cause });
    this.name = 'UndecodableImageError';
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);

/**
 * Decodes PNG or JPEG bytes to a FRAME_WIDTH-wide grayscale frame (aspect kept). Anything else, or bytes sharp
 * cannot parse, throws UndecodableImageError. spec: Scanning and identifiers — SVC `data` is an image file.
 */
export async function decodeFrame(image: Uint8Array): Promise<GrayFrame> {
  try {
    const input = sharp(image, { failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error(`unsupported format ${meta.format ?? 'unknown'}`);
    const { data, info } = await input.rotate().grayscale().resize({ width: FRAME_WIDTH, kernel: 'cubic' }).raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
    return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (error) {
    if (error instanceof UndecodableImageError) throw error;
    throw new UndecodableImageError(error);
  }
}
