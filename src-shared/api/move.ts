import { z } from 'zod';
import { PositionSchema, UuidSchema } from './common';
import { errorEnvelopeFor } from './errors';
import { ExpectedIdentifiersInputSchema, LabelSchema, ReelRefSchema, ReelSchema } from './labels';

// spec: Labels and Reels, Move — `POST /api/v1/composite-tags/move` and `/move/preview`.
// "body has a source, a target and optional `expectedCount`".
// gap: spec does not show this; our choice — the property names `source` and `target` (the source and target
// shapes both may carry `reelCollectionId`, so they cannot be flattened into one object).

/** `{compositeTagIds}` — moved in the given order. */
const MoveSourceIdsSchema = z.strictObject({
  compositeTagIds: z.array(UuidSchema).min(1),
});
/** `{reelCollectionId, fromPosition, toPosition?}` — toPosition defaults to the Reel's last position. */
const MoveSourceRangeSchema = z.strictObject({
  reelCollectionId: UuidSchema,
  fromPosition: PositionSchema,
  toPosition: PositionSchema.optional(),
});
/** `{fromCompositeTagId, toCompositeTagId}` — scan-bounded, either order; both active Labels on the same Reel. */
const MoveSourceScanBoundedSchema = z.strictObject({
  fromCompositeTagId: UuidSchema,
  toCompositeTagId: UuidSchema,
});
const MoveSourceSchema = z.union([MoveSourceIdsSchema, MoveSourceRangeSchema, MoveSourceScanBoundedSchema]);
export type MoveSource = z.infer<typeof MoveSourceSchema>;

export type MoveSourceKind = 'ids' | 'range' | 'scan_bounded';
export function moveSourceKind(source: MoveSource): MoveSourceKind {
  if ('compositeTagIds' in source) return 'ids';
  if ('fromCompositeTagId' in source) return 'scan_bounded';
  return 'range';
}

/** `{reelCollectionId}` — an existing Reel. */
const MoveTargetReelSchema = z.strictObject({ reelCollectionId: UuidSchema });
/** `{newReel: {name, description?, collectionId?, expectedIdentifiers?}}` — inherits the source Reel's
 *  composition when none given; `collectionId` files the new Reel. */
const MoveTargetNewReelSchema = z.strictObject({
  newReel: z.strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    collectionId: UuidSchema.nullable().optional(),
    expectedIdentifiers: ExpectedIdentifiersInputSchema.optional(),
  }),
});
const MoveTargetSchema = z.union([MoveTargetReelSchema, MoveTargetNewReelSchema]);
export type MoveTarget = z.infer<typeof MoveTargetSchema>;

export const MoveBodySchema = z.strictObject({
  source: MoveSourceSchema,
  target: MoveTargetSchema,
  expectedCount: z.number().int().nonnegative().optional(),
});
export type MoveBody = z.infer<typeof MoveBodySchema>;
/** Preview takes the same body and changes nothing. */
export const MovePreviewBodySchema = MoveBodySchema;

// "Positions are kept if all are free on the target, otherwise the whole batch is appended after the
// target's last position in source order."
const MOVE_OUTCOMES = ['kept_positions', 'appended'] as const;
const MoveOutcomeSchema = z.enum(MOVE_OUTCOMES);

// gap: spec does not show this; our choice — one entry per moved Label with where it came from and went.
const MovedLabelSchema = z.object({
  compositeTagId: UuidSchema,
  fromReelCollectionId: UuidSchema,
  fromPosition: PositionSchema,
  toReelCollectionId: UuidSchema,
  toPosition: PositionSchema,
});

// "positions with an archived, shipped or no Label stay as gaps".
// gap: spec does not show this; our choice — a gap is its position plus why it stayed.
const MoveGapReasonSchema = z.enum(['empty', 'archived', 'transferred']);
const MoveGapSchema = z.object({ position: PositionSchema, reason: MoveGapReasonSchema });
export type MoveGap = z.infer<typeof MoveGapSchema>;

