import { useEffect, useRef, useState } from 'react';
import type { QueueCounts } from '../../src-shared/ipc';
import type { StationStatus } from '../../src-shared/ipc';
import { station, type StationConnection } from './station-client';

/**
 * The live station status: read once, then kept current by `station.changed` events. The queue's counts move faster
 * than the rest (`queue.progress`, ten times a second while a queue drains): only what shows them follows them
 * (useLiveQueueCounts), so the page's shell and the screen it holds are not drawn again at each (docs/architecture.md,
 * "Events").
 */
export function useStationStatus(): { status: StationStatus | undefined; error: string | undefined } {
  const [status, setStatus] = useState<StationStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    // A read answers what the station had when it was asked: one that an event overtook must not put an older status
    // back (the language just chosen, a pause just taken), so it is dropped when an event came since it was asked.
    let events = 0;
    const offChanged = station.on('station.changed', (next) => {
      events += 1;
      setStatus(next);
    });
    const read = () => {
      const asked = events;
      return station.call('station.status', {}).then(
        (next) => {
          if (events === asked) setStatus(next);
          setError(undefined);
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
    };
    void read();
    // The events missed while the page had lost its station: read the whole status again once it is back.
    const offConnection = station.onConnection((connection) => {
      if (connection === 'connected') void read();
    });
    return () => {
      offChanged();
      offConnection();
    };
  }, []);
  return { status, error };
}

/** Whether the page reaches its station now (station-client.ts, `StationConnection`). */
export function useStationConnection(): StationConnection {
  const [connection, setConnection] = useState(station.connection);
  useEffect(() => station.onConnection(setConnection), []);
  return connection;
}

/**
 * The queue's counts as they move: `read` (a status's counts) until a `queue.progress` event comes, then the event's,
 * until a newer `read` comes (a `station.changed` status after it).
 */
export function useLiveQueueCounts(read: QueueCounts | undefined): QueueCounts | undefined {
  const [live, setLive] = useState<{ counts: QueueCounts; over: QueueCounts | undefined }>();
  const held = useRef(read);
  useEffect(() => {
    held.current = read;
  }, [read]);
  useEffect(() => station.on('queue.progress', (progress) => setLive({ counts: progress.counts, over: held.current })), []);
  return live && live.over === read ? live.counts : read;
}
