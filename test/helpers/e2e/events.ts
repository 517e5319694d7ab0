import type { EventName, EventPayload } from '../../../src-shared/ipc';
import type { ServedStation } from './serve';

// The station's events as the UI gets them (GET /api/station/events, server-sent events), read by
// the test with the same Bearer token: what the UI was told, with its payload (a capture's sha256,
// for example), not only what it drew.

export interface EventFeed {
  /** Every event of this name received so far, oldest first. */
  all<N extends EventName>(name: N): EventPayload<N>[];
  /** The first event of this name after the first `seen` ones (wait for it up to `timeoutMs`). */
  next<N extends EventName>(name: N, seen: number, timeoutMs?: number): Promise<EventPayload<N>>;
  close(): void;
}

export async function watchEvents(station: ServedStation): Promise<EventFeed> {
  const abort = new AbortController();
  const response = await fetch(`${new URL(station.served.ready.url).origin}/api/station/events`, {
    headers: { authorization: `Bearer ${station.served.ready.token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event feed: HTTP ${response.status}`);
  const received = new Map<string, unknown[]>();
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (!data) continue;
          const { name, payload } = JSON.parse(data) as { name: string; payload: unknown };
          received.set(name, [...(received.get(name) ?? []), payload]);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by close() or by the station stopping.
    }
  })();

  const all = <N extends EventName>(name: N) => (received.get(name) ?? []) as EventPayload<N>[];
  return {
    all,
    next(name, seen, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const event = all(name)[seen];
          if (event === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(event);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${name}" event #${seen + 1} within ${timeoutMs} ms (${all(name).length} so far)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      abort.abort();
    },
  };
}
