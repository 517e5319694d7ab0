import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KnownEventName } from '../contract';
import { LIST_MAX_WAIT_MS, MAX_WAIT_MS, QUIET_MS, SLOW_MS, startEventRefetch, type StationEvents } from './event-refetch';

// The page's results refetched after the station's events (event-refetch.ts): a real QueryClient with a shown query
// whose reads are counted; the station's event stream, the layer beneath, is an emitter the test drives on the clock
// of the station's own bursts (src-main/station.ts: queue.progress at most every 100 ms).

function stationEvents() {
  const listeners = new Map<KnownEventName, Set<() => void>>();
  const on: StationEvents = (name, listener) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  };
  return { on, emit: (name: KnownEventName) => listeners.get(name)?.forEach((l) => l()) };
}

/** A shown result of `name` whose reads answer the station's state when they end, after `readMs`. */
function shownResult(client: QueryClient, name: string, state: { version: number }, readMs = 10) {
  const reads = { started: 0, inFlight: 0, most: 0 };
  const observer = new QueryObserver(client, {
    queryKey: ['cmd', name, {}],
    queryFn: async () => {
      reads.started += 1;
      reads.inFlight += 1;
      reads.most = Math.max(reads.most, reads.inFlight);
      const seen = state.version;
      await new Promise((r) => setTimeout(r, readMs));
      reads.inFlight -= 1;
      return seen;
    },
    staleTime: 0,
    retry: false,
  });
  const off = observer.subscribe(() => undefined);
  return { reads, data: () => observer.getCurrentResult().data, off };
}

describe('results refetched after station events', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it("reads the Reel list once for a Label's save and its sending, and shows the state after both", async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const list = shownResult(client, 'reels.list', station);
    await vi.advanceTimersByTimeAsync(50);
    const first = list.reads.started;
    const stop = startEventRefetch(client, on);
    // Saved: labels.changed at once, queue.progress within 100 ms; sent: labels.changed, queue.progress again.
    station.version = 1;
    emit('labels.changed');
    await vi.advanceTimersByTimeAsync(60);
    station.version = 2;
    emit('labels.changed');
    await vi.advanceTimersByTimeAsync(40);
    emit('queue.progress');
    await vi.advanceTimersByTimeAsync(100);
    emit('queue.progress');
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(list.reads.started - first).toBe(1);
    expect(list.data()).toBe(2);
    stop();
    list.off();
  });

  it('reads again after a read in flight when a change came during it, never two at once', async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const list = shownResult(client, 'reels.list', station, 400);
    await vi.advanceTimersByTimeAsync(450);
    const first = list.reads.started;
    const stop = startEventRefetch(client, on);
    station.version = 1;
    emit('labels.changed');
    // The read starts after QUIET_MS and takes 400 ms: a change in the middle of it.
    await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
    expect(list.reads.started - first).toBe(1);
    station.version = 2;
    emit('labels.changed');
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    // Still in flight: nothing more started.
    expect(list.reads.started - first).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.reads.started - first).toBe(2);
    expect(list.reads.most).toBe(1);
    expect(list.data()).toBe(2);
    stop();
    list.off();
  });

  it('shows what a draining queue changes at least every MAX_WAIT_MS, not once per event', async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const status = shownResult(client, 'bulkBind.status', station);
    await vi.advanceTimersByTimeAsync(50);
    const first = status.reads.started;
    const stop = startEventRefetch(client, on);
    for (let i = 1; i <= 20; i += 1) {
      station.version = i;
      emit('queue.progress');
      await vi.advanceTimersByTimeAsync(100);
    }
    const during = status.reads.started - first;
    expect(during).toBeGreaterThanOrEqual(Math.floor(2000 / MAX_WAIT_MS) - 1);
    expect(during).toBeLessThanOrEqual(Math.ceil(2000 / MAX_WAIT_MS));
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(status.data()).toBe(20);
    stop();
    status.off();
  });

  it("shows a draining queue's list at least every LIST_MAX_WAIT_MS, not once per event; the last state once it stops", async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const queue = shownResult(client, 'queue.list', station);
    await vi.advanceTimersByTimeAsync(50);
    const first = queue.reads.started;
    const stop = startEventRefetch(client, on);
    for (let i = 1; i <= 60; i += 1) {
      station.version = i;
      emit('queue.progress');
      await vi.advanceTimersByTimeAsync(100);
    }
    const during = queue.reads.started - first;
    expect(during).toBeGreaterThanOrEqual(Math.floor(6000 / LIST_MAX_WAIT_MS) - 1);
    expect(during).toBeLessThanOrEqual(Math.ceil(6000 / LIST_MAX_WAIT_MS));
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(queue.data()).toBe(60);
    stop();
    queue.off();
  });

  it('reads a slow report at most every SLOW_MS while events keep coming', async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const report = shownResult(client, 'report.shift', station, 50);
    await vi.advanceTimersByTimeAsync(100);
    const first = report.reads.started;
    const stop = startEventRefetch(client, on);
    for (let i = 1; i <= 20; i += 1) {
      station.version = i;
      emit('labels.changed');
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(report.reads.started - first).toBeLessThanOrEqual(Math.ceil(1000 / SLOW_MS));
    await vi.advanceTimersByTimeAsync(SLOW_MS + 100);
    expect(report.data()).toBe(20);
    stop();
    report.off();
  });

  it("the NFC slot's URL is read again when the print data changes (labels.changed)", async () => {
    const station = { version: 0 };
    const { on, emit } = stationEvents();
    const slot = shownResult(client, 'nfc.prepare', station);
    await vi.advanceTimersByTimeAsync(50);
    expect(slot.data()).toBe(0);
    const stop = startEventRefetch(client, on);
    station.version = 1;
    emit('labels.changed');
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(slot.data()).toBe(1);
    stop();
    slot.off();
  });
});
