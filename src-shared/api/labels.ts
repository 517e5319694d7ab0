import { z } from 'zod';
import {
  ExpectedIdentifierSchema,
  type ExpectedIdentifier,
  NextCursorSchema,
  PaginationQuerySchema,
  PositionSchema,
  StringTagTypeSchema,
  TagTypeSchema,
  TextBooleanSchema,
  TextIntSchema,
  TimestampSchema,
  UuidSchema,
  jsonPart,
} from './common';
import { IndexingModeSchema, ScanOptionsSchema, ScanReceiptSchema } from './scan';

// spec: Resources, "Label, Reel, Label Collection"; Endpoints, "Labels and Reels (`/api/v1/composite-tags`)".
// Wire name of a Label is "composite tag"; ids are `compositeTagId`. Reels and Label Collections are both
// "collections" on the wire (kind `reel` / `reel_collection`).

// ExpectedIdentifierSchema (spec: Reel, `expectedIdentifiers`) lives in common.ts: the outbox's payloads use it
// without loading this module's schemas at start-up (docs/architecture.md, "Start-up").
export { ExpectedIdentifierSchema, type ExpectedIdentifier };
export const ExpectedIdentifiersInputSchema = z.array(z.strictObject(ExpectedIdentifierSchema.shape));

export { DEFAULT_EXPECTED_IDENTIFIERS } from './tag-types';

// --- Label Collections ---------------------------------------------------------------------------
// spec: Label Collection — "kind `reel_collection`; a folder for Reels; never shipped".
// gap: spec does not show this; our choice — fields beyond kind.
const LabelCollectionSchema = z.object({
  collectionId: UuidSchema,
  kind: z.literal('reel_collection'),
  name: z.string(),
  description: z.string().nullable(),
  ownerTeamId: UuidSchema,
  reelCount: z.number().int().nonnegative().optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type LabelCollection = z.infer<typeof LabelCollectionSchema>;

// spec: Labels and Reels — GET, POST `/collections`; PATCH `/collections/{collection_id}`.
// gap: spec does not show this (Endpoints, Gaps: "Bodies of Label Collection create and update"); our choice.
export const LabelCollectionCreateBodySchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
});
export type LabelCollectionCreateBody = z.infer<typeof LabelCollectionCreateBodySchema>;
export const LabelCollectionUpdateBodySchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().nullable().optional(),
});
export type LabelCollectionUpdateBody = z.infer<typeof LabelCollectionUpdateBodySchema>;
// gap: spec does not show this; our choice.
export const LabelCollectionListResponseSchema = z.object({ collections: z.array(LabelCollectionSchema) });
// gap: spec does not show this; our choice.
export const LabelCollectionResponseSchema = z.object({ collection: LabelCollectionSchema });

// --- Reel ----------------------------------------------------------------------------------------
// spec: Reel — "counts including `identifiableCount`"; spec: Bulk-bind — "activation progress is read from
// the Reel's `counts.identifiableCount`".
// gap: spec does not show this; our choice — the counts other than identifiableCount.
const ReelCountsSchema = z.object({
  /** Labels on the Reel (any state). */
  labelCount: z.number().int().nonnegative(),
  /** Labels not archived. */
  activeCount: z.number().int().nonnegative(),
  /** Labels bound to a Thread. */
  boundCount: z.number().int().nonnegative(),
  archivedCount: z.number().int().nonnegative(),
  /** Labels whose optical markings are identifiable (activated). */
  identifiableCount: z.number().int().nonnegative(),
  completeCount: z.number().int().nonnegative().optional(),
  transferredCount: z.number().int().nonnegative().optional(),
});
export type ReelCounts = z.infer<typeof ReelCountsSchema>;

const ReelWarningSchema = z.object({
  kind: z.string().min(1),
  tagType: TagTypeSchema.optional(),
  value: z.string().optional(),
  positions: z.array(PositionSchema).optional(),
  compositeTagIds: z.array(UuidSchema).optional(),
});
export type ReelWarning = z.infer<typeof ReelWarningSchema>;

/**
 * A Reel.
 * Naming: spec (Resources, Reel) says a Reel is "identified by its UUID (returned as collectionId)" and has an
 * "optional filing collectionId (null unfiles)". On the wire the request bodies (`POST /reels`,
 * `PATCH /reels/{id}`, move `newReel`) and the list query use `collectionId` for the *filing* Label Collection
 * (the Reel's own id is in the path). In responses `collectionId` is the Reel's *own* id, so the filing
 * collection is returned as `filedInCollectionId`.
 * gap: spec does not show this; our choice — the name `filedInCollectionId` and fields beyond those the spec names.
 */
