import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { KnownInput, KnownName, KnownOutput } from '../contract';
import { station } from '../station-client';

// Command results live in TanStack Query under ['cmd', name, input]; the station's events
// invalidate them (see use-event-invalidation.ts), so a screen shows fresh data without polling
// the core in a loop.

function commandKey<N extends KnownName>(name: N, input?: KnownInput<N>): QueryKey {
  return input === undefined ? ['cmd', name] : ['cmd', name, input];
}

interface QueryOptions<T> {
  enabled?: boolean;
  refetchIntervalMs?: number;
  /** With `refetchIntervalMs`: read again on the schedule only while this holds for the last answer. */
  refetchWhile?: (data: T) => boolean;
  /**
   * A snapshot the screen keeps up to date itself (the Bench's Reel: it adds its own saves, so a save does not
   * refetch and re-parse thousands of Labels): kept under ['snapshot', name, input], which no event invalidates,
   * never stale, dropped when the screen leaves.
   */
  snapshot?: boolean;
  /**
   * A query of what the user is still typing (a print run's preview, a print data check): the last answer stays
   * shown while the next one is read, an answer nobody shows is not kept, and a window focus reads nothing again.
   */
  draft?: boolean;
  /** A screen's own schedule for what no station event reports (the service's activation progress): ms, or false. */
  poll?: (data: T | undefined) => number | false;
  /**
   * Reads the answer given the one held (undefined the first time) in place of calling the command: a Reel read
   * again only for what changed (reel-read.ts). The answer is kept as it comes: held parts stay the same objects.
   */
  read?: (held: T | undefined) => Promise<T>;
  /**
   * Read again whenever a screen or dialog using it opens, even with an answer held: what it decides once from the
   * answer (a dialog's defaults) waits for that read (`isFetchedAfterMount`), never an answer an event has not caught up.
   */
  fresh?: boolean;
  /** The answer held stays shown while another input's is read (the Queue's list made longer): the rows do not blink out. */
  keep?: boolean;
}

export function useCommandQuery<N extends KnownName>(name: N, input: KnownInput<N>, options: QueryOptions<KnownOutput<N>> = {}) {
  const { refetchIntervalMs: every, refetchWhile, read } = options;
  const client = useQueryClient();
  return useQuery<KnownOutput<N>, Error>({
    queryKey: options.snapshot ? ['snapshot', name, input] : commandKey(name, input),
    queryFn: read ? ({ queryKey }) => read(client.getQueryData<KnownOutput<N>>(queryKey)) : () => station.call(name, input),
    // What `read` answers shares the parts that did not change already; a deep comparison would walk them all.
    ...(read ? { structuralSharing: false } : {}),
    enabled: options.enabled ?? true,
    // Only for what other processes change (a Reel other benches share); the station's own changes come as events.
    ...(every ? { refetchInterval: (query) => (refetchWhile && (query.state.data === undefined || !refetchWhile(query.state.data)) ? false : every) } : {}),
    ...(options.snapshot ? { staleTime: Infinity, gcTime: 0 } : {}),
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
    ...(options.draft ? { placeholderData: keepPreviousData, gcTime: 0, refetchOnWindowFocus: false } : {}),
    ...(options.keep ? { placeholderData: keepPreviousData } : {}),
    ...(options.poll ? { refetchInterval: (query: { state: { data: KnownOutput<N> | undefined } }) => options.poll?.(query.state.data) ?? false } : {}),
    retry: false,
  });
}

/**
 * A read made when the screen decides (a page printed to PDF once its language is set): through the same cache
 * and key as useCommandQuery, always read fresh.
 */
export function useCommandRead<N extends KnownName>(name: N): (input: KnownInput<N>) => Promise<KnownOutput<N>> {
  const client = useQueryClient();
  return useCallback(
    (input: KnownInput<N>) => client.fetchQuery({ queryKey: commandKey(name, input), queryFn: () => station.call(name, input), staleTime: 0, retry: false }),
    [client, name],
  );
}

/**
 * A command a screen runs and awaits, whose progress it never draws (the Bench's saves and service checks:
 * docs/architecture.md, "Renderer"): the station's answer as a promise, afterwards the named queries refetched, like
 * useCommandMutation's `mutateAsync`, but the component is not drawn again when the call starts and when it ends.
 * A mutation's state is held in a store the component subscribes to, and each change of it redraws the whole screen
 * at once (TanStack notifies through useSyncExternalStore), so a Bench read paid two redraws of its screen for the
 * service check it starts.
 */
export function useCommandAction<N extends KnownName>(name: N, invalidates: readonly KnownName[] = []): (input: KnownInput<N>) => Promise<KnownOutput<N>> {
  const client = useQueryClient();
  const refetched = invalidates.join(',');
  return useCallback(
    async (input: KnownInput<N>) => {
      try {
        return await station.call(name, input);
      } finally {
        const names = refetched ? (refetched.split(',') as KnownName[]) : [];
        await Promise.all(names.map((n) => client.invalidateQueries({ queryKey: ['cmd', n] })));
      }
    },
    [client, name, refetched],
  );
}

/** A command that changes something; afterwards the named queries are refetched. */
export function useCommandMutation<N extends KnownName>(name: N, invalidates: readonly KnownName[] = []) {
  const client = useQueryClient();
  return useMutation<KnownOutput<N>, Error, KnownInput<N>>({
    mutationFn: (input) => station.call(name, input),
    onSettled: async () => {
      await Promise.all(invalidates.map((n) => client.invalidateQueries({ queryKey: ['cmd', n] })));
    },
  });
}
