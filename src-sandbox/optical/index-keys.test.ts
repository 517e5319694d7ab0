import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src-shared/domain/random';
import { FINGERPRINT_BITS, FINGERPRINT_BYTES } from './fingerprint';
import { bandKeys, probeKeys } from './index-keys';
import { hammingDistance, MATCH_MAX_DISTANCE } from './similarity';

function randomFingerprint(seed: number): Uint8Array {
  const prng = seededRandom(seed);
  return Uint8Array.from({ length: FINGERPRINT_BYTES }, () => prng.int(0, 255));
}

function flipBits(fp: Uint8Array, count: number, seed: number): Uint8Array {
  const prng = seededRandom(seed);
  const out = Uint8Array.from(fp);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(prng.int(0, FINGERPRINT_BITS - 1));
  for (const bit of chosen) out[bit >> 3] = (out[bit >> 3] as number) ^ (1 << (bit & 7));
  return out;
}

describe('multi-index probe keys', () => {
  it('finds every stored fingerprint within the match distance, for any placement of the differing bits', () => {
    for (let trial = 0; trial < 500; trial += 1) {
      const stored = randomFingerprint(trial);
      const query = flipBits(stored, MATCH_MAX_DISTANCE, trial + 10_000);
      expect(hammingDistance(stored, query)).toBe(MATCH_MAX_DISTANCE);
      const storedKeys = new Set(bandKeys(stored));
      expect(probeKeys(query).some((k) => storedKeys.has(k))).toBe(true);
    }
  });

  it('probes 16 bands × 17 values and keeps bands apart', () => {
    const fp = randomFingerprint(1);
    expect(probeKeys(fp)).toHaveLength(272);
    expect(new Set(bandKeys(fp)).size).toBe(16);
    // A fingerprint with identical band values still has 16 distinct keys, one per band.
    expect(new Set(bandKeys(new Uint8Array(FINGERPRINT_BYTES))).size).toBe(16);
  });

  it('shares few keys between unrelated fingerprints (the index stays selective)', () => {
    let hits = 0;
    const query = randomFingerprint(42);
    const probes = new Set(probeKeys(query));
    for (let i = 0; i < 2000; i += 1) if (bandKeys(randomFingerprint(1000 + i)).some((k) => probes.has(k))) hits += 1;
    // Expected about 2000 × 272 / 65536 ≈ 8 of 2000.
    expect(hits).toBeLessThan(40);
  });
});
