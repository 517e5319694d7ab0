import { z } from 'zod';
import { NextCursorSchema, PaginationQuerySchema, TagTypeSchema, TextBooleanSchema, TextIntSchema, TimestampSchema, UuidSchema } from './common';
import { IdentifierSchema } from './tag';

const FieldTypeSchema = z.string().min(1);

const TextFieldValueSchema = z.object({ text: z.string() });
const NumberFieldValueSchema = z.object({ number: z.number() });
const FieldValueSchema = z.record(z.string(), z.unknown());

function checkKnownValue(entry: { type: string; value: Record<string, unknown> }, ctx: z.RefinementCtx): void {
  const schema = entry.type === 'text' ? TextFieldValueSchema : entry.type === 'number' ? NumberFieldValueSchema : null;
  if (schema && !schema.safeParse(entry.value).success) {
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: entry.type === 'text' ? 'a text field value is {text: string}' : 'a number field value is {number: number}',
    });
  }
}

/** Field entry as sent (create data, data update). Upsert matches by name or by fieldId. */
export const FieldEntryInputSchema = z
  .object({
    fieldId: UuidSchema.optional(),
    name: z.string().min(1).optional(),
    type: FieldTypeSchema,
    value: FieldValueSchema,
  })
  .superRefine((entry, ctx) => {
    if (entry.fieldId === undefined && entry.name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'a field entry needs a name or a fieldId' });
    }
    checkKnownValue(entry, ctx);
  });
export type FieldEntryInput = z.infer<typeof FieldEntryInputSchema>;

/** Field entry as stored and returned. */
const FieldEntrySchema = z.object({
  fieldId: UuidSchema,
  name: z.string(),
  type: FieldTypeSchema,
  value: FieldValueSchema,
  // gap: spec does not show this; our choice — archived fields carry archivedAt when listed.
  archivedAt: TimestampSchema.nullable().optional(),
});
export type FieldEntry = z.infer<typeof FieldEntrySchema>;

// --- Thread --------------------------------------------------------------------------------------
// spec: Resources, Thread. Identifiers in `tags` "each has tagId and tagType" (IdentifierSchema requires
// only those two).

const ThreadLabelsSchema = z.union([z.number(), z.record(z.string(), z.unknown()), z.string(), z.boolean(), z.null()]);

