import { z } from 'zod';
import { ExpectedValuesSchema } from '../domain/label';
import { OPERATION_STATES } from '../domain/operation-states';
import { AttentionShape, ConcurrencyBoundsSchema } from './queue-shapes';
import { QueueCounts, SyncPauseKind } from './station';

// The offline queue (docs/sync.md, "The queue"; "What the operator sees").

export const OPERATION_KINDS = [
  'createReel',
  'updateReel',
  'createCollection',
  'updateCollection',
  'enrollLabel',
  'addIdentifier',
  'removeIdentifier',
  'archiveLabel',
  'unarchiveLabel',
  'moveLabels',
  'bindLabel',
  'unbindLabel',
  'bulkBind',
  'activateLabel',
  'activateReel',
] as const;
const OperationKindSchema = z.enum(OPERATION_KINDS);
export type OperationKind = z.infer<typeof OperationKindSchema>;

export { OPERATION_STATES } from '../domain/operation-states';
const OperationStateSchema = z.enum(OPERATION_STATES);
export type OperationState = z.infer<typeof OperationStateSchema>;

// An attention item's shape and the concurrency bounds are the outbox's and the sync engine's too, which every command
// loads: they live in queue-shapes.ts, so the rest of this area's schemas are built with its first command
// (docs/architecture.md, "Start-up").
export { AttentionShape, type ConcurrencyBounds } from './queue-shapes';

/**
 * One attempt of an operation (docs/sync.md, "The queue"): the request it sent (method and path; null only for the
 * station's own conclusion before any request), how long it took, the service's status (null: no answer), code and
 * request id, the outcome in words, and what the station concluded.
 */
