import { backoffDelay as sharedBackoffDelay, retryRule } from '../../src-shared/domain/retry';
import type { AttentionShape } from '../../src-shared/ipc/queue';

// The engine's retry decisions (docs/sync.md, "Retry and backoff") as a pure function: what the station does with
// a failed attempt. The input is the plain shape of a ServiceError (or of any other failure). The table itself is
// src-shared/domain/retry.ts; this adds the station's own steps (landing checks, attention wording).

export interface FailureShape {
  kind: 'service' | 'auth' | 'network' | 'timeout' | 'invalid_response' | 'station';
  code: string;
  status: number | null;
  reason: string | null;
  requestId: string | null;
  message: string;
  outcomeUnknown: boolean;
  retryAfterMs?: number;
  /** `METHOD /path` of the failed request, when there was one. */
  where?: string;
  /** The failed request's method and path (query included), when there was one: every attempt row names its request. */
  method?: string;
  path?: string;
  /** The fields a screen says the failure with (src-shared/ipc/error-words.ts), when the station found it. */
  detail?: Record<string, unknown>;
}

export type Decision =
  /** Back off and resend (429, retryable 503, nothing reached the service). */
  | { action: 'backoff'; rateLimited: boolean; retryAfterMs?: number; offline: boolean }
  /** The write may have landed: run the landing check, then resend if it did not. */
  | { action: 'unknown'; offline: boolean }
  /** 409 on a marking or binding: landing check first, otherwise attention naming the holder. */
  | { action: 'conflict' }
  /** THREAD_DATA_CONFLICT: re-read, reapply, write. */
  | { action: 'reread' }
  /**
   * A success answer the station could not read: never taken as "not landed". A write goes to its landing check
   * once; whatever is still unread goes to attention with the field and path (a defect a person must see).
   */
  | { action: 'unreadable'; attention: AttentionShape }
  /** A second 401: the key may be revoked. Attention, and sync pauses. */
  | { action: 'auth'; attention: AttentionShape }
  | { action: 'attention'; attention: AttentionShape };

function attention(f: FailureShape, reason: string, actions: AttentionShape['actions']): AttentionShape {
  return { reason, code: f.code, status: f.status, requestId: f.requestId, actions, ...(f.detail ? { detail: f.detail } : {}) };
}

export function classifyFailure(f: FailureShape): Decision {
  const rule = retryRule(f.code, f.status);
  if (f.kind === 'auth' || rule.advice === 'refresh_token_once') {
    return {
      action: 'auth',
      attention: attention(f, 'The service refused the API key twice (revoked or expired?). Sync is paused: reconnect with a valid key, then retry.', [
        'retry',
        'discard',
      ]),
    };
  }
  if (f.kind === 'network' || f.kind === 'timeout') {
    return f.outcomeUnknown ? { action: 'unknown', offline: true } : { action: 'backoff', rateLimited: false, offline: true };
  }
  if (f.kind === 'invalid_response') {
    const written = f.outcomeUnknown ? ' The write may have been applied, so the station did not send it again: check the service before retrying.' : '';
    return {
      action: 'unreadable',
      attention: attention(
        f,
        `The service's answer${f.where ? ` to ${f.where}` : ''} could not be read (${f.message}). This is a defect of the station or of the service: report it with the request id.${written}`,
        ['retry', 'discard'],
      ),
    };
  }
  if (rule.advice === 'backoff')
    return { action: 'backoff', rateLimited: rule.rateLimited, offline: false, ...(f.retryAfterMs === undefined ? {} : { retryAfterMs: f.retryAfterMs }) };
  if (f.code === 'SCAN_ROUTING_UNAVAILABLE') {
    return {
      action: 'attention',
      attention: attention(
        f,
        'The service says this operation is not available for the organization (module not enabled, or its route is down). Ask the service administrator, then retry.',
        ['retry', 'discard'],
      ),
    };
  }
  if (rule.advice === 'rescan') {
    const why =
      f.code === 'SCAN_IDENTICAL_SCAN'
        ? 'the image is byte-identical to an earlier capture'
        : f.code === 'SCAN_EXTRACTION_FAILURE'
          ? 'the service could not extract a fingerprint from the capture'
          : 'the capture has too little usable detail';
    return { action: 'attention', attention: attention(f, `Recapture this Label: ${why}.`, ['recapture', 'discard']) };
  }
  if (f.code === 'COMPOSITE_TAG_CONFLICT' || f.code === 'IDENTIFIER_ALREADY_BOUND') return { action: 'conflict' };
  if (rule.advice === 'reread_and_reapply') return { action: 'reread' };
  if (rule.writeOutcomeUnknown) return { action: 'unknown', offline: false };
  if (f.kind === 'station') return { action: 'attention', attention: attention(f, f.message, ['retry', 'discard']) };
  return { action: 'attention', attention: attention(f, `The service refused it: ${f.message}`, ['retry', 'discard']) };
}

/** The engine's backoff: the shared formula (src-shared/domain/retry.ts, equal jitter), from 250 ms up to 15 s by default (attempt counts from 1). */
export function backoffDelay(attempt: number, random: () => number, base = 250, cap = 15_000): number {
  return sharedBackoffDelay(attempt, random, base, cap);
}
