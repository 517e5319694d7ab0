import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tempDir } from '../../test/helpers/tmp';
import { CaptureError, storeCapture } from './captures';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('capture files', () => {
  it('stores an image under its SHA-256 (captures/ab/cdef….jpg) with a thumbnail; the same bytes twice are one file', async () => {
    const dir = tempDir('captures-');
    dirs.push(dir);
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const stored = await storeCapture(dir.path, image);
    expect(stored.path).toBe(`${dir.path}/captures/${stored.sha256.slice(0, 2)}/${stored.sha256.slice(2)}.jpg`);
    expect(readFileSync(stored.path).equals(image)).toBe(true);
    expect((await sharp(stored.thumbnailPath).metadata()).width).toBe(320);
    expect(stored.created).toBe(true);
    expect(await storeCapture(dir.path, image)).toEqual({ ...stored, created: false });
    expect(existsSync(`${stored.path}.${process.pid}.tmp`)).toBe(false);
  });
  it('refuses what is not a usable JPEG or PNG, saying why', async () => {
    const dir = tempDir('captures-');
    dirs.push(dir);
    await expect(storeCapture(dir.path, Buffer.from('not an image'))).rejects.toMatchObject({ code: 'CAPTURE_UNREADABLE' });
    const webp = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await expect(storeCapture(dir.path, webp)).rejects.toMatchObject({ code: 'CAPTURE_FORMAT' });
    const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(storeCapture(dir.path, tiny)).rejects.toBeInstanceOf(CaptureError);
  });
});
