import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, sleep } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from the first wait up to the cap, and stays there', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => reconnectDelayMs(attempt))).toEqual([200, 400, 800, 1600, 2000, 2000, 2000]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, 200, 50))).toEqual([50, 50, 50, 50]);
  });

  it('a sleep ends when the signal aborts, or at once when it already has', async () => {
    const stop = new AbortController();
    const long = sleep(60_000, stop.signal);
    stop.abort();
    await long;
    await sleep(60_000, stop.signal);
  });
});
