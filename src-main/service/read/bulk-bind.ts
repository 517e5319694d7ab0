import { z } from 'zod';
import { PositionSchema } from '../../../src-shared/api/common';
import { BulkBindActivationSchema, BulkBindBlockerSchema, BulkBindOutcomeSchema, BulkBindWarningSchema } from '../../../src-shared/api/bulk-bind';
import { orEmpty, orNull } from './fields';
import { ReelSummarySchema } from './labels';

// spec: Bulk-bind — "Response (same shape for dry run and commit): `outcome`, `rows[]` (index, position,
// compositeTagId or null, labelName, textValue, threadId, threadName, threadDescription), `blockers[]` and
// `warnings[]` (each `{kind, index, position, compositeTagId?, threadId?, tagType?, existing?}`), `activation`,
// `reel` (summary with updated counts)". Every field is named; their nullability is not shown, so absent = null.

const BulkBindRowReadSchema = z.object({
  index: z.number().int().nonnegative(),
  position: PositionSchema,
  compositeTagId: orNull(z.string().min(1)),
  labelName: orNull(z.string()),
  textValue: orNull(z.string()),
  threadId: z.string().min(1),
  threadName: orNull(z.string()),
  threadDescription: orNull(z.string()),
});

export const BulkBindAnswerSchema = z.object({
  outcome: BulkBindOutcomeSchema,
  rows: orEmpty(BulkBindRowReadSchema),
  blockers: orEmpty(BulkBindBlockerSchema),
  warnings: orEmpty(BulkBindWarningSchema),
  activation: BulkBindActivationSchema,
  reel: ReelSummarySchema,
});
export type BulkBindAnswer = z.output<typeof BulkBindAnswerSchema>;
