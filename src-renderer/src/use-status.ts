import { useEffect, useState } from 'react';
import type { StationStatus } from '../../src-shared/ipc';
import { station } from './station-client';

/** The live station status: read once, then kept current by `station.changed` events. */
export function useStationStatus(): { status: StationStatus | undefined; error: string | undefined } {
  const [status, setStatus] = useState<StationStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const unsubscribe = station.on('station.changed', (next) => setStatus(next));
    station.call('station.status', {}).then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return unsubscribe;
  }, []);
  return { status, error };
}
