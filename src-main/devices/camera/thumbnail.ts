import { loadSharp } from '../../runtime/sharp';

const THUMBNAIL_MAX_SIDE = 320;

/** A small JPEG for the bench screen and the reel map, as a data URL (the CSP allows data: images). */
export async function makeThumbnail(rgb: Buffer, width: number, height: number, maxSide = THUMBNAIL_MAX_SIDE): Promise<string> {
  const sharp = await loadSharp();
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