const AttemptShape = z.object({
  at: z.string(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  status: z.number().nullable(),
  code: z.string().nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  message: z.string(),
  outcome: z.string(),
});

/**
 * What an operation is about, by name, for the Queue's plain words ("Enroll Label at position 7 of Reel …"):
 * the Reel's name, the Label's position (or the range's first and last), the Label Collection's name. Null
 * where the operation names none, or the station no longer holds it.
 */
const QueuePlace = z.object({
  reelName: z.string().nullable(),
  position: z.number().int().nullable(),
  toPosition: z.number().int().nullable(),
  collectionName: z.string().nullable(),
});
export type QueuePlace = z.infer<typeof QueuePlace>;

export const QueueItem = z.object({
  opId: z.string(),
  seq: z.number().int(),
  kind: OperationKindSchema,
  state: OperationStateSchema,
  subject: z.string(),
  place: QueuePlace,
  dependsOn: z.array(z.string()),
  outcomeUnknown: z.boolean(),
  attemptCount: z.number().int(),
  attention: AttentionShape.nullable(),
  attempts: z.array(AttemptShape),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueItem = z.infer<typeof QueueItem>;

/** One side of a collision: the Label's values and how they compare with the print data of the position. */
const CollisionSide = z.object({
  values: z.array(z.object({ tagType: z.string(), value: z.string().nullable() })),
  printCheck: z.enum(['match', 'mismatch', 'unchecked']),
  /** Each value that is not the printed one: the type, what was printed, what the Label carries. */
  mismatches: z.array(z.object({ tagType: z.string(), expected: z.string(), actual: z.string() })),
});

/**
 * A collision (an enrollment in attention with STATION_POSITION_TAKEN) compared with the print data this station holds
 * for the position (docs/sync.md, "Settling a collision"): `ours` is the refused enrollment, `theirs` the Label the
 * service holds there now (null: none any more); the verdict says which belongs there and `offer` what to do
 * (src-shared/domain/collision.ts).
 */
export const CollisionShape = z.object({
  opId: z.string(),
  reelId: z.string(),
  reelName: z.string(),
  position: z.number().int(),
  printData: ExpectedValuesSchema.nullable(),
  ours: CollisionSide.extend({ labelId: z.string() }),
  theirs: CollisionSide.extend({ serviceId: z.string() }).nullable(),
  verdict: z.enum(['ours', 'theirs', 'both', 'neither', 'unchecked', 'free']),
  /** The Reel on the service the service's Label is moved to (then archived) when ours is sent in its place. */
  setAsideReelName: z.string(),
  /** The position theirs carries the print data of, when another than this one (a misorder), else null. */
  theirsPrintedFor: z.number().int().nullable(),
  /**
   * Where theirs goes when ours is sent in its place: the position it was printed for, when that position is free on
   * the service and here (it is enrolled there again with its identifiers); null: it is set aside.
   */
  theirsGoesTo: z.number().int().nullable(),
  offer: z.enum(['archiveTheirs', 'discardOurs', 'reposition', 'retry']),
});
export type CollisionShape = z.infer<typeof CollisionShape>;

/**
 * A Label of this bench another bench took off its position (docs/sync.md, "Every bench knows"), learnt at a refresh
 * of the Reel: `to` is where a Label carrying its values is now (null: set aside, off the Reel); `printedFor` the
 * position its values were printed for, if another.
 */
export const QueueNotice = z.object({
  at: z.string(),
  labelId: z.string(),
  reelId: z.string(),
  reelName: z.string(),
  position: z.number().int(),
  to: z.number().int().nullable(),
  printedFor: z.number().int().nullable(),
  values: z.array(z.object({ tagType: z.string(), value: z.string() })),
});
export type QueueNotice = z.infer<typeof QueueNotice>;

const SyncSummary = z.object({ done: z.number().int(), pending: z.number().int(), attention: z.number().int(), timedOut: z.boolean() });

const SyncConcurrency = z.object({ min: z.number().int(), max: z.number().int(), current: z.number().int() });
type SyncConcurrency = z.infer<typeof SyncConcurrency>;

export const queueCommands = {
  /**
   * The queue as a person reads it: attention, sending, pending (each oldest first), then done and discarded, newest
   * first; with `state`, that state alone (docs/sync.md, "What the operator sees").
   */
  'queue.list': {
    input: z.object({ state: OperationStateSchema.optional(), limit: z.number().int().positive().max(10_000).optional() }).strict(),
    output: z.object({ items: z.array(QueueItem), counts: QueueCounts, notices: z.array(QueueNotice) }),
  },
  'queue.retry': { input: z.object({ opId: z.string().min(1) }).strict(), output: QueueItem },
  /** Puts away the notices listed so far (audited as `queue.noticesSeen`): `queue.list` answers only later ones. */
  'queue.noticesSeen': { input: z.object({}).strict(), output: z.object({ seen: z.number().int() }) },
  /**
   * Re-places the Label of an enrollment that needs attention at `position`, or the next position after its own
   * that holds nothing here (`nextFree`), and sends it again (docs/sync.md, "Benches sharing a Reel").
   */
  'queue.reposition': {
    input: z
      .object({ opId: z.string().min(1), position: z.number().int().positive().optional(), nextFree: z.literal(true).optional() })
      .strict()
      .refine((i) => (i.position === undefined) !== (i.nextFree === undefined), 'give position or nextFree: true, one of them'),
    output: QueueItem.extend({ fromPosition: z.number().int(), position: z.number().int() }),
  },
  /** Compares the two Labels of a collision with the print data of the position (reads the service; offline: STATION_OFFLINE). */
  'queue.collision': { input: z.object({ opId: z.string().min(1) }).strict(), output: CollisionShape },
  /**
   * Settles a collision by what was printed, as the comparison offers it (docs/sync.md, "Settling a collision"):
   * `archiveTheirs` takes the service's Label off the position (moved to the Reel's set-aside Reel, then archived)
   * and sends ours there; `theirLabelId`, when given, must be the Label the service holds there now. `discardOurs`
   * discards our enrollment. Needs `confirm: true`; audited as `queue.settle`.
   */
  'queue.settle': {
    input: z
      .object({
        opId: z.string().min(1),
        action: z.enum(['archiveTheirs', 'discardOurs']),
        theirLabelId: z.string().min(1).optional(),
        confirm: z.literal(true),
      })
      .strict(),
    output: z.object({
      item: QueueItem,
      collision: CollisionShape,
      /** Where the service's Label went before it was archived (archiveTheirs). */
      setAsideReel: z.object({ serviceId: z.string(), name: z.string() }).nullable(),
      /** Where theirs was enrolled again, with its identifiers (archiveTheirs of a misorder: `theirsGoesTo`). */
      theirsMovedTo: z.object({ position: z.number().int(), serviceId: z.string() }).nullable(),
    }),
  },
  /** Needs `confirm: true`; the row stays (state discarded) and the decision is audited. */
  'queue.discard': { input: z.object({ opId: z.string().min(1), confirm: z.literal(true) }).strict(), output: QueueItem },
  /** Drains the queue; with `untilIdle` waits until nothing is pending (or the timeout). */
  'sync.run': {
    input: z.object({ untilIdle: z.boolean().optional(), timeoutSeconds: z.number().positive().optional() }).strict(),
    output: SyncSummary,
  },
  'sync.pause': { input: z.object({}).strict(), output: z.object({ paused: z.boolean() }) },
  /** The sync engine's adaptive concurrency: the operator's bounds and where it stands now. */
  'sync.concurrency.get': { input: z.object({}).strict(), output: SyncConcurrency },
  /** New bounds (kept across restarts); the limit moves into them at once. */
  'sync.concurrency.set': { input: ConcurrencyBoundsSchema, output: SyncConcurrency },
  'sync.resume': { input: z.object({}).strict(), output: z.object({ paused: z.boolean() }) },
} as const;

export const queueEvents = {
  /** Counts and drain progress while syncing. */
  'queue.progress': z.object({
    counts: QueueCounts,
    paused: z.boolean(),
    pauseKind: SyncPauseKind.nullable(),
    pauseReason: z.string().nullable(),
    concurrency: z.number().int(),
    lastOp: z.object({ opId: z.string(), kind: OperationKindSchema, state: OperationStateSchema }).nullable(),
  }),
} as const;
