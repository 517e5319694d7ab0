// The optical stand-in against generated speckle tags (test/fixtures): recaptures of a tag match it, other
// tags do not, and captures without detail are rejected with the spec's codes.
import { beforeAll, describe, expect, it } from 'vitest';
import { blankImage, blurredTagImage, freshCapture, lowDetailImage, speckleTag, undecodableImage } from '../../test/fixtures';
import { analyzeCapture } from './analyze';
import { decodeFrame, UndecodableImageError } from './frame';
import { hammingDistance, MATCH_MAX_DISTANCE } from './similarity';

const GENUINE_TAGS = 16;
const CAPTURES_PER_TAG = 4;
const OTHER_TAGS = 50;

async function fingerprintOf(image: Buffer): Promise<Uint8Array> {
  const analysis = await analyzeCapture(image);
  if (!analysis.fingerprint) throw new Error(`capture rejected: ${analysis.quality}`);
  return analysis.fingerprint;
}

describe('optical stand-in on generated speckle tags', () => {
  const enrolled: Uint8Array[] = [];
  const captures: { tag: number; fp: Uint8Array }[] = [];
  const others: Uint8Array[] = [];

  beforeAll(async () => {
    for (let t = 0; t < GENUINE_TAGS; t += 1) {
      const tag = await speckleTag(1000 + t, { format: 'jpeg' });
      enrolled.push(await fingerprintOf(tag));
      for (let c = 0; c < CAPTURES_PER_TAG; c += 1) captures.push({ tag: t, fp: await fingerprintOf(await freshCapture(tag, t * 100 + c)) });
    }
    for (let o = 0; o < OTHER_TAGS; o += 1) others.push(await fingerprintOf(await speckleTag(5000 + o, { format: 'jpeg' })));
  }, 120_000);

  it('matches every fresh capture of a tag to that tag (noise, ±15 % brightness, shift, JPEG)', () => {
    const genuine = captures.map((c) => hammingDistance(c.fp, enrolled[c.tag] as Uint8Array));
    const misses = genuine.filter((d) => d > MATCH_MAX_DISTANCE).length;
    console.log(
      `genuine pairs: ${genuine.length}, false non-matches: ${misses}, distance max ${Math.max(...genuine)}, mean ${(genuine.reduce((a, b) => a + b, 0) / genuine.length).toFixed(1)}`,
    );
    expect(misses).toBe(0);
  });

  it('matches no capture to any of 50 other tags, nor tags to each other', () => {
    const impostor: number[] = [];
    for (const c of captures) for (const o of others) impostor.push(hammingDistance(c.fp, o));
    for (let a = 0; a < enrolled.length; a += 1)
      for (let b = a + 1; b < enrolled.length; b += 1) impostor.push(hammingDistance(enrolled[a] as Uint8Array, enrolled[b] as Uint8Array));
    const falseMatches = impostor.filter((d) => d <= MATCH_MAX_DISTANCE).length;
    console.log(`impostor pairs: ${impostor.length}, false matches: ${falseMatches}, distance min ${Math.min(...impostor)}`);
    expect(falseMatches).toBe(0);
    expect(Math.min(...impostor)).toBeGreaterThan(2 * MATCH_MAX_DISTANCE);
  });

  it('counts thousands of keypoints on a tag, a few on a low-detail frame, none on a blank or blurred one', async () => {
    expect((await analyzeCapture(await speckleTag(1, { format: 'jpeg' }))).quality).toBe('ok');
    const low = await analyzeCapture(await lowDetailImage(1));
    expect(low.quality).toBe('low_keypoints');
    expect(low.keypoints).toBeGreaterThan(0);
    expect(low.fingerprint).toBeNull();
    const blank = await analyzeCapture(await blankImage());
    expect(blank).toMatchObject({ quality: 'no_keypoints', keypoints: 0, fingerprint: null });
    // Sensor noise on an empty stage is not detail.
    expect((await analyzeCapture(await freshCapture(await blankImage(), 7))).quality).toBe('no_keypoints');
    expect((await analyzeCapture(await blurredTagImage(1))).quality).toBe('no_keypoints');
  });

  it('refuses bytes that are not a PNG or JPEG', async () => {
    await expect(decodeFrame(undecodableImage())).rejects.toBeInstanceOf(UndecodableImageError);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await expect(decodeFrame(gif)).rejects.toMatchObject({ code: 'undecodable_image' });
  });
});