// spec: "for range or scan-bounded sources, `cut: {sourceReel, fromPosition, toPosition, count, boundCount,
// boundPositions, gaps[]}`". gap: spec does not show this; our choice — sourceReel is a `{collectionId, name}` ref.
const MoveCutSchema = z.object({
  sourceReel: ReelRefSchema,
  fromPosition: PositionSchema,
  toPosition: PositionSchema,
  count: z.number().int().nonnegative(),
  boundCount: z.number().int().nonnegative(),
  boundPositions: z.array(PositionSchema),
  gaps: z.array(MoveGapSchema),
});
export type MoveCut = z.infer<typeof MoveCutSchema>;

// spec: "Response lists `moved[]` and, for range or scan-bounded sources, `cut`".
// gap: spec does not show this; our choice — also the applied outcome and the target Reel (new or existing).
export const MoveResponseSchema = z.object({
  moved: z.array(MovedLabelSchema),
  cut: MoveCutSchema.optional(),
  outcome: MoveOutcomeSchema.optional(),
  targetReel: ReelSchema.optional(),
});

// spec: "Preview changes nothing and returns `span`, `count`, `boundCount`, first and last Labels,
// `predictedOutcome` (`kept_positions`, `appended` or null), `countMatches`, `suggestedLast` (a suggestion only,
// never applied)".
// gap: spec does not show this; our choice — span `{reelCollectionId, fromPosition, toPosition}` (null for an id
// list spanning several Reels), first/last named `first`/`last`, countMatches null without expectedCount,
// suggestedLast the Label that would make the count match (null when none).
const MoveSpanSchema = z.object({
  reelCollectionId: UuidSchema,
  fromPosition: PositionSchema,
  toPosition: PositionSchema,
});
const MoveSuggestedLastSchema = z.object({ position: PositionSchema, compositeTagId: UuidSchema });
export const MovePreviewResponseSchema = z.object({
  span: MoveSpanSchema.nullable(),
  count: z.number().int().nonnegative(),
  boundCount: z.number().int().nonnegative(),
  first: LabelSchema.nullable(),
  last: LabelSchema.nullable(),
  predictedOutcome: MoveOutcomeSchema.nullable(),
  countMatches: z.boolean().nullable(),
  suggestedLast: MoveSuggestedLastSchema.nullable(),
});
export type MovePreviewResponse = z.infer<typeof MovePreviewResponseSchema>;

// --- Move refusals -------------------------------------------------------------------------------
// spec: "When `expectedCount` is given and the number of active Labels to move differs, the move is refused
// with 400 INVALID_REQUEST, `detail.reason` `count_mismatch` (with expected, actual, fromPosition, toPosition)."
const CountMismatchDetailSchema = z.object({
  reason: z.literal('count_mismatch'),
  expected: z.number().int().nonnegative(),
  actual: z.number().int().nonnegative(),
  fromPosition: PositionSchema.nullable(),
  toPosition: PositionSchema.nullable(),
});
export const MoveCountMismatchErrorSchema = errorEnvelopeFor('INVALID_REQUEST', CountMismatchDetailSchema);

// spec: scan-bounded source — "otherwise `detail.reason` is `endpoints_on_different_reels`, `endpoint_archived`
// or `endpoint_not_on_reel`". gap: spec does not show the code/status; our choice — 400 INVALID_REQUEST, with
// the offending compositeTagId when there is one.
const MOVE_ENDPOINT_REASONS = ['endpoints_on_different_reels', 'endpoint_archived', 'endpoint_not_on_reel'] as const;
const MoveEndpointDetailSchema = z.object({
  reason: z.enum(MOVE_ENDPOINT_REASONS),
  compositeTagId: UuidSchema.optional(),
});
export const MoveEndpointErrorSchema = errorEnvelopeFor('INVALID_REQUEST', MoveEndpointDetailSchema);
