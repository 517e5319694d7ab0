import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StationEventMessage } from '../../src-shared/ipc/preload';
import { CALL_TIMEOUT_MS, timedCall } from './call-timeout';

// A page's call to its station (call-timeout.ts): given up after CALL_TIMEOUT_MS without an answer, unless the call
// is one that says how far it is and a word of this very call came. The station is a promise the test answers and an
// event feed it drives, on a fake clock.

function station() {
  const listeners = new Set<(message: StationEventMessage) => void>();
  let answer: (value: string) => void = () => undefined;
  const answered = new Promise<string>((resolve) => (answer = resolve));
  return {
    call: () => answered,
    onEvent: (listener: (message: StationEventMessage) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (name: string, payload: unknown) => listeners.forEach((l) => l({ name, payload } as StationEventMessage)),
    answer: (value: string) => answer(value),
    listening: () => listeners.size,
  };
}

/** Settles `promise` into what it came to, so the test can look before and after the clock moves. */
function outcome<T>(promise: Promise<T>) {
  const seen: { value?: T; error?: Error } = {};
  promise.then(
    (value) => (seen.value = value),
    (error: Error) => (seen.error = error),
  );
  return seen;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a call to the station', () => {
  it('is given up with STATION_TIMEOUT after 30 s without an answer', async () => {
    const s = station();
    const seen = outcome(timedCall('reels.list', {}, s.call, s.onEvent));
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    expect(seen.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.error).toMatchObject({ code: 'STATION_TIMEOUT' });
  });

  it('opening a Reel lives as long as its progress comes, under its own key only, and stops listening once answered', async () => {
    const s = station();
    const seen = outcome(timedCall('reels.open', { serviceId: 'r', progressKey: 'k1' }, s.call, s.onEvent));
    for (let page = 0; page < 4; page += 1) {
      await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1_000);
      s.emit('reels.openProgress', { progressKey: 'k1', pages: page });
    }
    // Another opening's progress keeps nothing alive.
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1_000);
    s.emit('reels.openProgress', { progressKey: 'k2' });
    expect(seen.error).toBeUndefined();
    s.answer('opened');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.value).toBe('opened');
    expect(s.listening()).toBe(0);
  });

  it('a print job\'s start lives through a long check of its labels, told under the job\'s id (docs/print-run.md, "Preflight")', async () => {
    const s = station();
    const seen = outcome(timedCall('print.start', { reelId: 'r', printer: 'p', jobId: 'job-1', wait: false }, s.call, s.onEvent));
    // 2,000 labels at ~17 ms each: about 35 s of checking, told every 100 ms.
    for (let t = 0; t < 35_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      s.emit('print.preflight', { jobId: 'job-1', checked: t / 17, state: 'checking' });
    }
    expect(seen.error).toBeUndefined();
    s.answer('printing');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.value).toBe('printing');
  });

  it("another job's check does not keep a print job's start alive", async () => {
    const s = station();
    const seen = outcome(timedCall('print.start', { reelId: 'r', printer: 'p', jobId: 'job-1' }, s.call, s.onEvent));
    for (let t = 0; t < CALL_TIMEOUT_MS; t += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      s.emit('print.preflight', { jobId: 'job-2', checked: 1, state: 'checking' });
    }
    expect(seen.error).toMatchObject({ code: 'STATION_TIMEOUT' });
  });
});
