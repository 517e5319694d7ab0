import { isKnownErrorCode, type ErrorCode } from '../api/errors';

// The spec's retry table (spec: Errors, "Retry guidance") as data, and the backoff between resends. Written
// once: the service client's in-request resends (src-main/service/retry-policy.ts) and the sync engine's
// decisions (src-main/sync/classify.ts) both read it; they add only what is theirs (when a request counts as
// sent, which wording a person sees).

export type RetryAdvice =
  /** retry the same request with backoff */
  | 'backoff'
  /** re-exchange the API key, then retry once (never in a loop) */
  | 'refresh_token_once'
  /** re-read, reapply the change, then write */
  | 'reread_and_reapply'
  /** do not resend; capture a new scan */
  | 'rescan'
  /** 5xx: reads may retry with backoff; for writes first check whether the write landed */
  | 'server_failure'
  /** retrying the same request will not help */
  | 'do_not_retry';

/** The table's row for each code of the spec. */
export const RETRY_GUIDANCE = {
  INVALID_REQUEST: 'do_not_retry',
  INVALID_DATA: 'do_not_retry',
  UNAUTHORIZED: 'refresh_token_once',
  FORBIDDEN: 'do_not_retry',
  ATTRIBUTION_REQUIRED: 'do_not_retry',
  ORG_ID_REQUIRED: 'do_not_retry',
  TEAM_ID_REQUIRED: 'do_not_retry',
  NOT_FOUND: 'do_not_retry',
  NO_DATA_FOUND: 'do_not_retry',
  RATE_LIMITED: 'backoff',
  THREAD_DATA_CONFLICT: 'reread_and_reapply',
  COMPOSITE_TAG_CONFLICT: 'do_not_retry',
  // The spec's "5xx" row is about server failures (its code table: "UNKNOWN_ERROR, SERVICE_ERROR | 500 |
  // server failure"). The other 500s below are definitive answers with their own meaning.
  UNKNOWN_ERROR: 'server_failure',
  SERVICE_ERROR: 'server_failure',
  IDENTIFIER_NOT_FOUND: 'do_not_retry',
  IDENTIFIER_NOT_BOUND: 'do_not_retry',
  IDENTIFIER_ALREADY_BOUND: 'do_not_retry',
  // A 500, but a definitive verify result ("did not match"), not a server failure: our reading.
  IDENTIFIER_VERIFY_FAILED: 'do_not_retry',
  SCAN_AMBIGUOUS_MATCH: 'do_not_retry',
  SCAN_SEARCH_INCOMPLETE: 'backoff',
  SCAN_LOW_KEYPOINTS: 'rescan',
  SCAN_NO_KEYPOINTS: 'rescan',
  SCAN_IDENTICAL_SCAN: 'rescan',
  // A 500, but the spec says it is also extract's answer for a quality-rejected capture; resending the
  // same bytes would only give SCAN_IDENTICAL_SCAN, so: rescan. Our reading.
  SCAN_EXTRACTION_FAILURE: 'rescan',
  SCAN_ROUTING_UNAVAILABLE: 'do_not_retry',
  SCAN_BACKEND_UNAVAILABLE: 'backoff',
} as const satisfies Record<ErrorCode, RetryAdvice>;

/**
 * The table's advice for a failed request. The spec keys its 401 and 429 rows by status alone, so those win
 * over the code; a code this contract does not know falls back to the status rows (5xx: server failure).
 */
export function retryGuidance(code: string, status?: number | null): RetryAdvice {
  if (status === 401) return 'refresh_token_once';
  if (status === 429) return 'backoff';
  if (isKnownErrorCode(code)) return RETRY_GUIDANCE[code];
  if (status !== undefined && status !== null && status >= 500) return 'server_failure';
  return 'do_not_retry';
}

/** What the table says about one failed request, as the questions a client asks. */
export interface RetryRule {
  advice: RetryAdvice;
  /**
   * Who may send the same request again after a backoff. `any`: the service applied nothing (429, 503
   * SCAN_SEARCH_INCOMPLETE / SCAN_BACKEND_UNAVAILABLE), reads and writes alike. `reads`: a server failure,
   * idempotent requests only (a write may have landed). `none`: the same request would fail the same way, or
   * needs something first (a new token, a re-read, a new capture).
   */
  resend: 'any' | 'reads' | 'none';
  /** A write that failed this way may have been applied: "for writes first check whether the write landed". */
  writeOutcomeUnknown: boolean;
  /** The service is limiting the rate: honour Retry-After and send less. */
  rateLimited: boolean;
}

export function retryRule(code: string, status?: number | null): RetryRule {
  const advice = retryGuidance(code, status);
  return {
    advice,
    resend: advice === 'backoff' ? 'any' : advice === 'server_failure' ? 'reads' : 'none',
    writeOutcomeUnknown: advice === 'server_failure',
    rateLimited: status === 429 || code === 'RATE_LIMITED',
  };
}

/** The exponential step of try number `attempt` (counting from 1): `base`, doubled per try, capped at `cap`. */
export function backoffStep(attempt: number, base: number, cap: number): number {
  return Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
}

/**
 * Delay before resend number `attempt` (counting from 1): the exponential step with "equal jitter" — half the
 * step is fixed, half random — so a delay is never shorter than half its step (a resend does not come back at
 * once) while a fleet of stations still spreads out. In [step/2, step).
 */
export function backoffDelay(attempt: number, random: () => number, base: number, cap: number): number {
  const step = backoffStep(attempt, base, cap);
  return Math.floor(step / 2 + random() * (step / 2));
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
