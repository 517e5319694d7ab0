import { z } from 'zod';
import { PositionSchema, TagTypeSchema, UuidSchema } from './common';
import { errorEnvelopeFor } from './errors';
import { ReelSchema } from './labels';
import { BULK_BIND_MAX_PAIRS } from './limits';

// spec: Labels and Reels, Bulk-bind — `POST /api/v1/composite-tags/reels/{reel_collection_id}/bulk-bind`.
// Body `{fromPosition, toPosition, threadIds, activate?, dryRun?}`. "All or nothing and strict: the range must
// cover exactly `threadIds.length` positions (toPosition required), at most 500 pairs ... the k-th position
// pairs with the k-th Thread." A range length different from threadIds length: 400 INVALID_REQUEST (a failed
// refinement of this schema).
export const BulkBindBodySchema = z
  .strictObject({
    fromPosition: PositionSchema,
    toPosition: PositionSchema,
    threadIds: z.array(UuidSchema).min(1).max(BULK_BIND_MAX_PAIRS),
    activate: z.boolean().optional(),
    dryRun: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.toPosition < b.fromPosition) {
      ctx.addIssue({ code: 'custom', path: ['toPosition'], message: 'toPosition must not be before fromPosition' });
      return;
    }
    const span = b.toPosition - b.fromPosition + 1;
    if (span !== b.threadIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['threadIds'],
        message: `the range covers ${span} positions but ${b.threadIds.length} threadIds were given`,
      });
    }
  });
export type BulkBindBody = z.infer<typeof BulkBindBodySchema>;

// spec: Bulk-bind — "Blocker kinds".
export const BULK_BIND_BLOCKER_KINDS = [
  'position_empty',
  'label_archived',
  'label_transferred',
  'label_bound',
  'label_no_identifiers',
  'identifier_bound_elsewhere',
  'identifier_in_other_team_label',
  'thread_not_owned',
  'thread_unavailable',
  'thread_in_transfer',
  'thread_not_editable',
  'thread_repeated',
] as const;
const BulkBindBlockerKindSchema = z.enum(BULK_BIND_BLOCKER_KINDS);
export type BulkBindBlockerKind = z.infer<typeof BulkBindBlockerKindSchema>;

// spec: Bulk-bind — "Warning kinds (never stop a bind): label_incomplete, thread_has_label (`existing[]` names them)".
export const BULK_BIND_WARNING_KINDS = ['label_incomplete', 'thread_has_label'] as const;
const BulkBindWarningKindSchema = z.enum(BULK_BIND_WARNING_KINDS);
export type BulkBindWarningKind = z.infer<typeof BulkBindWarningKindSchema>;

// gap: spec does not show this; our choice — `existing[]` entries name a Label already on the Thread.
const BulkBindExistingSchema = z.object({
  compositeTagId: UuidSchema,
  name: z.string().nullable().optional(),
  reelCollectionId: UuidSchema.optional(),
  position: PositionSchema.optional(),
});
export type BulkBindExisting = z.infer<typeof BulkBindExistingSchema>;

// spec: "`blockers[]` and `warnings[]` (each `{kind, index, position, compositeTagId?, threadId?, tagType?, existing?}`)"
const issueShape = {
  index: z.number().int().nonnegative(),
  position: PositionSchema,
  compositeTagId: UuidSchema.optional(),
  threadId: UuidSchema.optional(),
  tagType: TagTypeSchema.optional(),
  existing: z.array(BulkBindExistingSchema).optional(),
};
export const BulkBindBlockerSchema = z.object({ kind: BulkBindBlockerKindSchema, ...issueShape });
export const BulkBindWarningSchema = z.object({ kind: BulkBindWarningKindSchema, ...issueShape });

// spec: "`rows[]` (index, position, compositeTagId or null, labelName, textValue, threadId, threadName,
// threadDescription)". gap: spec does not show nullability of the names; our choice — null when unknown or not
// readable (e.g. empty position, thread_unavailable).
const BulkBindRowSchema = z.object({
  index: z.number().int().nonnegative(),
  position: PositionSchema,
  compositeTagId: UuidSchema.nullable(),
  labelName: z.string().nullable(),
  textValue: z.string().nullable(),
  threadId: UuidSchema,
  threadName: z.string().nullable(),
  threadDescription: z.string().nullable(),
});
export type BulkBindRow = z.infer<typeof BulkBindRowSchema>;

// spec: "`outcome` (`bound` or `preflight`)", "`activation` (`queued`, `not_requested`, `already_active`, `no_dust`)"
export const BulkBindOutcomeSchema = z.enum(['bound', 'preflight']);
const BULK_BIND_ACTIVATIONS = ['queued', 'not_requested', 'already_active', 'no_dust'] as const;
export const BulkBindActivationSchema = z.enum(BULK_BIND_ACTIVATIONS);
export type BulkBindActivation = z.infer<typeof BulkBindActivationSchema>;

/** Same shape for dry run (`preflight`) and commit (`bound`). */
export const BulkBindResponseSchema = z.object({
  outcome: BulkBindOutcomeSchema,
  rows: z.array(BulkBindRowSchema),
  blockers: z.array(BulkBindBlockerSchema),
  warnings: z.array(BulkBindWarningSchema),
  activation: BulkBindActivationSchema,
  /** summary with updated counts */
  reel: ReelSchema,
});

// spec: "Commit with any blocker: 409 COMPOSITE_TAG_CONFLICT whose detail carries the same rows, blockers and
// warnings." gap: spec does not show this; our choice — detail.reason `bulk_bind_blocked` (optional on parse).
const BulkBindConflictDetailSchema = z.object({
  reason: z.literal('bulk_bind_blocked').optional(),
  rows: z.array(BulkBindRowSchema),
  blockers: z.array(BulkBindBlockerSchema).min(1),
  warnings: z.array(BulkBindWarningSchema),
});
export const BulkBindConflictErrorSchema = errorEnvelopeFor('COMPOSITE_TAG_CONFLICT', BulkBindConflictDetailSchema);
