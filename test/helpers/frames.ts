// Camera frames for the gate tests: the speckle optical tag (test/fixtures/speckle.ts) with a QR or DataMatrix printed on it,
// exposed like a camera sees a label (paper a little below white), plus the bad cases.
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { speckleTag } from '../fixtures';

export interface FrameOptions {
  seed?: number;
  width?: number;
  height?: number;
  qr?: string;
  dataMatrix?: string;
  format?: 'jpeg' | 'png';
}

async function code(bcid: 'qrcode' | 'datamatrix', text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid, text, scale: 6, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' });
}

/** A sharp label frame: speckle optical tag, optionally with a QR (top left) and a DataMatrix (bottom right). */
export async function labelFrame(options: FrameOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const tag = await speckleTag(options.seed ?? 7, { width, height, format: 'png' });
  const overlays: sharp.OverlayOptions[] = [];
  if (options.qr) overlays.push({ input: await code('qrcode', options.qr), left: Math.round(width * 0.05), top: Math.round(height * 0.05) });
  if (options.dataMatrix) {
    const dm = await code('datamatrix', options.dataMatrix);
    const meta = await sharp(dm).metadata();
    overlays.push({ input: dm, left: width - (meta.width ?? 0) - Math.round(width * 0.05), top: height - (meta.height ?? 0) - Math.round(height * 0.05) });
  }
  // A camera exposed for paper does not saturate it: gray levels scaled into 12..240.
  const image = sharp(tag).composite(overlays).linear(0.9, 10);
  return (options.format ?? 'jpeg') === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

export async function blurred(frame: Buffer, sigma = 3): Promise<Buffer> {
  return sharp(frame).blur(sigma).jpeg({ quality: 90 }).toBuffer();
}

/** An underexposed capture: the same frame at a tenth of the light. */
export async function dark(frame: Buffer): Promise<Buffer> {
  return sharp(frame).linear(0.1, 0).jpeg({ quality: 90 }).toBuffer();
}

export async function resized(frame: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(frame).resize(width, height).jpeg({ quality: 90 }).toBuffer();
}
