import { z } from 'zod';
import { TAG_TYPES } from './tag-types';

// Shared wire primitives for the provenance service contract.
// spec: the service spec ("Resources and their fields", "Endpoints", "Versioning")

// spec: Versioning
export const API_DESCRIPTION_VERSION = '2026.8.0';
export const API_PREFIX = '/api/v1';

// spec: Resources and their fields, Conventions — "ids are UUID strings".
// We accept any 8-4-4-4-12 hex string (z.guid) rather than only RFC 9562 version/variant
// UUIDs (z.uuid), so responses and fixtures with non-v4 ids still parse.
export const UuidSchema = z.guid();

// spec: Conventions — "timestamps are ISO 8601 strings". Offsets and offset-less values both accepted.
export const TimestampSchema = z.iso.datetime({ offset: true, local: true });

// spec: Resources, Identifier (tag) — tagType enum (TAG_TYPES in tag-types.ts, zod-free for the renderer).
export { TAG_TYPES };
export const TagTypeSchema = z.enum(TAG_TYPES);
export type TagType = z.infer<typeof TagTypeSchema>;

// spec: Reel — "`expectedIdentifiers` = array of `{tagType, count}` (default: one `TEXT`, one `SVC`, one `QR`;
// count 0 on input means the type is not expected)". A hint only.
export const ExpectedIdentifierSchema = z.object({
  tagType: TagTypeSchema,
  count: z.number().int().nonnegative(),
});
export type ExpectedIdentifier = z.infer<typeof ExpectedIdentifierSchema>;

// spec: Scanning and identifiers — `QR`, `BAR_CODE`, `DATA_MATRIX`, `NFC` = decoded string, `TEXT` = printed code.
export const STRING_TAG_TYPES = ['QR', 'BAR_CODE', 'DATA_MATRIX', 'NFC', 'TEXT'] as const;
export const StringTagTypeSchema = z.enum(STRING_TAG_TYPES);
export type StringTagType = z.infer<typeof StringTagTypeSchema>;

// spec: Identifier (tag) — "`ANY` only as an identify input with tagId".
export const IdentifyTagTypeSchema = z.enum([...TAG_TYPES, 'ANY']);
export type IdentifyTagType = z.infer<typeof IdentifyTagTypeSchema>;

// spec: Identifier (tag) — matching of values per tagType: src-shared/domain/identifier-values.ts.

// spec: Labels and Reels — numeric positions on a Reel.
// gap: spec does not show this; our choice — positions are non-negative integers (the sandbox numbers from 1).
export const PositionSchema = z.number().int().nonnegative();

// --- Values that arrive as text (query strings, multipart parts) ---------------------------------

/** Boolean in a query string or multipart part: accepts a real boolean or "true"/"false"/"1"/"0"/... */
export const TextBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/** Non-negative integer that may arrive as a decimal string (query/multipart). Empty string is rejected. */
export const TextIntSchema = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d+$/, 'expected a non-negative integer')
    .transform((s) => Number(s)),
]);

/** Positive integer that may arrive as a decimal string. */
export const TextPositiveIntSchema = TextIntSchema.pipe(z.number().int().positive());

/**
 * A JSON-encoded text part (multipart `options`, `tags`, `searchTeamIds`, `identifiers`) decoded and
 * validated against `schema`.
 * spec: Scanning and identifiers — "structured parts (`options`, `tags`, `searchTeamIds`) are JSON strings".
 */
function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((s, ctx): unknown => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected a JSON-encoded string' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Either the already-decoded value or its JSON-encoded text form. */
export function jsonPart<T extends z.ZodType>(schema: T) {
  return z.union([schema, jsonText(schema)]);
}

// --- Pagination ------------------------------------------------------------------------------------

// spec: Endpoints, Context headers — "Pagination is by cursor (`cursor`, `pageSize`, `order`, `orderCol`)".
// gap: spec does not show this; our choice — order values `asc`/`desc`; no maximum pageSize
// (spec Limits: "the largest allowed pageSize: not shown").
const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

export const PaginationQuerySchema = z.object({
  cursor: z.string().min(1).optional(),
  pageSize: TextPositiveIntSchema.optional(),
  order: SortOrderSchema.optional(),
  orderCol: z.string().min(1).optional(),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

// gap: spec does not show this; our choice — list envelopes carry `nextCursor` (null on the last page).
export const NextCursorSchema = z.string().min(1).nullable();

// --- Headers ---------------------------------------------------------------------------------------

// spec: Endpoints, Context headers
export const CONTEXT_HEADERS = {
  orgId: 'Svc-Ctx-Org-Id',
  teamId: 'Svc-Ctx-Team-Id',
  locale: 'Svc-Ctx-Locale',
  declaredActor: 'Svc-Ctx-Declared-Actor',
} as const;

// spec: Authentication (x-api-key), Endpoints (Authorization: Bearer), Errors (x-request-id)
export const API_KEY_HEADER = 'x-api-key';
export const AUTHORIZATION_HEADER = 'Authorization';
export const REQUEST_ID_HEADER = 'x-request-id';
export const BEARER_PREFIX = 'Bearer ';

/**
 * Context headers as a server sees them (lower-cased names, as Node/HTTP frameworks deliver them).
 * spec: Context headers — Team id "absent or empty means the organization root Team".
 */
export const ContextHeadersSchema = z.object({
  'svc-ctx-org-id': UuidSchema.optional(),
  'svc-ctx-team-id': z.union([UuidSchema, z.literal('')]).optional(),
  'svc-ctx-locale': z.string().min(1).optional(),
  'svc-ctx-declared-actor': z.string().min(1).optional(),
});
