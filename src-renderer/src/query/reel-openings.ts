import { useSyncExternalStore } from 'react';
import type { ReelOpenProgress } from '../../../src-shared/ipc/reels';
import type { KnownInput, KnownOutput } from '../contract';
import { station } from '../station-client';

// The Reels being opened from the service (docs/sync.md, "Opening at shop scale"), held outside the Reels screen: an
// opening of 10,000 Labels takes seconds, and the operator may work on another screen meanwhile. Each opening has a
// progressKey of its own, so its `reels.openProgress` events are told from another's; coming back to the Reels screen
// shows how far it is.

export interface ReelOpening {
  serviceId: string;
  name: string;
  progress: ReelOpenProgress | null;
  /** Why the opening failed (kept until the Reel is opened again). */
  error?: unknown;
}

type Openings = ReadonlyMap<string, ReelOpening>;

let openings: Openings = new Map();
const watchers = new Set<() => void>();

function set(change: (next: Map<string, ReelOpening>) => void): void {
  const next = new Map(openings);
  change(next);
  openings = next;
  for (const watcher of watchers) watcher();
}

function watch(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** The openings in flight, by service id; the screen redraws when one moves on. */
export function useReelOpenings(): Openings {
  return useSyncExternalStore(watch, () => openings);
}

let keys = 0;

/**
 * Opens a Reel of the service (`reels.open`), its progress kept here until the answer. Opening one that is being
 * opened already answers that opening's promise.
 */
export function openReel(name: string, input: Omit<KnownInput<'reels.open'>, 'progressKey'>): Promise<KnownOutput<'reels.open'>> {
  const running = inFlight.get(input.serviceId);
  if (running) return running;
  keys += 1;
  const progressKey = `open-${Date.now().toString(36)}-${keys}`;
  set((next) => next.set(input.serviceId, { serviceId: input.serviceId, name, progress: null }));
  const stop = station.on('reels.openProgress', (progress) => {
    if (progress.progressKey !== progressKey) return;
    set((next) => next.set(input.serviceId, { serviceId: input.serviceId, name, progress }));
  });
  const call = station.call('reels.open', { ...input, progressKey }).then(
    (out) => {
      stop();
      inFlight.delete(input.serviceId);
      set((next) => next.delete(input.serviceId));
      return out;
    },
    (error: unknown) => {
      stop();
      inFlight.delete(input.serviceId);
      set((next) => next.set(input.serviceId, { serviceId: input.serviceId, name, progress: null, error }));
      throw error;
    },
  );
  inFlight.set(input.serviceId, call);
  return call;
}

const inFlight = new Map<string, Promise<KnownOutput<'reels.open'>>>();
