import { z } from 'zod';
import { BulkBindActivationSchema, BulkBindResponseSchema } from '../api/bulk-bind';
import { LocalId } from './reels';

// Bulk-bind after printing: a range of a Reel's positions to Threads (spec: Labels and Reels, Bulk-bind).

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

/**
 * The activation of one bulk-bind's range (spec: Bulk-bind, "one background job activates exactly the bound
 * Labels' optical markings"). Counted over the bound Labels only, never the whole Reel, so `identifiable`
 * reaches `total` exactly when the activation is over.
 */
export const BulkBindActivationProgress = z.object({
  /** The bind asked for activation. */
  requested: z.boolean(),
  /** The service's answer on the commit (`queued`, `not_requested`, `already_active`, `no_dust`); null until the bind landed. */
  outcome: BulkBindActivationSchema.nullable(),
  /**
   * The Labels the activation works on: the bound range's Labels with an active optical (SVC) marking. Before
   * the bind landed: the range's Labels with a local capture (an estimate).
   */
  total: z.number().int().nonnegative(),
  /** Of those, the Labels now identifiable. */
  identifiable: z.number().int().nonnegative(),
  /** Nothing more to wait for: identifiable === total after the bind, or nothing to activate. */
  finished: z.boolean(),
  /** Read from the service just now; false when offline (last known numbers) or before the bind landed. */
  live: z.boolean(),
});
export type BulkBindActivationProgress = z.infer<typeof BulkBindActivationProgress>;

export const BulkBindStatus = z.object({
  state: z.string(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The whole Reel's `counts.identifiableCount` (every Label of the Reel, not only this range): read from the
   * service once the bind landed, else from the last Reel snapshot.
   */
  identifiableCount: z.number().nullable(),
  /** The whole Reel's `counts.boundCount`. */
  boundCount: z.number().nullable(),
  /** This bind's range: what the progress bar shows. */
  activation: BulkBindActivationProgress,
});
export type BulkBindStatus = z.infer<typeof BulkBindStatus>;

/** The service's dry run as the screen sees it (the Reel summary stays in the core). */
export const BulkBindPreflight = BulkBindResponseSchema.omit({ reel: true });
export type BulkBindPreflight = z.infer<typeof BulkBindPreflight>;

export const bulkBindCommands = {
  /** Online only: the service's dry run (every row with blockers and warnings). */
  'bulkBind.preflight': { input: BulkBindInput, output: BulkBindPreflight },
  /** Queues the bind; the result lands on the operation (queue) and the Labels. */
  'bulkBind.commit': { input: BulkBindInput, output: z.object({ opId: z.string() }) },
  /** The queued bulk-bind's state and result, the Reel's counts, and the activation progress of the bound range. */
  'bulkBind.status': { input: z.object({ opId: z.string().min(1) }).strict(), output: BulkBindStatus },
} as const;
