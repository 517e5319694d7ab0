import { z } from 'zod';
import { UuidSchema } from './common';
import { ScanReceiptSchema } from './scan';

// spec: Errors — every error code named anywhere in the spec, with its HTTP status.
// spec: Errors, Request and authorization codes + Identifier and scan codes
export const ERROR_STATUS = {
  // Request and authorization codes
  INVALID_REQUEST: 400,
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ATTRIBUTION_REQUIRED: 403,
  ORG_ID_REQUIRED: 400,
  TEAM_ID_REQUIRED: 400,
  NOT_FOUND: 404,
  NO_DATA_FOUND: 404,
  RATE_LIMITED: 429,
  THREAD_DATA_CONFLICT: 409,
  COMPOSITE_TAG_CONFLICT: 409,
  UNKNOWN_ERROR: 500,
  SERVICE_ERROR: 500,
  // Identifier and scan codes
  IDENTIFIER_NOT_FOUND: 404,
  IDENTIFIER_NOT_BOUND: 404,
  IDENTIFIER_ALREADY_BOUND: 409,
  IDENTIFIER_VERIFY_FAILED: 500,
  SCAN_AMBIGUOUS_MATCH: 409,
  SCAN_SEARCH_INCOMPLETE: 503,
  SCAN_LOW_KEYPOINTS: 400,
  SCAN_NO_KEYPOINTS: 400,
  SCAN_IDENTICAL_SCAN: 400,
  SCAN_EXTRACTION_FAILURE: 500,
  SCAN_ROUTING_UNAVAILABLE: 503,
  SCAN_BACKEND_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}

// spec: Errors — `{code, message, status, detail?}`. `code` is kept as a string so codes added by later
// releases still parse (branch with isKnownErrorCode / ErrorCodeSchema). Unknown extra fields are stripped.
const ErrorDetailSchema = z.record(z.string(), z.unknown());
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorEnvelopeSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  status: z.number().int().min(400).max(599),
  detail: ErrorDetailSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Parse any value as the error envelope; null when it is not one. */
export function parseErrorEnvelope(input: unknown): ErrorEnvelope | null {
  const r = ErrorEnvelopeSchema.safeParse(input);
  return r.success ? r.data : null;
}

/** Envelope schema pinned to one code (and that code's status), with a typed detail. */
export function errorEnvelopeFor<C extends ErrorCode, D extends z.ZodType>(code: C, detail: D) {
  return z.object({
    code: z.literal(code),
    message: z.string(),
    status: z.literal(ERROR_STATUS[code]),
    detail,
  });
}

/** Build an envelope value (sandbox and tests). */
export function makeErrorEnvelope(code: ErrorCode, message: string, detail?: ErrorDetail): ErrorEnvelope {
  return detail === undefined ? { code, message, status: ERROR_STATUS[code] } : { code, message, status: ERROR_STATUS[code], detail };
}

// --- detail.outcome ------------------------------------------------------------------------------
// spec: Errors, Identify outcomes — "`detail.outcome` values (`no_match`, `search_incomplete`, `ambiguous`,
// `quality_reject`) are stable".
const DETAIL_OUTCOMES = ['no_match', 'search_incomplete', 'ambiguous', 'quality_reject'] as const;
export const DetailOutcomeSchema = z.enum(DETAIL_OUTCOMES);

// --- detail.reason -------------------------------------------------------------------------------
// spec: Labels and Reels, Move (endpoints_on_different_reels, endpoint_archived, endpoint_not_on_reel,
// count_mismatch); spec: Scanning and identifiers, Bind rules (label_owned_by_other_team).
const SPEC_DETAIL_REASONS = [
  'endpoints_on_different_reels',
  'endpoint_archived',
  'endpoint_not_on_reel',
  'count_mismatch',
  'label_owned_by_other_team',
] as const;

