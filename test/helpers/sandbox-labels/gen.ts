// Seeded test data for the Label rules: the same seed gives the same cases, so a failure names its seed and
// replays exactly. The numbers come from the one seeded generator (src-shared/domain/random.ts); this adds ids.
import { seededRandom, type SeededRandom } from '../../../src-shared/domain/random';

export interface Gen extends SeededRandom {
  /** A deterministic UUID-shaped id, unique within this generator. */
  id(): string;
}

export function createGen(seed: number): Gen {
  let counter = 0;
  return {
    ...seededRandom(seed),
    id(): string {
      counter += 1;
      const hex = (seed >>> 0).toString(16).padStart(8, '0') + counter.toString(16).padStart(12, '0');
      return `${hex.slice(0, 8)}-0000-4000-8000-${hex.slice(8, 20)}`;
    },
  };
}
