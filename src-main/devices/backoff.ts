import { backoffStep } from '../../src-shared/domain/retry';

/**
 * Reconnect delays for a device that went away: quick at first (a re-plug takes a
 * second), then a steady slow poll so an absent device costs nothing. An endless
 * loop on purpose: a bench device is retried until it is removed from the settings.
 * No jitter: a local device has no fleet to spread out (src-shared/domain/retry.ts).
 */
export function reconnectDelayMs(attempt: number, firstMs = 200, maxMs = 2000): number {
  return backoffStep(attempt + 1, firstMs, maxMs);
}

/** A sleep that ends early when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
