import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { KnownEventName, KnownName } from '../contract';
import { station } from '../station-client';

/** Which command results an event makes stale. */
const STALE_AFTER: Partial<Record<KnownEventName, readonly KnownName[]>> = {
  // The Reel report and the shift summary follow every save, take-back and sent operation (docs/architecture.md,
  // "Events"): current while shown, and when opened again.
  'labels.changed': ['reels.show', 'reels.list', 'bulkBind.status', 'labels.history', 'report.reel', 'report.shift', 'grades.reel'],
  'queue.progress': ['queue.list', 'reels.list', 'bulkBind.status', 'labels.history', 'sync.concurrency.get', 'report.reel', 'report.shift'],
  'devices.changed': ['devices.list'],
  'devices.status': ['devices.list'],
  'camera.changed': ['camera.status'],
  'station.changed': ['profiles.list'],
  // A print job moved on or ended (docs/printing.md, "Progress"): its status and the Reel's prints.
  'print.progress': ['print.status', 'print.log'],
};

/**
 * Results that take a while to compute (a report over a whole Reel or day): while a queue drains, events come every
 * 100 ms, and a refetch restarted by each would never finish. They are read again at most every SLOW_MS, and only once
 * the read in flight is in, so the last change is always shown.
 */
const SLOW: ReadonlySet<KnownName> = new Set<KnownName>(['report.reel', 'report.shift']);
const SLOW_MS = 500;

/** Subscribes once for the whole app and refetches what an event made stale. */
export function useEventInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    const slowPending = new Set<KnownName>();
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const flushSlow = () => {
      slowTimer = undefined;
      for (const name of [...slowPending]) {
        if (client.isFetching({ queryKey: ['cmd', name] }) > 0) continue;
        slowPending.delete(name);
        void client.invalidateQueries({ queryKey: ['cmd', name] });
      }
      if (slowPending.size > 0) slowTimer = setTimeout(flushSlow, SLOW_MS);
    };
    const invalidate = (name: KnownName) => {
      if (!SLOW.has(name)) return void client.invalidateQueries({ queryKey: ['cmd', name] });
      slowPending.add(name);
      slowTimer ??= setTimeout(flushSlow, SLOW_MS);
    };
    const offs = (Object.entries(STALE_AFTER) as [KnownEventName, readonly KnownName[]][]).map(([event, names]) =>
      station.on(event, () => names.forEach(invalidate)),
    );
    // Back after the page lost its station: every result may have missed its events, the Bench's snapshot too.
    offs.push(
      station.onConnection((connection) => {
        if (connection === 'connected') void client.invalidateQueries();
      }),
    );
    return () => {
      if (slowTimer) clearTimeout(slowTimer);
      offs.forEach((off) => off());
    };
  }, [client]);
}
