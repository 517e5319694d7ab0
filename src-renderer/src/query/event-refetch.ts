import type { QueryClient } from '@tanstack/react-query';
import type { KnownEventName, KnownName } from '../contract';

// What the station's events make stale, and when it is read again (docs/architecture.md, "Events"). One save at the
// Bench is a burst of events: `labels.changed` as it is written, `queue.progress` within 100 ms, `labels.changed` and
// `queue.progress` again when the sync engine has sent it. Each used to refetch what it names at once, so the Bench's
// Reel list was read three times per Label, each a count over the Reel's Labels in the main process, landing on the
// next scan. Now a result is read again once the burst is over (no event for QUIET_MS, at the latest MAX_WAIT_MS after
// the first), one read at a time per command: a request while a read is in flight runs again after it, so the last
// change is always shown.

/** Which command results an event makes stale. */
const STALE_AFTER: Partial<Record<KnownEventName, readonly KnownName[]>> = {
  // The Reel report and the shift summary follow every save, take-back and sent operation (docs/architecture.md,
  // "Events"): current while shown, and when opened again.
  // The NFC slot's URL follows the print data it is made from (docs/devices.md): what it promises is what is written.
  'labels.changed': ['reels.show', 'reels.list', 'bulkBind.status', 'labels.history', 'report.reel', 'report.shift', 'grades.reel', 'nfc.prepare'],
  'queue.progress': ['queue.list', 'reels.list', 'bulkBind.status', 'labels.history', 'sync.concurrency.get', 'report.reel', 'report.shift'],
  'devices.changed': ['devices.list'],
  'devices.status': ['devices.list'],
  'camera.changed': ['camera.status'],
  'station.changed': ['profiles.list'],
  // A print job moved on or ended (docs/printing.md, "Progress"): its status and the Reel's prints.
  'print.progress': ['print.status', 'print.log'],
  // A watched printer's state changed (docs/printing.md, "Printer states").
  'printers.changed': ['printers.list'],
};

/**
 * A burst's end: longer than the station's queue.progress interval (100 ms, src-main/station.ts), so a Label's save and
 * its sending, or a draining queue, read each result once rather than once per event.
 */
export const QUIET_MS = 150;
/** A queue that keeps draining still shows its progress at least this often. */
export const MAX_WAIT_MS = 500;

/**
 * The lists a draining queue changes at every event: the Queue's items and the Reels with their counts. Read again at
 * most this often while the events keep coming (the Queue's counts and progress bar follow queue.progress itself, at
 * once); a change alone is still shown QUIET_MS after it. Each read is a query over the whole queue or every Reel in
 * the main process, which sends the queue: read every 500 ms, the Queue screen open slowed a drain of 5,000 Labels to
 * 0.61 of the drain with no page open (`npm run bench pace`; docs/architecture.md, "Events").
 */
export const LIST_MAX_WAIT_MS = 2_000;
const LISTS: ReadonlySet<KnownName> = new Set<KnownName>(['queue.list', 'reels.list']);

/**
 * Results that take a while to compute (a report over a whole Reel or day): while a queue drains, events come every
 * 100 ms, and a refetch restarted by each would never finish. They are read again at most every SLOW_MS, and only once
 * the read in flight is in.
 */
const SLOW: ReadonlySet<KnownName> = new Set<KnownName>(['report.reel', 'report.shift']);
export const SLOW_MS = 500;

/** How the station's events reach the page (station-client.ts `station.on`). */
export type StationEvents = <N extends KnownEventName>(name: N, listener: () => void) => () => void;

interface Waiting {
  /** When the first request of this burst came. */
  since: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Due, but a read of the command was in flight: runs when it is in. */
  afterRead: boolean;
}

/** Refetches what the station's events make stale, a burst of events at a time; returns the unsubscribe. */
export function startEventRefetch(client: QueryClient, on: StationEvents): () => void {
  const waiting = new Map<KnownName, Waiting>();
  const keyOf = (name: KnownName) => ['cmd', name];
  const run = (name: KnownName) => {
    waiting.delete(name);
    // Nothing of it is in flight here, so this starts a fresh read of every shown result of the command.
    void client.invalidateQueries({ queryKey: keyOf(name) }, { cancelRefetch: false });
  };
  const due = (name: KnownName) => {
    const entry = waiting.get(name);
    if (!entry) return;
    entry.timer = undefined;
    // A read begun before the last change cannot show it: wait for it, then read again.
    if (client.isFetching({ queryKey: keyOf(name) }) > 0) entry.afterRead = true;
    else run(name);
  };
  const request = (name: KnownName) => {
    const now = Date.now();
    const entry = waiting.get(name) ?? { since: now, timer: undefined, afterRead: false };
    waiting.set(name, entry);
    if (entry.afterRead) return;
    const [quiet, most] = SLOW.has(name) ? [SLOW_MS, SLOW_MS] : [QUIET_MS, LISTS.has(name) ? LIST_MAX_WAIT_MS : MAX_WAIT_MS];
    // A slow result's clock is not restarted by each event; a quick one's is, up to MAX_WAIT_MS.
    if (entry.timer && SLOW.has(name)) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => due(name), Math.max(0, Math.min(quiet, entry.since + most - now)));
  };
  // A read in flight came in (or failed, or its query went): what waited for it is read now.
  const offCache = client.getQueryCache().subscribe((event) => {
    const [scope, name] = event.query.queryKey as [unknown, KnownName];
    if (scope !== 'cmd' || !waiting.get(name)?.afterRead) return;
    if (client.isFetching({ queryKey: keyOf(name) }) === 0) run(name);
  });
  const offs = (Object.entries(STALE_AFTER) as [KnownEventName, readonly KnownName[]][]).map(([event, names]) => on(event, () => names.forEach(request)));
  return () => {
    offCache();
    offs.forEach((off) => off());
    for (const entry of waiting.values()) if (entry.timer) clearTimeout(entry.timer);
    waiting.clear();
  };
}
