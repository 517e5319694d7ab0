import { z } from 'zod';
import { IdentifyTagTypeSchema, TagTypeSchema, TextBooleanSchema, TimestampSchema, UuidSchema, jsonPart } from './common';
import { QUALITY_REJECT_CODES, parseErrorEnvelope, type ErrorEnvelope } from './errors';
import { LabelSchema } from './labels';
import { TAG_ACTIVATE_MAX_IDS } from './limits';
import { ScanOptionsSchema, ScanReceiptSchema, findScanReceipt, type ScanReceipt } from './scan';
import { IdentifierSchema, type Identifier } from './tag';
import { ThreadSummarySchema } from './threads';

// spec: Endpoints, "Scanning and identifiers" (`/api/v1/tags`).
// Scan endpoints take multipart/form-data; the schemas here describe the *text* parts (an image `data` part is a
// file handled by the transport). Structured parts (`options`, `tags`, `searchTeamIds`) may be given decoded or
// as JSON strings. `data` as text: SVC = base64 image data URL; QR/BAR_CODE/DATA_MATRIX/NFC = decoded string
// (NFC hex id); TEXT = printed code as typed.

const ScanDataTextSchema = z.string().min(1);
const ScanOptionsPartSchema = jsonPart(ScanOptionsSchema);

function requireTextDataForStringTypes(f: { tagType: string; data?: string | undefined }, ctx: z.RefinementCtx): void {
  if (f.tagType !== 'SVC' && f.tagType !== 'ANY' && f.data === undefined) {
    ctx.addIssue({ code: 'custom', path: ['data'], message: `tagType ${f.tagType} needs the decoded value in data` });
  }
}

// --- Extract -------------------------------------------------------------------------------------
// spec: `POST /api/v1/tags/extract` — `data`, optional `options`; returns `{id (fingerprint id), qualityScore,
// annotatedImage?, forensics?, scan?}`; binds nothing.
export const ExtractFieldsSchema = z.strictObject({
  data: ScanDataTextSchema.optional(),
  options: ScanOptionsPartSchema.optional(),
});
export const ExtractResponseSchema = z.object({
  id: z.string().min(1),
  qualityScore: z.number(),
  // gap: spec does not show this; our choice — annotatedImage is a base64 data URL string.
  annotatedImage: z.string().optional(),
  forensics: z.unknown().optional(),
  scan: ScanReceiptSchema.optional(),
});
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;

// --- Bind ----------------------------------------------------------------------------------------
// spec: `POST /api/v1/tags/bind` — `threadId`, `tagType`, `tagDescription?`, `data`, `options?`,
// `activateLabel?`; returns `{tag, scan?}`, plus `label` and `boundTags` when the identifier is in a Label.
export const BindFieldsSchema = z
  .strictObject({
    threadId: UuidSchema,
    tagType: TagTypeSchema,
    tagDescription: z.string().optional(),
    data: ScanDataTextSchema.optional(),
    options: ScanOptionsPartSchema.optional(),
    activateLabel: TextBooleanSchema.optional(),
  })
  .superRefine(requireTextDataForStringTypes);

export const BindResponseSchema = z.object({
  tag: IdentifierSchema,
  scan: ScanReceiptSchema.optional(),
  label: LabelSchema.optional(),
  boundTags: z.array(IdentifierSchema).optional(),
});
export type BindResponse = z.infer<typeof BindResponseSchema>;

// --- Identify ------------------------------------------------------------------------------------
// spec: `POST /api/v1/tags/identify` — `tagType`, `data` or (`tagType` `ANY` with `tagId`), `searchTeamIds?`
// (JSON array of Team UUIDs), `options?`.
export const IdentifyFieldsSchema = z
  .strictObject({
    tagType: IdentifyTagTypeSchema,
    data: ScanDataTextSchema.optional(),
    tagId: UuidSchema.optional(),
    searchTeamIds: jsonPart(z.array(UuidSchema)).optional(),
    options: ScanOptionsPartSchema.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.tagType === 'ANY' && f.tagId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tagId'], message: 'tagType ANY needs tagId' });
    }
    if (f.tagType !== 'ANY' && f.tagId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['tagType'], message: 'identify by tagId uses tagType ANY' });
    }
    requireTextDataForStringTypes(f, ctx);
  });

// spec: Errors, Identify outcomes (eight) — the three 200 bodies.
const IdentifiedSchema = z.looseObject({
  tag: IdentifierSchema,
  thread: ThreadSummarySchema,
});
const IdentifyIdentifiedResponseSchema = z.object({
  type: z.literal('identified'),
  identified: IdentifiedSchema,
  /** scan.svcId is the resolved identifier */
  scan: ScanReceiptSchema.optional(),
});
type IdentifyIdentifiedResponse = z.infer<typeof IdentifyIdentifiedResponseSchema>;

