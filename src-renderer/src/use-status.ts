import { useEffect, useState } from 'react';
import type { StationStatus } from '../../src-shared/ipc';
import { station, type StationConnection } from './station-client';

/**
 * The live station status: read once, then kept current by `station.changed` events, with
 * the queue counts of `queue.progress` merged in between (the queue moves faster than the rest).
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
    const offProgress = station.on('queue.progress', (progress) => setStatus((s) => (s ? { ...s, queue: progress.counts } : s)));
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
      offProgress();
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
