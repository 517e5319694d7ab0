/**
 * The states of a queued operation (docs/sync.md, "The queue"): the contract's enum (src-shared/ipc/queue.ts) and the
 * CLI's `queue --state` read the one list, the CLI without loading the queue area's schemas (docs/architecture.md,
 * "Start-up").
 */
export const OPERATION_STATES = ['pending', 'sending', 'done', 'attention', 'discarded'] as const;