export const ThreadSummarySchema = z.object({
  threadId: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  kind: z.string().nullable(),
  labels: ThreadLabelsSchema,
  // gap: spec does not show the allowed values of lifecycleStatus (States, Gaps); any string.
  lifecycleStatus: z.string(),
  ownerId: UuidSchema,
  createdById: UuidSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  archivedAt: TimestampSchema.nullable(),
  processingLockedAt: TimestampSchema.nullable(),
  processingOperationId: UuidSchema.nullable(),
  templateId: UuidSchema.nullable(),
  thumbnail: z.unknown(),
  thumbnailId: UuidSchema.nullable(),
  transferId: UuidSchema.nullable(),
  transferredAt: TimestampSchema.nullable(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

/** Thread as returned anywhere: data and tags appear on single read. */
const ThreadSchema = ThreadSummarySchema.extend({
  data: z.array(FieldEntrySchema).optional(),
  tags: z.array(IdentifierSchema).optional(),
});

/** Thread on single read: data and tags required. */
const ThreadDetailSchema = ThreadSummarySchema.extend({
  data: z.array(FieldEntrySchema),
  tags: z.array(IdentifierSchema),
});
export type ThreadDetail = z.infer<typeof ThreadDetailSchema>;

// --- Create --------------------------------------------------------------------------------------
// spec: Endpoints, Threads — `POST /api/v1/threads`, body selected by `type`; all accept optional `bundleId`.
const ThreadCreateInputSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
});

const ThreadCreateSingleBodySchema = z.strictObject({
  type: z.literal('single'),
  thread: ThreadCreateInputSchema,
  data: z.array(FieldEntryInputSchema).optional(),
  bundleId: UuidSchema.optional(),
});

const ThreadCreateListItemSchema = z.strictObject({
  thread: ThreadCreateInputSchema,
  data: z.array(FieldEntryInputSchema).optional(),
});

// gap: spec does not show this; our choice — the property holding the normalized objects is `threads`.
const ThreadCreateListBodySchema = z.strictObject({
  type: z.literal('list'),
  threads: z.array(ThreadCreateListItemSchema).min(1),
  bundleId: UuidSchema.optional(),
});

const ThreadCreateRawBodySchema = z.strictObject({
  type: z.literal('raw'),
  /** default `name` */
  nameKey: z.string().min(1).optional(),
  /** default `description` */
  descriptionKey: z.string().min(1).optional(),
  raw: z.array(z.record(z.string(), z.unknown())).min(1),
  bundleId: UuidSchema.optional(),
});

export const ThreadCreateBodySchema = z.discriminatedUnion('type', [ThreadCreateSingleBodySchema, ThreadCreateListBodySchema, ThreadCreateRawBodySchema]);
export type ThreadCreateBody = z.infer<typeof ThreadCreateBodySchema>;

/** 201 `{created: Thread[], uploadResponses: []}` */
export const ThreadCreateResponseSchema = z.object({
  created: z.array(ThreadSchema),
  uploadResponses: z.array(z.unknown()),
});
export type ThreadCreateResponse = z.infer<typeof ThreadCreateResponseSchema>;

// --- List / count --------------------------------------------------------------------------------
// spec: Threads — "Thread list filters" + cursor pagination.
// gap: spec does not show this; our choice — `createdBy` is a user id string, `ownedByTeam` a boolean
// ("only Threads owned by the acting Team").
export const ThreadListQuerySchema = PaginationQuerySchema.extend({
  q: z.string().optional(),
  queryCol: z.string().min(1).optional(),
  bundleId: UuidSchema.optional(),
  templateId: UuidSchema.optional(),
  tagType: TagTypeSchema.optional(),
  hasResources: TextBooleanSchema.optional(),
  includeArchived: TextBooleanSchema.optional(),
  archivedOnly: TextBooleanSchema.optional(),
  createdBy: z.string().min(1).optional(),
  ownedByTeam: TextBooleanSchema.optional(),
  excludeTransferred: TextBooleanSchema.optional(),
  transferredOnly: TextBooleanSchema.optional(),
  withActiveShipment: TextBooleanSchema.optional(),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;
export type ThreadListQueryInput = z.input<typeof ThreadListQuerySchema>;

// gap: spec does not show this (Endpoints, Gaps: "Response envelope of the Thread list"); our choice.
export const ThreadListResponseSchema = z.object({
  threads: z.array(ThreadSchema),
  nextCursor: NextCursorSchema,
  total: z.number().int().nonnegative().optional(),
});

// gap: spec does not show this; our choice.
export const ThreadCountResponseSchema = z.object({ count: z.number().int().nonnegative() });
export type ThreadCountResponse = z.infer<typeof ThreadCountResponseSchema>;

// --- Read ----------------------------------------------------------------------------------------
// spec: Threads + Events 1 — `GET /api/v1/threads/{thread_id}` returns `{thread (with data, tags), events}`.
export const ThreadReadQuerySchema = z.object({ maxEvents: TextIntSchema.optional() });

// gap: spec does not show this (Events 5: "the event shape inside the Thread read: not shown"); our choice —
// every field optional, unknown fields kept.
const ThreadEventSchema = z.looseObject({
  eventId: UuidSchema.optional(),
  action: z.string().optional(),
  occurredAt: TimestampSchema.optional(),
  operationId: UuidSchema.nullable().optional(),
  actorId: z.string().nullable().optional(),
  targets: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type ThreadEvent = z.infer<typeof ThreadEventSchema>;

export const ThreadReadResponseSchema = z.object({
  thread: ThreadDetailSchema,
  events: z.array(ThreadEventSchema),
});
export type ThreadReadResponse = z.infer<typeof ThreadReadResponseSchema>;

// --- Update (metadata + fields) -------------------------------------------------------------------
// spec: Threads — `POST /api/v1/threads/{thread_id}` `{thread, update?, remove?}`.
// gap: spec does not show this; our choice — the editable metadata is name and description.
const ThreadMetadataPatchSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().nullable().optional(),
});
export const ThreadUpdateBodySchema = z.strictObject({
  thread: ThreadMetadataPatchSchema,
  update: z.array(FieldEntryInputSchema).optional(),
  remove: z.array(UuidSchema).optional(),
});
// gap: spec does not show this; our choice.
export const ThreadUpdateResponseSchema = z.object({ thread: ThreadDetailSchema });

// --- Data update / archived / restore --------------------------------------------------------------
// spec: Threads — `POST /api/v1/threads/{thread_id}/data` `{threadId, update, remove?, expectedUpdatedAt?}`;
// stale expectedUpdatedAt gives 409 THREAD_DATA_CONFLICT.
export const ThreadDataUpdateBodySchema = z.strictObject({
  threadId: UuidSchema,
  update: z.array(FieldEntryInputSchema),
  remove: z.array(UuidSchema).optional(),
  expectedUpdatedAt: TimestampSchema.optional(),
});
// gap: spec does not show this; our choice — the updated Thread (its updatedAt feeds the next expectedUpdatedAt).
export const ThreadDataUpdateResponseSchema = z.object({ thread: ThreadDetailSchema });

// spec: Threads — `GET .../data/archived` lists archived fields. gap: spec does not show this; our choice — envelope `{data}`.
export const ThreadArchivedDataResponseSchema = z.object({ data: z.array(FieldEntrySchema) });

// spec: Threads — `POST .../data/restore` `{threadId, restore: field id[]}`.
export const ThreadDataRestoreBodySchema = z.strictObject({
  threadId: UuidSchema,
  restore: z.array(UuidSchema).min(1),
});
// gap: spec does not show this; our choice.
export const ThreadDataRestoreResponseSchema = z.object({ thread: ThreadDetailSchema });

// --- Archive / restore / toggle ------------------------------------------------------------------
// spec: Threads + States — `PATCH /api/v1/threads/archive` `{threadIds, toggle?}`.
export const ThreadArchiveBodySchema = z.strictObject({
  threadIds: z.array(UuidSchema).min(1),
  toggle: z.boolean().optional(),
});

// gap: spec does not show this (Endpoints, Gaps: "Body of Thread restore"); our choice — `{threadIds}`.
export const ThreadRestoreBodySchema = z.strictObject({ threadIds: z.array(UuidSchema).min(1) });

// gap: spec does not show this; our choice — each affected Thread with its new archivedAt.
export const ThreadArchiveResponseSchema = z.object({
  threads: z.array(z.object({ threadId: UuidSchema, archivedAt: TimestampSchema.nullable() })),
});

// --- Permissions ---------------------------------------------------------------------------------
// spec: Threads — `POST /api/v1/threads/permissions` `{threadIds}`; returns the caller's effective
// permissions per Thread in the current Team context.
export const ThreadPermissionsBodySchema = z.strictObject({ threadIds: z.array(UuidSchema).min(1) });

// gap: spec does not show this; our choice — one boolean per action.
const ThreadPermissionEntrySchema = z.object({
  threadId: UuidSchema,
  canRead: z.boolean(),
  canEdit: z.boolean(),
  canArchive: z.boolean(),
  canShare: z.boolean(),
});
export const ThreadPermissionsResponseSchema = z.object({
  permissions: z.array(ThreadPermissionEntrySchema),
});