export const ReelSchema = z.object({
  collectionId: UuidSchema,
  kind: z.literal('reel'),
  name: z.string(),
  description: z.string().nullable(),
  filedInCollectionId: UuidSchema.nullable(),
  ownerTeamId: UuidSchema,
  expectedIdentifiers: z.array(ExpectedIdentifierSchema),
  counts: ReelCountsSchema,
  warnings: z.array(ReelWarningSchema),
  /** Set when shipped; the sender keeps read access. */
  transferredAt: TimestampSchema.nullable(),
  /** Highest occupied position, null when empty. */
  lastPosition: PositionSchema.nullable().optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Reel = z.infer<typeof ReelSchema>;

/** Minimal Reel reference (move cut, summaries). gap: spec does not show this; our choice. */
export const ReelRefSchema = z.object({ collectionId: UuidSchema, name: z.string() });

// spec: Labels and Reels — `POST /reels` `{name, description?, collectionId?, expectedIdentifiers?}`; returns
// `{reel}` with zero counts; always creates a new Reel.
export const ReelCreateBodySchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  /** filing Label Collection */
  collectionId: UuidSchema.nullable().optional(),
  expectedIdentifiers: ExpectedIdentifiersInputSchema.optional(),
});
export type ReelCreateBody = z.infer<typeof ReelCreateBodySchema>;
const ReelResponseSchema = z.object({ reel: ReelSchema });
export const ReelCreateResponseSchema = ReelResponseSchema;
// gap: spec does not show this; our choice — read and update also answer `{reel}`.
export const ReelReadResponseSchema = ReelResponseSchema;
export const ReelUpdateResponseSchema = ReelResponseSchema;

// spec: Labels and Reels — `PATCH /reels/{reel_collection_id}`: rename, expected composition, move via
// `collectionId` (null unfiles).
export const ReelUpdateBodySchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().nullable().optional(),
  collectionId: UuidSchema.nullable().optional(),
  expectedIdentifiers: ExpectedIdentifiersInputSchema.optional(),
});
export type ReelUpdateBody = z.infer<typeof ReelUpdateBodySchema>;

// spec: Labels and Reels — `GET /reels` query `collectionId`, `unfiled`, `transferred` (`any`,`only`,`hide`), `q`.
export const TransferredFilterSchema = z.enum(['any', 'only', 'hide']);
export type TransferredFilter = z.infer<typeof TransferredFilterSchema>;
// gap: spec does not show this; our choice — the general cursor pagination applies to this list too.
export const ReelListQuerySchema = PaginationQuerySchema.extend({
  collectionId: UuidSchema.optional(),
  unfiled: TextBooleanSchema.optional(),
  transferred: TransferredFilterSchema.optional(),
  q: z.string().optional(),
});
export type ReelListQuery = z.infer<typeof ReelListQuerySchema>;
// gap: spec does not show this; our choice.
export const ReelListResponseSchema = z.object({
  reels: z.array(ReelSchema),
  nextCursor: NextCursorSchema.optional(),
});

// --- Label ---------------------------------------------------------------------------------------
// spec: Label — "belongs to a Reel at a numeric position; has member identifiers; flags `complete` (at least
// the expected count of active identifiers per expected type), archived, bound, transferredAt. A Label is
// owned by a Team." spec: States — "Label DUST-type markings verify-only or identifiable (activated)".
// gap: spec does not show this (Gaps in resources: "Full field lists of Label and Reel summaries"); our choice.
const LabelMemberSchema = z.object({
  tagId: UuidSchema,
  tagType: TagTypeSchema,
  /** string types: the decoded / printed value */
  value: z.string().nullable().optional(),
  /** SVC: the fingerprint the marking was enrolled with */
  fingerprintId: z.string().nullable().optional(),
  archivedAt: TimestampSchema.nullable(),
  /** SVC: whether this marking is identifiable (indexed) or verify-only */
  identifiable: z.boolean().optional(),
});
export type LabelMember = z.infer<typeof LabelMemberSchema>;

