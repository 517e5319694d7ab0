import { z } from 'zod';

// The parts of the queue area's contract (queue.ts) that every command's outbox and sync engine use, built when those
// load; the rest of the area's schemas are built with its first command (docs/architecture.md, "Start-up").

/** What a person can do about an attention item. */
/** `reposition`: the enrollment's position is held on the service by another bench's or app's Label; re-place it. */
const AttentionActionSchema = z.enum(['recapture', 'retry', 'discard', 'reposition']);

export const AttentionShape = z.object({
  /** The reason in words. */
  reason: z.string(),
  code: z.string(),
  status: z.number().nullable(),
  requestId: z.string().nullable(),
  actions: z.array(AttentionActionSchema),
  /** The fields the reason's words are filled from on a screen (src-shared/ipc/error-words.ts); `reason` stays the English text. */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type AttentionShape = z.infer<typeof AttentionShape>;

/**
 * The bounds of how many operations are sent at once. The engine adapts within them (src-main/sync/concurrency.ts):
 * up while answers come back fast and clean, down on 429, 503 and timeouts.
 */
export const ConcurrencyBoundsSchema = z
  .object({ min: z.number().int().min(1).max(64), max: z.number().int().min(1).max(64) })
  .strict()
  .refine((b) => b.min <= b.max, { message: 'The lowest number of requests at once must not be above the highest.', path: ['min'] });
export type ConcurrencyBounds = z.infer<typeof ConcurrencyBoundsSchema>;
