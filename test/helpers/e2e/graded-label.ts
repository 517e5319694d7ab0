import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { CommandOutput } from '../../../src-shared/ipc';
import { speckleTag } from '../../fixtures';
import { encodeModules, renderModules } from '../../fixtures/printed-code';
import type { ServedStation } from './serve';

// A Label as the bench camera sees it, with a QR whose print quality the test chooses (docs/print-quality.md): the
// grade tests print it dark on light 220, lighter as a ribbon fades (dark 20: A … 165: D, low contrast), and send it
// through the station's capture gate as the fake camera's still.

/** The picture of a Label carrying the optical marking of `seed` and a QR printed `darkByte` on light 220 (sRGB bytes). */
async function labelWithQr(seed: number, darkByte: number): Promise<Buffer> {
  const grid = encodeModules('qrcode', `https://example.test/l/${seed}`, { eclevel: 'M', version: 5, fixedeclevel: true });
  const code = renderModules(grid, { darkByte, lightByte: 220, quiet: 4, moduleX: 11, moduleY: 11 });
  const qr = await sharp(Buffer.from(code.rgb), { raw: { width: code.width, height: code.height, channels: 3 } })
    .png()
    .toBuffer();
  const tag = await speckleTag(seed, { width: 1600, height: 1200, format: 'png' });
  return sharp(tag)
    .composite([{ input: qr, left: 80, top: 80 }])
    .linear(0.9, 10)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** That picture captured by the station (accepted by its gate, its QR graded): what a Label is enrolled with. */
export async function captureGraded(station: ServedStation, seed: number, darkByte: number): Promise<CommandOutput<'camera.submitStill'>> {
  const still = await station.call('camera.submitStill', {
    image: (await labelWithQr(seed, darkByte)).toString('base64'),
    mimeType: 'image/jpeg',
    camera: 'e2e',
  });
  expect(still.accepted, still.reasons.map((r) => r.message).join('; ')).toBe(true);
  expect(still.grades).toHaveLength(1);
  return still;
}
