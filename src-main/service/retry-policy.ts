import { backoffDelay, retryRule, type RetryRule } from '../../src-shared/domain/retry';
import type { ServiceErrorKind } from './errors';

// The service client's in-request resends (the spec, Errors, "Retry guidance"; docs/sync.md, "Retry and backoff"):
// the table itself is src-shared/domain/retry.ts; this adds what only the transport knows (whether a failed
// attempt reached the service). The transport asks these after every failed attempt.

export interface RetryConfig {
  /** Resends after the first attempt (reads; and writes where allowed). */
  retries: number;
  /** Base of the exponential backoff. */
  minDelayMs: number;
  /** Cap of one backoff delay (Retry-After is honoured separately). */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error goes to the caller with retryAfterMs. */
  maxRetryAfterMs: number;
  /**
   * Resend writes on 429 and on 503 SCAN_SEARCH_INCOMPLETE / SCAN_BACKEND_UNAVAILABLE (the spec says the
   * request was not applied). Off by default: the sync engine wants to see 429s to lower its concurrency.
   */
  retryWritesOn429: boolean;
}

export const DEFAULT_RETRY: RetryConfig = {
  retries: 3,
  minDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  retryWritesOn429: false,
};

/** One failed attempt, as far as the policy needs to know it. */
export interface FailedAttempt {
  kind: ServiceErrorKind;
  status: number | null;
  code: string;
  /** Network failures: whether the connection was made (so the request may have reached the service). */
  connected: boolean;
  retryAfterMs?: number;
}

/**
 * Whether a write may have been applied by the service despite the failure. Reads never are.
 * spec: Retry guidance — "5xx | ... for writes first check whether the write landed"; likewise a timeout or a
 * reset after the request was sent: the service may have applied it (docs/sync.md, "Landing checks").
 */
export function isOutcomeUnknown(attempt: FailedAttempt, idempotent: boolean): boolean {
  if (idempotent) return false;
  switch (attempt.kind) {
    case 'auth':
      return false;
    case 'network':
      return attempt.connected;
    case 'timeout':
      return true;
    case 'invalid_response':
      // An unreadable 2xx or 5xx may hide an applied write; an unreadable 4xx is a refusal.
      return attempt.status === null || attempt.status < 400 || attempt.status >= 500;
    case 'service':
      return retryRule(attempt.code, attempt.status).writeOutcomeUnknown;
  }
}

/** Whether the same request may be sent again (after a delay). */
export function mayResend(attempt: FailedAttempt, idempotent: boolean, config: RetryConfig): boolean {
  if (attempt.retryAfterMs !== undefined && attempt.retryAfterMs > config.maxRetryAfterMs) return false;
  switch (attempt.kind) {
    case 'auth':
      return false;
    case 'network':
      // A refused connection never reached the service, so even a write is safe to resend.
      return idempotent || !attempt.connected;
    case 'timeout':
      return idempotent;
    case 'invalid_response':
      // An unreadable answer goes by its status alone (a proxy's bare 429 still means "back off").
      return resendAllowed(retryRule('', attempt.status), idempotent, config);
    case 'service':
      return resendAllowed(retryRule(attempt.code, attempt.status), idempotent, config);
  }
}

/** The table's `resend`, with writes on 429 and the retryable 503s held back unless configured (RetryConfig). */
function resendAllowed({ resend }: RetryRule, idempotent: boolean, config: RetryConfig): boolean {
  if (resend === 'any') return idempotent || config.retryWritesOn429;
  return resend === 'reads' && idempotent;
}

/**
 * Delay before resend number `retryIndex` (0-based): Retry-After when given (plus a little jitter so a fleet
 * of stations does not resend in lockstep), else the shared backoff (src-shared/domain/retry.ts, equal jitter).
 */
export function resendDelayMs(retryIndex: number, config: RetryConfig, retryAfterMs: number | undefined, random: () => number): number {
  if (retryAfterMs !== undefined) return retryAfterMs + Math.floor(random() * config.minDelayMs);
  return backoffDelay(retryIndex + 1, random, config.minDelayMs, config.maxDelayMs);
}

// Errors of the connect phase: nothing was written to the service. Anything else after a connection
// (ECONNRESET, "other side closed", EPIPE) may have delivered the request.
const CONNECT_PHASE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether a fetch rejection happened before a connection existed (walks `cause` chains and AggregateErrors). */
export function failedBeforeConnect(error: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length > 0) {
    const e = stack.pop();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_PHASE_CODES.has(code)) return true;
    stack.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) stack.push(...(inner as unknown[]));
  }
  return false;
}
