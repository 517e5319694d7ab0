// A tiny seeded PRNG for property-style tests: the same seed gives the same cases, so a failure names its seed
// and replays exactly.

/** mulberry32: 32-bit state, good enough spread for generating test data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Gen {
  private readonly next: () => number;
  private counter = 0;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(pTrue = 0.5): boolean {
    return this.next() < pTrue;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** A deterministic UUID-shaped id, unique within this generator. */
  id(): string {
    this.counter += 1;
    const hex = (this.seed >>> 0).toString(16).padStart(8, '0') + this.counter.toString(16).padStart(12, '0');
    return `${hex.slice(0, 8)}-0000-4000-8000-${hex.slice(8, 20)}`;
  }
}
