import { z } from 'zod';
import { BulkBindResponseSchema } from '../api/bulk-bind';
import { LocalId } from './reels';

// Bulk-bind after printing (BENCH.md, workflow 6; spec: Labels and Reels, Bulk-bind).

export const BulkBindInput = z
  .object({
    reelId: LocalId,
    fromPosition: z.number().int().nonnegative(),
    toPosition: z.number().int().nonnegative(),
    threadIds: z.array(z.guid()).min(1).max(500),
    activate: z.boolean().optional(),
  })
  .strict();
export type BulkBindInput = z.infer<typeof BulkBindInput>;

export const bulkBindCommands = {
  /** Online only: the service's dry run (every row with blockers and warnings). */
  'bulkBind.preflight': { input: BulkBindInput, output: BulkBindResponseSchema },
  /** Queues the bind; the result lands on the operation (queue) and the Labels. */
  'bulkBind.commit': { input: BulkBindInput, output: z.object({ opId: z.string() }) },
  /** The queued bulk-bind's result once done, and the Reel's activation progress (identifiableCount). */
  'bulkBind.status': {
    input: z.object({ opId: z.string().min(1) }).strict(),
    output: z.object({ state: z.string(), result: z.record(z.string(), z.unknown()).nullable(), identifiableCount: z.number().nullable(), boundCount: z.number().nullable() }),
  },
} as const;
