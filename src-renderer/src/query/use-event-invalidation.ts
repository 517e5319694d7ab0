import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { KnownEventName, KnownName } from '../contract';
import { station } from '../station-client';

/** Which command results an event makes stale. */
const STALE_AFTER: Partial<Record<KnownEventName, readonly KnownName[]>> = {
  // The Reel report and the shift summary follow every save, take-back and sent operation (docs/architecture.md,
  // "Events"): current while shown, and when opened again.
  'labels.changed': ['reels.show', 'reels.list', 'bulkBind.status', 'labels.history', 'report.reel', 'report.shift'],
  'queue.progress': ['queue.list', 'reels.list', 'bulkBind.status', 'labels.history', 'sync.concurrency.get', 'report.reel', 'report.shift'],
  'devices.changed': ['devices.list'],
  'devices.status': ['devices.list'],
  'camera.changed': ['camera.status'],
  'station.changed': ['profiles.list'],
};

/** Subscribes once for the whole app and refetches what an event made stale. */
export function useEventInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = (Object.entries(STALE_AFTER) as [KnownEventName, readonly KnownName[]][]).map(([event, names]) =>
      station.on(event, () => {
        for (const name of names) void client.invalidateQueries({ queryKey: ['cmd', name] });
      }),
    );
    // Back after the page lost its station: every result may have missed its events, the Bench's snapshot too.
    offs.push(
      station.onConnection((connection) => {
        if (connection === 'connected') void client.invalidateQueries();
      }),
    );
    return () => offs.forEach((off) => off());
  }, [client]);
}
