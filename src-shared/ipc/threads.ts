import { z } from 'zod';

// Thread search and list, for picking the Threads of a bulk-bind, and one Thread by id, to name it (online only).

const ThreadSummary = z.object({ threadId: z.string(), name: z.string(), description: z.string().nullable() });

export const threadCommands = {
  'threads.search': {
    input: z.object({ q: z.string().optional(), pageSize: z.number().int().positive().max(500).optional(), cursor: z.string().optional() }).strict(),
    output: z.object({ threads: z.array(ThreadSummary), nextCursor: z.string().nullable() }),
  },
  /** One Thread's name, so a Label bound to it names it (the Label panel; online only). */
  'threads.get': {
    input: z.object({ threadId: z.string().min(1) }).strict(),
    output: ThreadSummary,
  },
} as const;