export const LabelSchema = z.object({
  compositeTagId: UuidSchema,
  reelCollectionId: UuidSchema,
  position: PositionSchema,
  /** The enrollment's `humanReadable` text, if any. */
  name: z.string().nullable(),
  ownerTeamId: UuidSchema,
  members: z.array(LabelMemberSchema),
  /** spec: Label flags — `complete`, archived, bound. */
  complete: z.boolean(),
  bound: z.boolean(),
  archived: z.boolean(),
  /** Extras of the sandbox (the station never needs them; see src-main/service/README.md). */
  archivedAt: TimestampSchema.nullable(),
  boundThreadId: UuidSchema.nullable(),
  transferredAt: TimestampSchema.nullable(),
  /** Optical (SVC/"DUST") markings activated: identifiable rather than verify-only. */
  identifiable: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema.optional(),
});
export type Label = z.infer<typeof LabelSchema>;

/** Whether a Label's active members meet the Reel's expected composition. spec: Label, `complete`. */
export function isLabelComplete(members: readonly Pick<LabelMember, 'tagType' | 'archivedAt'>[], expected: readonly ExpectedIdentifier[]): boolean {
  return expected.every(({ tagType, count }) => {
    const active = members.filter((m) => m.tagType === tagType && m.archivedAt === null).length;
    return active >= count;
  });
}

// --- Enrollment (create Label) -----------------------------------------------------------------------
// spec: Labels and Reels — `POST /reels/{reel_collection_id}/labels`, multipart: `position?` (default next
// free), at most one `data` image, `identifiers` (JSON array of `{tagType, value}` or `{tagType: SVC,
// fingerprintId}`), `humanReadable`, `qrValue` (shorthand for a TEXT and a QR member), `options` `{indexing}`.
const StringIdentifierInputSchema = z.strictObject({
  tagType: StringTagTypeSchema,
  value: z.string().min(1),
});
const SvcFingerprintIdentifierInputSchema = z.strictObject({
  tagType: z.literal('SVC'),
  fingerprintId: z.string().min(1),
});
const LabelEnrollmentIdentifierSchema = z.union([StringIdentifierInputSchema, SvcFingerprintIdentifierInputSchema]);
export type LabelEnrollmentIdentifier = z.infer<typeof LabelEnrollmentIdentifierSchema>;

const LabelEnrollmentOptionsSchema = z.strictObject({ indexing: IndexingModeSchema.optional() });
export type LabelEnrollmentOptions = z.infer<typeof LabelEnrollmentOptionsSchema>;

/**
 * The text parts of the enrollment multipart (the optional `data` image is a file part, handled by the
 * transport). JSON parts may be given decoded or as JSON strings.
 */
export const LabelEnrollmentFieldsSchema = z.strictObject({
  position: TextIntSchema.pipe(PositionSchema).optional(),
  identifiers: jsonPart(z.array(LabelEnrollmentIdentifierSchema)).optional(),
  humanReadable: z.string().optional(),
  qrValue: z.string().min(1).optional(),
  options: jsonPart(LabelEnrollmentOptionsSchema).optional(),
});
export type LabelEnrollmentFields = z.infer<typeof LabelEnrollmentFieldsSchema>;

/** The identifiers an enrollment's text parts yield: `identifiers` plus `qrValue` expanded to TEXT + QR. */
export function expandEnrollmentIdentifiers(fields: Pick<LabelEnrollmentFields, 'identifiers' | 'qrValue'>): LabelEnrollmentIdentifier[] {
  const out: LabelEnrollmentIdentifier[] = [...(fields.identifiers ?? [])];
  if (fields.qrValue !== undefined) {
    out.push({ tagType: 'TEXT', value: fields.qrValue }, { tagType: 'QR', value: fields.qrValue });
  }
  return out;
}

// spec: Create Label rules — "success returns `outcome: created`; a retry with the same optical marking at the
// same position returns `outcome: already_enrolled`".
const EnrollmentOutcomeSchema = z.enum(['created', 'already_enrolled']);
// gap: spec does not show this; our choice — the Label, its Reel (counts, warnings) and the scan receipt when an
// image was sent.
export const LabelEnrollmentResponseSchema = z.object({
  outcome: EnrollmentOutcomeSchema,
  label: LabelSchema,
  reel: ReelSchema.optional(),
  scan: ScanReceiptSchema.optional(),
});

// --- Members -------------------------------------------------------------------------------------
// spec: Labels and Reels — `POST /{composite_tag_id}/identifiers` multipart, adds a member;
// `DELETE /{composite_tag_id}/identifiers/{tag_id}` removes one (removing the last → 409 COMPOSITE_TAG_CONFLICT).
// gap: spec does not show this; our choice — the text parts: `tagType` plus `value` (string types) or
// `fingerprintId` (SVC; alternatively a `data` image file part), `options`.
export const LabelMemberAddFieldsSchema = z
  .strictObject({
    tagType: TagTypeSchema,
    value: z.string().min(1).optional(),
    fingerprintId: z.string().min(1).optional(),
    options: jsonPart(ScanOptionsSchema).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.tagType !== 'SVC' && f.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `a ${f.tagType} member needs a value` });
    }
    if (f.tagType !== 'SVC' && f.fingerprintId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['fingerprintId'], message: 'fingerprintId is only for SVC members' });
    }
  });
