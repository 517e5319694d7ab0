import { useEffect, useState } from 'react';
import type { StationStatus } from '../../src-shared/ipc';
import { station } from './station-client';

/**
 * The live station status: read once, then kept current by `station.changed` events, with
 * the queue counts of `queue.progress` merged in between (the queue moves faster than the rest).
 */
export function useStationStatus(): { status: StationStatus | undefined; error: string | undefined } {
  const [status, setStatus] = useState<StationStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const offChanged = station.on('station.changed', (next) => setStatus(next));
    const offProgress = station.on('queue.progress', (progress) => setStatus((s) => (s ? { ...s, queue: progress.counts } : s)));
    station.call('station.status', {}).then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      offChanged();
      offProgress();
    };
  }, []);
  return { status, error };
}
