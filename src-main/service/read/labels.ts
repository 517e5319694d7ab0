import { z } from 'zod';
import { PositionSchema, TagTypeSchema } from '../../../src-shared/api/common';
import { ExpectedIdentifierSchema } from '../../../src-shared/api/labels';
import { ScanReceiptSchema } from '../../../src-shared/api/scan';
import { deferredListAnswer, listAnswer, orEmpty, orNull } from './fields';

// What the station reads of Labels, Reels and Label Collections (spec: Resources, "Label, Reel, Label
// Collection"; Endpoints, "Labels and Reels"). Each field says where the spec names it, or that it is our
// reading and what the station does without it. The field ledger in ../README.md lists the same.
// These readers are the station's own: the sandbox writes with src-shared/api, so a reading that is wrong on
// both sides can still fail a test through the wire-variance proxy (test/helpers/wire-proxy.ts).

const Id = z.string().min(1);
const Count = z.number().int().nonnegative();

// --- Label -----------------------------------------------------------------------------------------

// A Reel's Labels are read 10,000 at a time (docs/sync.md, "Opening at shop scale"), so the Label is read as one
// plain object (zod compiles its check) and made the station's in one transform: absent reads as null there, as
// `orNull` reads it, rather than in a transform per field (a pipe on every field keeps zod from compiling the object:
// 10,000 Labels took ~100 ms to read so, ~18 ms so).
const ServiceLabelMemberSchema = z.object({
  // spec: Identifier (tag) — tagId, tagType.
  tagId: Id,
  tagType: TagTypeSchema,
  // our reading: the decoded or printed value; absent → the member is matched by tagType only.
  value: z.string().nullish(),
  // spec: Identifier (tag) — archivedAt "timestamp or null"; absent → active.
  archivedAt: z.string().nullish(),
  // our reading (sandbox): an SVC member's fingerprint, what enrolls the same marking again (spec: enrollment,
  // `{tagType: SVC, fingerprintId}`); absent → null, and the marking cannot be enrolled again without its image.
  fingerprintId: z.string().nullish(),
});

export const ServiceLabelSchema = z
  .object({
    // spec: Errors (`detail.compositeTagId`), Bulk-bind rows; the Label's id.
    compositeTagId: Id,
    // spec: Label — "belongs to a Reel at a numeric position".
    position: PositionSchema,
    // our reading: the Label's Reel; absent → the Reel the station asked about (list by reelCollectionId).
    reelCollectionId: Id.nullish(),
    // our reading: the member identifiers ("has member identifiers"); absent → null, and the landing checks find
    // values through POST /resolve instead.
    members: z.array(ServiceLabelMemberSchema).nullish(),
    // spec: Label flags `complete`, archived, bound, transferredAt.
    complete: z.boolean().nullish(),
    bound: z.boolean().nullish(),
    archived: z.boolean().nullish(),
    transferredAt: z.string().nullish(),
    // our reading (sandbox): the bound Thread and archive time; used only as hints when the flags are absent, and
    // the bound Thread only when given (else found through the Thread's identifiers, GET /threads/{id}).
    boundThreadId: Id.nullish(),
    archivedAt: z.string().nullish(),
    // our reading (sandbox): optical markings activated; absent → the Reel's counts.identifiableCount is used.
    identifiable: z.boolean().nullish(),
  })
  .transform((l) => {
    const boundThreadId = l.boundThreadId ?? null;
    return {
      compositeTagId: l.compositeTagId,
      position: l.position,
      reelCollectionId: l.reelCollectionId ?? null,
      members: l.members
        ? l.members.map((m) => ({
            tagId: m.tagId,
            tagType: m.tagType,
            value: m.value ?? null,
            archivedAt: m.archivedAt ?? null,
            fingerprintId: m.fingerprintId ?? null,
          }))
        : null,
      complete: l.complete ?? null,
      bound: l.bound ?? boundThreadId !== null,
      archived: l.archived ?? (l.archivedAt ?? null) !== null,
      transferredAt: l.transferredAt ?? null,
      boundThreadId,
      identifiable: l.identifiable ?? null,
    };
  });