// gap: spec does not show this; our choice — a candidate is the identifier, its Thread and its own svcId.
const IdentifyCandidateSchema = z.object({
  tag: IdentifierSchema,
  thread: ThreadSummarySchema,
  svcId: z.string().nullable(),
});
const IdentifyMatchesResponseSchema = z.object({
  type: z.literal('matches'),
  matches: z.array(IdentifyCandidateSchema),
  /** scan.svcId is null here; each candidate has its own */
  scan: ScanReceiptSchema.optional(),
});
type IdentifyMatchesResponse = z.infer<typeof IdentifyMatchesResponseSchema>;

const IdentifyLabelResponseSchema = z.object({
  type: z.literal('label'),
  label: z.object({ label: LabelSchema, tags: z.array(IdentifierSchema) }),
  scan: ScanReceiptSchema.optional(),
});
type IdentifyLabelResponse = z.infer<typeof IdentifyLabelResponseSchema>;

export const IdentifySuccessResponseSchema = z.discriminatedUnion('type', [
  IdentifyIdentifiedResponseSchema,
  IdentifyMatchesResponseSchema,
  IdentifyLabelResponseSchema,
]);
export type IdentifySuccessResponse = z.infer<typeof IdentifySuccessResponseSchema>;

// The eight outcomes, in the spec's table order.
export const IDENTIFY_OUTCOMES = ['identified', 'matches', 'label', 'no_match', 'search_incomplete', 'ambiguous', 'quality_reject', 'not_bound'] as const;
export type IdentifyOutcome = (typeof IDENTIFY_OUTCOMES)[number];

export type IdentifyResult =
  | { outcome: 'identified'; body: IdentifyIdentifiedResponse; scan: ScanReceipt | null }
  | { outcome: 'matches'; body: IdentifyMatchesResponse; scan: ScanReceipt | null }
  | { outcome: 'label'; body: IdentifyLabelResponse; scan: ScanReceipt | null }
  | {
      outcome: 'no_match' | 'search_incomplete' | 'ambiguous' | 'quality_reject' | 'not_bound';
      error: ErrorEnvelope;
      scan: ScanReceipt | null;
    };

/**
 * Classify an identify answer into one of the eight outcomes; null when it is none of them (e.g. 401, 500).
 * Branches on `code` first, as the spec asks; detail.outcome is not required for the classification.
 * spec: Errors, Identify outcomes (eight)
 */
export function classifyIdentifyResponse(status: number, body: unknown): IdentifyResult | null {
  if (status >= 200 && status < 300) {
    const ok = IdentifySuccessResponseSchema.safeParse(body);
    if (!ok.success) return null;
    const scan = ok.data.scan ?? null;
    switch (ok.data.type) {
      case 'identified':
        return { outcome: 'identified', body: ok.data, scan };
      case 'matches':
        return { outcome: 'matches', body: ok.data, scan };
      case 'label':
        return { outcome: 'label', body: ok.data, scan };
    }
  }
  const error = parseErrorEnvelope(body);
  if (!error) return null;
  const scan = findScanReceipt(error);
  const code = error.code;
  if (code === 'IDENTIFIER_NOT_FOUND') return { outcome: 'no_match', error, scan };
  if (code === 'SCAN_SEARCH_INCOMPLETE') return { outcome: 'search_incomplete', error, scan };
  if (code === 'SCAN_AMBIGUOUS_MATCH') return { outcome: 'ambiguous', error, scan };
  if ((QUALITY_REJECT_CODES as readonly string[]).includes(code)) return { outcome: 'quality_reject', error, scan };
  if (code === 'IDENTIFIER_NOT_BOUND') return { outcome: 'not_bound', error, scan };
  return null;
}

// --- Verify --------------------------------------------------------------------------------------
// spec: `POST /api/v1/tags/verify` — `threadId`, `tagType`, `data`, `tags` (required JSON array of
// `{tagId, tagType}` objects bound to that Thread).
const VerifyTagRefSchema = z.strictObject({ tagId: UuidSchema, tagType: TagTypeSchema });
export const VerifyFieldsSchema = z
  .strictObject({
    threadId: UuidSchema,
    tagType: TagTypeSchema,
    data: ScanDataTextSchema.optional(),
    tags: jsonPart(z.array(VerifyTagRefSchema).min(1)),
  })
  .superRefine(requireTextDataForStringTypes);

// spec: Scanning and identifiers, "Verify response by candidate count".
/** exactly 1 candidate, match: 200 `{tag, scan?}` (no match: 500 IDENTIFIER_VERIFY_FAILED, receipt in detail.scan) */
export const VerifySingleResponseSchema = z.object({
  tag: IdentifierSchema,
  scan: ScanReceiptSchema.optional(),
});

