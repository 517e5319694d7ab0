import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { station } from '../station-client';
import { startEventRefetch } from './event-refetch';

/**
 * Subscribes once for the whole app and refetches what an event made stale, a burst of events at a time
 * (event-refetch.ts).
 */
export function useEventInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stop = startEventRefetch(client, (name, listener) => station.on(name, listener));
    // Back after the page lost its station: every result may have missed its events, the Bench's snapshot too.
    const offConnection = station.onConnection((connection) => {
      if (connection === 'connected') void client.invalidateQueries();
    });
    return () => {
      stop();
      offConnection();
    };
  }, [client]);
}