export type ServiceLabel = z.output<typeof ServiceLabelSchema>;

/**
 * A single-resource answer: the object under `key` (our reading), or the answer itself when it is that resource,
 * or null when the answer carries none (an empty body, `{}`): the caller then reads the resource.
 */
function singleAnswer<T extends z.ZodType>(key: string, schema: T, isResource: (raw: Record<string, unknown>) => boolean) {
  return z.unknown().transform((raw, ctx): z.output<T> | null => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const record = raw as Record<string, unknown>;
    const [value, path] =
      key in record && record[key] !== null && record[key] !== undefined ? [record[key], [key]] : isResource(record) ? [record, []] : [null, []];
    if (value === null) return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as z.output<T>;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: [...path, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message });
    return z.NEVER;
  });
}

/** `{label}` answers (read, archive, unarchive, bind, unbind, member add/remove). Not shown; null → read it. */
export const LabelAnswerSchema = singleAnswer('label', ServiceLabelSchema, (r) => 'compositeTagId' in r && 'position' in r);
// our reading: `{labels, nextCursor}`; any envelope with one array member, any cursor field (fields.ts).
export const LabelListAnswerSchema = listAnswer('labels', ServiceLabelSchema);
/** The same, its Labels read after the next page is asked (listPages). */
export const LabelListPageSchema = deferredListAnswer('labels', ServiceLabelSchema);

// --- Reel ------------------------------------------------------------------------------------------

// spec: Reel — "counts including `identifiableCount`"; the other counts are our reading, absent → not shown.
const countOrAbsent = Count.nullish().transform((v) => v ?? undefined);
const ServiceReelCountsSchema = z.object({
  identifiableCount: countOrAbsent,
  labelCount: countOrAbsent,
  activeCount: countOrAbsent,
  boundCount: countOrAbsent,
  archivedCount: countOrAbsent,
});

// our reading: the shape of one Reel warning (spec: "reported in the Reel's `warnings`"); unknown kinds kept.
const ServiceReelWarningSchema = z.object({
  kind: z.string().min(1),
  tagType: orNull(TagTypeSchema.catch('TEXT')),
  value: orNull(z.string()),
  positions: orNull(z.array(PositionSchema)),
  compositeTagIds: orNull(z.array(Id)),
});

export const ServiceReelSchema = z.object({
  // spec: Reel — "identified by its UUID (returned as collectionId)".
  collectionId: Id,
  // spec: Reel — name, description.
  name: z.string(),
  description: orNull(z.string()),
  // spec: Reel — expectedIdentifiers; absent → not compared (the createReel landing check uses name and description).
  expectedIdentifiers: orNull(z.array(ExpectedIdentifierSchema)),
  // spec: Reel — counts; absent → no service counts shown.
  counts: orNull(ServiceReelCountsSchema),
  // spec: Create Label rules — the Reel's warnings; absent → none.
  warnings: orEmpty(ServiceReelWarningSchema),
  // spec: Reel — "transferredAt when shipped"; absent → not shipped.
  transferredAt: orNull(z.string()),
  // our reading: the filing collection; absent → unknown (the station keeps its own filing).
  filedInCollectionId: orNull(Id),
  // our reading: creation time; absent → the createReel landing check does not use it.
  createdAt: orNull(z.string()),
});
export type ServiceReel = z.output<typeof ServiceReelSchema>;

/** `{reel}` answers (create, read, update). Not shown beyond "returns `{reel}`" for create; null → read it. */
export const ReelAnswerSchema = singleAnswer('reel', ServiceReelSchema, (r) => 'collectionId' in r && 'name' in r);
// our reading: `{reels, nextCursor}`; discovery as for Labels.
export const ReelListAnswerSchema = listAnswer('reels', ServiceReelSchema);