// gap: spec does not show this; our choice.
const LabelResponseSchema = z.object({ label: LabelSchema });
export const LabelMemberAddResponseSchema = LabelResponseSchema.extend({ scan: ScanReceiptSchema.optional() });
export const LabelMemberRemoveResponseSchema = LabelResponseSchema;

// --- List / read ---------------------------------------------------------------------------------
// spec: Labels and Reels — GET collection root: query `reelCollectionId`, `bound` (`any`,`only`,`unbound`),
// `transferred`, `q`; GET `/{composite_tag_id}`.
const BoundFilterSchema = z.enum(['any', 'only', 'unbound']);
export type BoundFilter = z.infer<typeof BoundFilterSchema>;
export const LabelListQuerySchema = PaginationQuerySchema.extend({
  reelCollectionId: UuidSchema.optional(),
  bound: BoundFilterSchema.optional(),
  transferred: TransferredFilterSchema.optional(),
  q: z.string().optional(),
});
export type LabelListQuery = z.infer<typeof LabelListQuerySchema>;
// gap: spec does not show this; our choice.
export const LabelListResponseSchema = z.object({
  labels: z.array(LabelSchema),
  nextCursor: NextCursorSchema.optional(),
});
export const LabelReadResponseSchema = LabelResponseSchema;

// --- Resolve -------------------------------------------------------------------------------------
// spec: Labels and Reels — `POST /resolve` `{tagType, value, reelCollectionId?}`; returns `detail` (first match)
// and `candidates[]` (all matches; by position when Reel given).
export const LabelResolveBodySchema = z.strictObject({
  tagType: TagTypeSchema,
  value: z.string().min(1),
  reelCollectionId: UuidSchema.optional(),
});
export type LabelResolveBody = z.infer<typeof LabelResolveBodySchema>;
// gap: spec does not show this; our choice — no match is 200 with `detail: null` and no candidates.
export const LabelResolveResponseSchema = z.object({
  detail: LabelSchema.nullable(),
  candidates: z.array(LabelSchema),
});

// --- Bind / unbind -------------------------------------------------------------------------------
// spec: Labels and Reels — `POST /{composite_tag_id}/bind` `{threadId, options?: {indexing: default}}`;
// `POST /{composite_tag_id}/unbind`.
export const LabelBindBodySchema = z.strictObject({
  threadId: UuidSchema,
  options: z.strictObject({ indexing: z.literal('default').optional() }).optional(),
});
export type LabelBindBody = z.infer<typeof LabelBindBodySchema>;
// gap: spec does not show this; our choice — the Label (boundThreadId set) and the bind operation id shared by
// the per-member bind events (spec: Events 2).
export const LabelBindResponseSchema = LabelResponseSchema.extend({ operationId: UuidSchema.optional() });
export const LabelUnbindResponseSchema = LabelResponseSchema;

// --- Archive / unarchive / activate ----------------------------------------------------------------
// spec: Labels and Reels — `POST /{composite_tag_id}/archive`, `/unarchive`, `/activate`; States table.
export const LabelArchiveResponseSchema = LabelResponseSchema;
export const LabelUnarchiveResponseSchema = LabelResponseSchema;

// spec: States — "a Label whose marking duplicates an indexed one is reported and skipped; a Label whose
// activation fails stays bound and verify-only".
// gap: spec does not show this; our choice — outcome names.
export const LABEL_ACTIVATION_OUTCOMES = ['activated', 'already_active', 'duplicate', 'no_dust', 'failed'] as const;
const LabelActivationOutcomeSchema = z.enum(LABEL_ACTIVATION_OUTCOMES);
export const LabelActivateResponseSchema = LabelResponseSchema.extend({ activation: LabelActivationOutcomeSchema });

// spec: Labels and Reels — `POST /reels/{reel_collection_id}/activate` "runs in background"; progress in
// `counts.identifiableCount`.
// gap: spec does not show this; our choice — 202 with the same activation words as bulk-bind.
export const ReelActivateResponseSchema = z.object({
  activation: z.enum(['queued', 'already_active', 'no_dust']),
  reel: ReelSchema,
});