/** 2 or more candidates, match: 200 `{success: true, verifiedTag, attemptedCount, failedCount, scan?}` */
const VerifyMultiSuccessResponseSchema = z.object({
  success: z.literal(true),
  verifiedTag: IdentifierSchema,
  attemptedCount: z.number().int().nonnegative(),
  failedCount: z.number().int().nonnegative(),
  scan: ScanReceiptSchema.optional(),
});
// gap: spec does not show this; our choice — `error` is a string or a `{code, message}` object.
const VerifyMultiErrorSchema = z.union([z.string(), z.object({ code: z.string(), message: z.string().optional() })]);
/** 2 or more candidates, no match: 200 `{success: false, attemptedCount, failedCount, error, scan?}` */
const VerifyMultiFailureResponseSchema = z.object({
  success: z.literal(false),
  attemptedCount: z.number().int().nonnegative(),
  failedCount: z.number().int().nonnegative(),
  error: VerifyMultiErrorSchema,
  scan: ScanReceiptSchema.optional(),
});
export const VerifyMultiResponseSchema = z.discriminatedUnion('success', [VerifyMultiSuccessResponseSchema, VerifyMultiFailureResponseSchema]);

export const VerifyResponseSchema = z.union([VerifySingleResponseSchema, VerifyMultiResponseSchema]);
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export type VerifyResult =
  { verified: true; tag: Identifier; scan: ScanReceipt | null } | { verified: false; scan: ScanReceipt | null; error: ErrorEnvelope | null };

/**
 * Decide a verify answer. "With several candidates the HTTP status alone is no proof of authenticity;
 * `success` must be read." Returns null when the answer is not a verify outcome (e.g. 401, 503).
 */
export function classifyVerifyResponse(candidateCount: number, status: number, body: unknown): VerifyResult | null {
  if (candidateCount <= 1) {
    if (status >= 200 && status < 300) {
      const r = VerifySingleResponseSchema.safeParse(body);
      return r.success ? { verified: true, tag: r.data.tag, scan: r.data.scan ?? null } : null;
    }
    const error = parseErrorEnvelope(body);
    if (error && error.code === 'IDENTIFIER_VERIFY_FAILED') return { verified: false, scan: findScanReceipt(error), error };
    return null;
  }
  if (status < 200 || status >= 300) return null;
  const r = VerifyMultiResponseSchema.safeParse(body);
  if (!r.success) return null;
  return r.data.success ? { verified: true, tag: r.data.verifiedTag, scan: r.data.scan ?? null } : { verified: false, scan: r.data.scan ?? null, error: null };
}

// --- Unbind / text / update ------------------------------------------------------------------------
// spec: `POST /api/v1/tags/unbind` — JSON with `tagId`, `threadId`.
export const TagUnbindBodySchema = z.strictObject({ tagId: UuidSchema, threadId: UuidSchema });
export type TagUnbindBody = z.infer<typeof TagUnbindBodySchema>;

// spec: `POST /api/v1/tags/text` — JSON with `tagId`, `threadId`; sets `name` and/or `description`.
export const TagTextBodySchema = z
  .strictObject({
    tagId: UuidSchema,
    threadId: UuidSchema,
    name: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: 'set name and/or description',
    path: ['name'],
  });
export type TagTextBody = z.infer<typeof TagTextBodySchema>;

// spec: `POST /api/v1/tags/update` — JSON with `tagId`, `threadId`; sets `name`, `description`, `isPrivate`,
// `archivedAt` (timestamp archives, null restores).
export const TagUpdateBodySchema = z.strictObject({
  tagId: UuidSchema,
  threadId: UuidSchema,
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  isPrivate: z.boolean().optional(),
  archivedAt: TimestampSchema.nullable().optional(),
});
export type TagUpdateBody = z.infer<typeof TagUpdateBodySchema>;

// gap: spec does not show this; our choice — unbind, text and update answer with the identifier.
export const TagResponseSchema = z.object({ tag: IdentifierSchema });
export type TagResponse = z.infer<typeof TagResponseSchema>;

// --- Activate ------------------------------------------------------------------------------------
// spec: `POST /api/v1/tags/activate` `{tagIds}` up to 200; States — "one outcome per identifier; forward-only".
export const TagActivateBodySchema = z.strictObject({
  tagIds: z.array(UuidSchema).min(1).max(TAG_ACTIVATE_MAX_IDS),
});
export type TagActivateBody = z.infer<typeof TagActivateBodySchema>;

// gap: spec does not show this; our choice — outcome names.
const TAG_ACTIVATION_OUTCOMES = ['activated', 'already_active', 'duplicate', 'not_optical', 'not_found', 'failed'] as const;
const TagActivationOutcomeSchema = z.enum(TAG_ACTIVATION_OUTCOMES);
export const TagActivateResponseSchema = z.object({
  results: z.array(z.object({ tagId: UuidSchema, outcome: TagActivationOutcomeSchema })),
});
export type TagActivateResponse = z.infer<typeof TagActivateResponseSchema>;