/** A Reel summary inside another answer (bulk-bind, enrollment, move): read when it parses, else left out. */
export const ReelSummarySchema = ServiceReelSchema.nullish()
  .catch(null)
  .transform((r) => r ?? null);

// spec: Labels and Reels — `POST /reels/{id}/activate` "runs in background". our reading: `activation` word.
export const ReelActivateAnswerSchema = z
  .object({ activation: orNull(z.string()), reel: ReelSummarySchema })
  .nullish()
  .transform((a) => a ?? { activation: null, reel: null });

// --- Label Collection ------------------------------------------------------------------------------

const ServiceCollectionSchema = z.object({
  // spec: Label Collection — kind `reel_collection`; id field our reading (as Reels: collectionId).
  collectionId: Id,
  name: z.string(),
  description: orNull(z.string()),
  // our reading: creation time; absent → the createCollection landing check does not use it.
  createdAt: orNull(z.string()),
});
export type ServiceCollection = z.output<typeof ServiceCollectionSchema>;
export const CollectionAnswerSchema = singleAnswer('collection', ServiceCollectionSchema, (r) => 'collectionId' in r && 'name' in r);
export const CollectionListAnswerSchema = listAnswer('collections', ServiceCollectionSchema);

// --- Enrollment --------------------------------------------------------------------------------------

export const EnrollAnswerSchema = z.object({
  // spec: Create Label rules — `outcome: created` / `already_enrolled`.
  outcome: z.enum(['created', 'already_enrolled']),
  // our reading: the Label; absent → the station lists the Reel's Labels at the position it sent.
  label: orNull(ServiceLabelSchema),
  reel: ReelSummarySchema,
  // spec: Scan receipts — top-level `scan` on success.
  scan: ScanReceiptSchema.nullish()
    .catch(null)
    .transform((s) => s ?? null),
});
export type EnrollAnswer = z.output<typeof EnrollAnswerSchema>;

// spec: Labels and Reels — `POST /{id}/activate`. our reading: `activation` word and the Label.
export const LabelActivateAnswerSchema = z
  .object({ activation: orNull(z.string()), label: orNull(ServiceLabelSchema) })
  .nullish()
  .transform((a) => a ?? { activation: null, label: null });

// --- Resolve -----------------------------------------------------------------------------------------

// spec: `POST /resolve` returns `detail` (first match) and `candidates[]` (all matches; by position when Reel given).
export const ResolveAnswerSchema = z.object({ detail: orNull(ServiceLabelSchema), candidates: orEmpty(ServiceLabelSchema) });
export type ResolveAnswer = z.output<typeof ResolveAnswerSchema>;

// --- Move ----------------------------------------------------------------------------------------

// spec: Move — "Response lists `moved[]` and ... `cut`". our reading: each moved entry's target Reel and position;
// absent → the station reads each moved Label.
const MovedEntrySchema = z.object({ compositeTagId: Id, toReelCollectionId: orNull(Id), toPosition: orNull(PositionSchema) });
export const MoveAnswerSchema = z.object({
  moved: orEmpty(MovedEntrySchema),
  // spec-named; kept as the service sent it (shown on the Queue screen).
  cut: orNull(z.record(z.string(), z.unknown())),
  // our reading: the applied outcome and the target Reel; absent → not shown / discovered from the moved Labels.
  outcome: orNull(z.string()),
  targetReel: ReelSummarySchema,
});
export type MoveAnswer = z.output<typeof MoveAnswerSchema>;

// spec: Move preview — `span`, `count`, `boundCount`, first and last Labels, `predictedOutcome`, `countMatches`,
// `suggestedLast`. Shapes beyond the names are not shown: passed through to the screen as the service sent them.
export const MovePreviewAnswerSchema = z.record(z.string(), z.unknown());
