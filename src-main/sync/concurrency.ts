import type { ConcurrencyBounds } from '../../src-shared/ipc/queue';

// How many operations the sync engine sends at once (src-main/sync/README.md, "Concurrency"): additive increase,
// multiplicative decrease, as TCP does for its window. The limit rises by one after a full window of answers that
// came back fast and clean (one window = as many answers as the limit), so it rises about once per round trip
// while the link and the service keep up; a 429, a retryable 503 or a timeout halves it, once per window (the
// answers of requests sent before the last decrease say nothing new). An answer much slower than the fastest seen
// holds the limit: the service is queueing, and more requests would only wait longer. Always within the bounds
// the operator chose in Settings.

export { ConcurrencyBoundsSchema, type ConcurrencyBounds } from '../../src-shared/ipc/queue-shapes';

/** The settings key of the operator's bounds. */
export const CONCURRENCY_SETTING = 'syncConcurrency';
export const DEFAULT_CONCURRENCY_BOUNDS: ConcurrencyBounds = { min: 1, max: 16 };
/** Where the limit starts: a few at once, then up as answers come back clean. */
const START = 4;
/** An answer is "slow" when it took more than this many times the fastest seen (and this much more). */
const SLOW_FACTOR = 3;
const SLOW_MARGIN_MS = 150;
/** The fastest answer is forgotten slowly (a route that got slower for good is the new normal). */
const FASTEST_DECAY = 1.002;

export class AdaptiveConcurrency {
  #bounds: ConcurrencyBounds;
  #limit: number;
  #clean = 0;
  #fastestMs = Number.POSITIVE_INFINITY;
  #lastDecreaseAt = Number.NEGATIVE_INFINITY;
  readonly #now: () => number;

  constructor(bounds: ConcurrencyBounds = DEFAULT_CONCURRENCY_BOUNDS, options: { start?: number; now?: () => number } = {}) {
    this.#bounds = bounds;
    this.#now = options.now ?? Date.now;
    this.#limit = clamp(options.start ?? START, bounds);
  }

  get limit(): number {
    return this.#limit;
  }

  get bounds(): ConcurrencyBounds {
    return this.#bounds;
  }

  setBounds(bounds: ConcurrencyBounds): void {
    this.#bounds = bounds;
    this.#limit = clamp(this.#limit, bounds);
  }

  /** An answer came back (any answer the service gave on purpose: success or a refusal such as 409). */
  answered(latencyMs: number): void {
    this.#fastestMs = Math.min(this.#fastestMs * FASTEST_DECAY, latencyMs);
    if (latencyMs > this.#fastestMs * SLOW_FACTOR + SLOW_MARGIN_MS) {
      this.#clean = 0;
      return;
    }
    this.#clean += 1;
    if (this.#clean >= this.#limit) {
      this.#clean = 0;
      this.#limit = clamp(this.#limit + 1, this.#bounds);
    }
  }

  /** The service or the link is overloaded (429, retryable 503, timeout) for a request sent at `sentAt`. */
  overloaded(sentAt: number): void {
    this.#clean = 0;
    if (sentAt < this.#lastDecreaseAt) return;
    this.#lastDecreaseAt = this.#now();
    this.#limit = clamp(Math.floor(this.#limit / 2), this.#bounds);
  }
}

function clamp(value: number, { min, max }: ConcurrencyBounds): number {
  return Math.max(min, Math.min(max, value));
}
