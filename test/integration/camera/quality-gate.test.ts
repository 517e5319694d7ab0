// The quality gate over generated camera frames (docs/devices.md, "Cameras"): what it accepts,
// what it refuses and the reason it gives, and the barcodes it reads from the frame.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCapture, decodeStill, ImageRefusedError } from '../../../src-main/devices/camera';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../../src-shared/domain/image-quality';
import { blankImage, lowDetailImage, undecodableImage } from '../../fixtures';
import { blurred, dark, labelFrame, resized } from '../../helpers/frames';

const thresholds = DEFAULT_QUALITY_THRESHOLDS;
const gate = (bytes: Buffer) => analyzeCapture(bytes, { thresholds });
const codes = (result: { reasons: { code: string }[] }) => result.reasons.map((r) => r.code);

let frame: Buffer;
beforeAll(async () => {
  frame = await labelFrame({ seed: 11, qr: 'https://example.test/l/000011', dataMatrix: 'DM-000011' });
});

describe('quality gate', () => {
  it('accepts a sharp, well exposed speckle label and says what it measured', async () => {
    const result = await gate(frame);
    expect(result.reasons).toEqual([]);
    expect(result.accepted).toBe(true);
    expect(result).toMatchObject({ width: 1600, height: 1200, mimeType: 'image/jpeg', byteLength: frame.length });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.metrics?.focus).toBeGreaterThan(thresholds.minFocus * 10);
    expect(result.metrics?.analysisWidth).toBe(1024);
  });

  it('makes a thumbnail of at most 320 px as a JPEG data URL', async () => {
    const result = await gate(frame);
    expect(result.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    const thumb = await sharp(Buffer.from((result.thumbnail as string).split(',')[1] as string, 'base64')).metadata();
    expect(thumb.format).toBe('jpeg');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);
    expect(thumb.width).toBe(320);
    expect(thumb.height).toBe(240);
  });

  it('refuses a blurred capture for focus, with the measured figure, the limit and what to do', async () => {
    const result = await gate(await blurred(frame, 3));
    expect(result.accepted).toBe(false);
    expect(codes(result)).toEqual(['TOO_BLURRY']);
    expect(result.reasons[0]?.message).toMatch(/^too blurry: focus \d+(\.\d)? < 60; hold the label still or refocus$/);
  });

  it('refuses a dark capture for exposure, not for focus', async () => {
    const result = await gate(await dark(frame));
    expect(codes(result)).toEqual(['TOO_DARK']);
    expect(result.reasons[0]?.message).toMatch(/^too dark: brightness \d+(\.\d)? < 50; add light or raise the exposure$/);
  });

  it('refuses an overexposed capture with blown highlights', async () => {
    const result = await gate(await sharp(frame).linear(2.2, 0).jpeg().toBuffer());
    expect(codes(result)).toEqual(['HIGHLIGHTS_CLIPPED']);
    expect(result.reasons[0]?.message).toMatch(/^highlights clipped: \d+(\.\d)? % of pixels are white \(limit 35 %\); lower the exposure or avoid glare$/);
  });

  it('refuses a tiny capture for resolution', async () => {
    const result = await gate(await resized(frame, 320, 240));
    expect(codes(result)).toEqual(['RESOLUTION_TOO_LOW']);
    expect(result.reasons[0]?.message).toBe('resolution too low: 320×240 < 1280×720; choose a higher camera resolution');
  });

  it('judges portrait frames like landscape ones', async () => {
    const result = await gate(await sharp(frame).rotate(90).jpeg({ quality: 90 }).toBuffer());
    expect(result).toMatchObject({ width: 1200, height: 1600, accepted: true });
    expect(result.barcodes.map((b) => b.tagType).sort()).toEqual(['DATA_MATRIX', 'QR']);
  });

  it('reads codes on a label photographed at an angle', async () => {
    const tilted = await sharp(frame)
      .rotate(33, { background: '#b4b4b4' })
      .resize(1600, 1200, { fit: 'contain', background: '#b4b4b4' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const result = await gate(tilted);
    expect(result.barcodes.map((b) => b.value).sort()).toEqual(['DM-000011', 'https://example.test/l/000011']);
  });

  it('refuses a blank frame and a frame with too little detail', async () => {
    expect(codes(await gate(await blankImage()))).toEqual(['LOW_DETAIL']);
    expect(codes(await gate(await lowDetailImage(3)))).toEqual(['LOW_DETAIL']);
  });

  it('uses the thresholds it is given', async () => {
    const strict = await analyzeCapture(frame, { thresholds: { ...thresholds, minLongSide: 2000 } });
    expect(codes(strict)).toEqual(['RESOLUTION_TOO_LOW']);
    const lenient = await analyzeCapture(await blurred(frame, 3), { thresholds: { ...thresholds, minFocus: 5 } });
    expect(lenient.accepted).toBe(true);
  });
});

describe('barcodes in the frame', () => {
  it('decodes a QR and a DataMatrix rendered with bwip-js into their slots', async () => {
    const result = await gate(frame);
    expect(result.barcodes).toEqual(
      expect.arrayContaining([
        { tagType: 'QR', value: 'https://example.test/l/000011', format: 'QRCode' },
        { tagType: 'DATA_MATRIX', value: 'DM-000011', format: 'DataMatrix' },
      ]),
    );
    expect(result.barcodes).toHaveLength(2);
  });

  it('reads a PNG frame too, and finds nothing where there is no code', async () => {
    const png = await labelFrame({ seed: 12, qr: 'QR-PNG-12', format: 'png' });
    expect((await gate(png)).barcodes).toEqual([{ tagType: 'QR', value: 'QR-PNG-12', format: 'QRCode' }]);
    expect((await gate(await labelFrame({ seed: 13 }))).barcodes).toEqual([]);
  });
});

describe('images the gate cannot judge', () => {
  it('refuses a truncated JPEG as undecodable', async () => {
    const truncated = frame.subarray(0, Math.floor(frame.length / 2));
    const result = await gate(truncated);
    expect(result).toMatchObject({ accepted: false, metrics: null, width: null, thumbnail: null, barcodes: [] });
    expect(codes(result)).toEqual(['IMAGE_UNDECODABLE']);
    expect(result.reasons[0]?.message).toMatch(/^image cannot be decoded \(.+\); the file may be truncated or corrupt, capture again$/);
  });

  it('refuses random bytes and text as not an image', async () => {
    for (const bytes of [randomBytes(4096), undecodableImage()]) {
      const result = await gate(bytes);
      expect(codes(result)).toEqual(['IMAGE_NOT_SUPPORTED']);
      expect(result.reasons[0]?.message).toBe('not a JPEG or PNG image; set the camera to save JPEG or PNG files');
    }
  });

  it('refuses a 50 MB file before decoding it', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024);
    frame.copy(big);
    const result = await gate(big);
    expect(codes(result)).toEqual(['IMAGE_TOO_LARGE']);
    expect(result.reasons[0]?.message).toBe("image too large: 50.0 MB > 40.0 MB; lower the camera's resolution or JPEG quality");
  });

  it('refuses an image over the pixel limit from its header', async () => {
    const wide = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const refusal = await decodeStill(wide).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageRefusedError);
    expect((refusal as ImageRefusedError).code).toBe('IMAGE_TOO_LARGE');
    expect((refusal as ImageRefusedError).message).toBe("image too large: 10000×6000 is 60.0 MP > 50 MP; lower the camera's resolution");
  });
});
