// Similarity of two fingerprints: the number of differing bits (Hamming distance).

/**
 * Two fingerprints match when at most this many of their 256 bits differ. Measured on generated tags
 * (optical.test.ts): recaptures of one tag differ in a handful of bits; unrelated tags differ in about 128
 * (binomial, σ ≈ 8), so 31 sits about 12 σ away from chance and well above recapture noise. It is also the
 * largest radius the multi-index (index-keys.ts) finds with certainty.
 */
export const MATCH_MAX_DISTANCE = 31;

const POPCOUNT = new Uint8Array(256);
for (let i = 0; i < 256; i += 1) POPCOUNT[i] = (i & 1) + (POPCOUNT[i >> 1] as number);

export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new RangeError(`fingerprints differ in length (${a.length} vs ${b.length})`);
  let d = 0;
  for (let i = 0; i < a.length; i += 1) d += POPCOUNT[((a[i] as number) ^ (b[i] as number)) & 0xff] as number;
  return d;
}

export function fingerprintsMatch(a: Uint8Array, b: Uint8Array): boolean {
  return hammingDistance(a, b) <= MATCH_MAX_DISTANCE;
}
