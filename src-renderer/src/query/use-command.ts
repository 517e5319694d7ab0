import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isServed, type KnownInput, type KnownName, type KnownOutput } from '../contract';
import { station } from '../station-client';

// Command results live in TanStack Query under ['cmd', name, input]; events invalidate them
// (see use-event-invalidation.ts), so no screen polls the core in a loop (ARCHITECTURE.md,
// "Data flow", step 5).

export function commandKey<N extends KnownName>(name: N, input?: KnownInput<N>): QueryKey {
  return input === undefined ? ['cmd', name] : ['cmd', name, input];
}

export function useCommandQuery<N extends KnownName>(name: N, input: KnownInput<N>, options: { enabled?: boolean } = {}) {
  return useQuery<KnownOutput<N>, Error>({
    queryKey: commandKey(name, input),
    queryFn: () => station.call(name, input),
    enabled: isServed(name) && (options.enabled ?? true),
    retry: false,
  });
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
