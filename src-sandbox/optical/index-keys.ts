// Multi-index hashing (Norouzi, Punjani, Fleet: "Fast Search in Hamming Space with Multi-Index Hashing"):
// the 256-bit fingerprint is cut into 16 bands of 16 bits; each band value is one index key. A query probes,
// per band, its own value and the 16 values one bit away. By pigeonhole, any fingerprint within Hamming
// distance 2·16−1 = 31 (MATCH_MAX_DISTANCE) agrees with the query on some band up to one bit, so the probe
// finds every true match; it reads only the rows that share a probed key, not every row.
import { FINGERPRINT_BYTES } from './fingerprint';

export const BAND_BITS = 16;
export const BAND_COUNT = (FINGERPRINT_BYTES * 8) / BAND_BITS;

function bandValue(fingerprint: Uint8Array, band: number): number {
  return (fingerprint[band * 2] as number) | ((fingerprint[band * 2 + 1] as number) << 8);
}

/** One key per band; the band number sits above the 16 value bits so keys of different bands never collide. */
export function bandKeys(fingerprint: Uint8Array): number[] {
  const keys: number[] = [];
  for (let band = 0; band < BAND_COUNT; band += 1) keys.push(band * 65536 + bandValue(fingerprint, band));
  return keys;
}

/** Every key a query probes: each band's own value and its 16 one-bit neighbours (16 × 17 = 272 keys). */
export function probeKeys(fingerprint: Uint8Array): number[] {
  const keys: number[] = [];
  for (let band = 0; band < BAND_COUNT; band += 1) {
    const value = bandValue(fingerprint, band);
    keys.push(band * 65536 + value);
    for (let bit = 0; bit < BAND_BITS; bit += 1) keys.push(band * 65536 + (value ^ (1 << bit)));
  }
  return keys;
}