// spec: Errors, COMPOSITE_TAG_CONFLICT — "marking already on another Label or bound elsewhere, occupied Reel
// position, removing a Label's last identifier, bulk-bind blockers; `detail.reason` says which".
// gap: spec does not show this; our choice — the reason strings for those four situations.
const COMPOSITE_TAG_CONFLICT_REASONS = [
  'marking_on_other_label',
  'marking_bound_elsewhere',
  'position_occupied',
  'last_identifier',
  'bulk_bind_blocked',
] as const;

const DETAIL_REASONS = [...SPEC_DETAIL_REASONS, ...COMPOSITE_TAG_CONFLICT_REASONS] as const;
export const DetailReasonSchema = z.enum(DETAIL_REASONS);

// --- typed details for the identify/scan outcomes --------------------------------------------------
// spec: Errors, Identify outcomes (eight)
// gap: spec does not show this; our choice — teamsSearched / teamsUnreachable are arrays of Team ids and
// orgsUnreachable an array of organization ids.
const IdList = z.array(z.string().min(1));

export const NoMatchDetailSchema = z.object({
  outcome: z.literal('no_match'),
  teamsSearched: IdList,
  scan: ScanReceiptSchema.optional(),
});

const SearchIncompleteDetailSchema = z.object({
  outcome: z.literal('search_incomplete'),
  teamsSearched: IdList,
  teamsUnreachable: IdList,
  orgsUnreachable: IdList,
  scan: ScanReceiptSchema.optional(),
});

// gap: spec does not show this; our choice — an ambiguous candidate names the identifier and its Thread.
const AmbiguousCandidateSchema = z.object({
  tagId: UuidSchema,
  threadId: UuidSchema.nullable(),
  svcId: z.string().nullable().optional(),
});

// gap: spec does not show this; our choice — boundCandidates and attempts are counts.
const AmbiguousDetailSchema = z.object({
  outcome: z.literal('ambiguous'),
  candidates: z.array(AmbiguousCandidateSchema),
  boundCandidates: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  scan: ScanReceiptSchema.optional(),
});

const QualityRejectDetailSchema = z.object({
  outcome: z.literal('quality_reject'),
  scan: ScanReceiptSchema.optional(),
});

export const OutcomeDetailSchema = z.discriminatedUnion('outcome', [
  NoMatchDetailSchema,
  SearchIncompleteDetailSchema,
  AmbiguousDetailSchema,
  QualityRejectDetailSchema,
]);

/** detail carrying only a scan receipt (verify mismatch, bind refused as duplicate). spec: Scan receipts on failure */
const ScanReceiptDetailSchema = z.object({ scan: ScanReceiptSchema.optional() });

// Envelopes pinned to the identify outcomes that arrive as errors. spec: Errors, Identify outcomes (eight)
export const IdentifyNoMatchErrorSchema = errorEnvelopeFor('IDENTIFIER_NOT_FOUND', NoMatchDetailSchema);
export const IdentifySearchIncompleteErrorSchema = errorEnvelopeFor('SCAN_SEARCH_INCOMPLETE', SearchIncompleteDetailSchema);
export const IdentifyAmbiguousErrorSchema = errorEnvelopeFor('SCAN_AMBIGUOUS_MATCH', AmbiguousDetailSchema);
export const QUALITY_REJECT_CODES = ['SCAN_LOW_KEYPOINTS', 'SCAN_NO_KEYPOINTS', 'SCAN_IDENTICAL_SCAN'] as const;
export const IdentifyQualityRejectErrorSchema = z.object({
  code: z.enum(QUALITY_REJECT_CODES),
  message: z.string(),
  status: z.literal(400),
  detail: QualityRejectDetailSchema,
});
// gap: spec does not show this; our choice — detail optional (it may carry the scan receipt).
export const IdentifyNotBoundErrorSchema = errorEnvelopeFor('IDENTIFIER_NOT_BOUND', ScanReceiptDetailSchema.optional());

// The retry table (spec: Errors, Retry guidance) is in src-shared/domain/retry.ts.
