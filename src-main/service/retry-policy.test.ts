import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, failedBeforeConnect, isOutcomeUnknown, mayResend, resendDelayMs, type FailedAttempt } from './retry-policy';
import { refreshAtMs } from './token-manager';

// The retry table and token timing as pure functions. spec: Errors, Retry guidance; Authentication 4.

const svc = (status: number, code: string, extra: Partial<FailedAttempt> = {}): FailedAttempt => ({ kind: 'service', status, code, connected: true, ...extra });

describe('mayResend', () => {
  it.each([
    ['429 RATE_LIMITED', svc(429, 'RATE_LIMITED'), true, false],
    ['503 SCAN_SEARCH_INCOMPLETE', svc(503, 'SCAN_SEARCH_INCOMPLETE'), true, false],
    ['503 SCAN_BACKEND_UNAVAILABLE', svc(503, 'SCAN_BACKEND_UNAVAILABLE'), true, false],
    ['503 SCAN_ROUTING_UNAVAILABLE', svc(503, 'SCAN_ROUTING_UNAVAILABLE'), false, false],
    ['500 SERVICE_ERROR', svc(500, 'SERVICE_ERROR'), true, false],
    ['502 unknown code', svc(502, 'BAD_GATEWAY'), true, false],
    ['500 IDENTIFIER_VERIFY_FAILED', svc(500, 'IDENTIFIER_VERIFY_FAILED'), false, false],
    ['400 SCAN_LOW_KEYPOINTS', svc(400, 'SCAN_LOW_KEYPOINTS'), false, false],
    ['409 SCAN_AMBIGUOUS_MATCH', svc(409, 'SCAN_AMBIGUOUS_MATCH'), false, false],
    ['409 THREAD_DATA_CONFLICT', svc(409, 'THREAD_DATA_CONFLICT'), false, false],
    ['timeout', { kind: 'timeout', status: null, code: 'TIMEOUT', connected: true } as FailedAttempt, true, false],
    ['reset after connect', { kind: 'network', status: null, code: 'NETWORK_ERROR', connected: true } as FailedAttempt, true, false],
    ['refused before connect', { kind: 'network', status: null, code: 'NETWORK_ERROR', connected: false } as FailedAttempt, true, true],
    ['auth', { kind: 'auth', status: 401, code: 'UNAUTHORIZED', connected: true } as FailedAttempt, false, false],
  ])('%s: read %s, write %s', (_name, attempt, read, write) => {
    expect(mayResend(attempt, true, DEFAULT_RETRY)).toBe(read);
    expect(mayResend(attempt, false, DEFAULT_RETRY)).toBe(write);
  });

  it('resends writes on 429 and the retryable 503s only when configured', () => {
    const config = { ...DEFAULT_RETRY, retryWritesOn429: true };
    expect(mayResend(svc(429, 'RATE_LIMITED'), false, config)).toBe(true);
    expect(mayResend(svc(503, 'SCAN_BACKEND_UNAVAILABLE'), false, config)).toBe(true);
    expect(mayResend(svc(503, 'SCAN_ROUTING_UNAVAILABLE'), false, config)).toBe(false);
    expect(mayResend(svc(500, 'SERVICE_ERROR'), false, config)).toBe(false);
  });

  it('does not wait out a Retry-After beyond the maximum', () => {
    expect(mayResend(svc(429, 'RATE_LIMITED', { retryAfterMs: DEFAULT_RETRY.maxRetryAfterMs + 1 }), true, DEFAULT_RETRY)).toBe(false);
  });
});

describe('isOutcomeUnknown', () => {
  it('is true for writes that may have been applied and false for reads', () => {
    expect(isOutcomeUnknown(svc(500, 'SERVICE_ERROR'), false)).toBe(true);
    expect(isOutcomeUnknown(svc(500, 'SERVICE_ERROR'), true)).toBe(false);
    expect(isOutcomeUnknown({ kind: 'timeout', status: null, code: 'TIMEOUT', connected: true }, false)).toBe(true);
    expect(isOutcomeUnknown({ kind: 'network', status: null, code: 'NETWORK_ERROR', connected: true }, false)).toBe(true);
    expect(isOutcomeUnknown({ kind: 'network', status: null, code: 'NETWORK_ERROR', connected: false }, false)).toBe(false);
    expect(isOutcomeUnknown({ kind: 'invalid_response', status: 201, code: 'INVALID_RESPONSE', connected: true }, false)).toBe(true);
    expect(isOutcomeUnknown({ kind: 'invalid_response', status: 400, code: 'INVALID_RESPONSE', connected: true }, false)).toBe(false);
  });

  it('is false for answers that say the request was not applied', () => {
    for (const [status, code] of [
      [429, 'RATE_LIMITED'],
      [503, 'SCAN_BACKEND_UNAVAILABLE'],
      [503, 'SCAN_ROUTING_UNAVAILABLE'],
      [409, 'COMPOSITE_TAG_CONFLICT'],
      [500, 'SCAN_EXTRACTION_FAILURE'],
    ] as const) {
      expect(isOutcomeUnknown(svc(status, code), false)).toBe(false);
    }
  });
});

describe('delays', () => {
  it('grows exponentially with jitter, capped', () => {
    const config = { ...DEFAULT_RETRY, minDelayMs: 100, maxDelayMs: 1000 };
    expect(resendDelayMs(0, config, undefined, () => 0)).toBe(50);
    expect(resendDelayMs(0, config, undefined, () => 0.999)).toBe(99);
    expect(resendDelayMs(3, config, undefined, () => 0)).toBe(400);
    expect(resendDelayMs(10, config, undefined, () => 0.999)).toBeLessThanOrEqual(1000);
  });

  it('honours Retry-After', () => {
    expect(resendDelayMs(0, DEFAULT_RETRY, 3000, () => 0)).toBe(3000);
    expect(resendDelayMs(0, DEFAULT_RETRY, 3000, () => 0.5)).toBe(3000 + DEFAULT_RETRY.minDelayMs / 2);
  });
});

describe('failedBeforeConnect', () => {
  it('finds connect-phase codes in cause chains and aggregate errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(failedBeforeConnect(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(failedBeforeConnect(new TypeError('fetch failed', { cause: new AggregateError([refused]) }))).toBe(true);
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(failedBeforeConnect(new TypeError('fetch failed', { cause: reset }))).toBe(false);
  });
});

describe('token refresh time', () => {
  it('is 60 s before expiry, counted from receipt with expiresIn', () => {
    expect(refreshAtMs({ expiresIn: 900, expiresAt: '2000-01-01T00:00:00Z' }, 1_000_000)).toBe(1_000_000 + 840_000);
  });

  it('falls back to expiresAt', () => {
    expect(refreshAtMs({ expiresAt: '2026-08-01T10:15:00.000Z' }, Date.parse('2026-08-01T10:00:00.000Z'))).toBe(Date.parse('2026-08-01T10:14:00.000Z'));
  });

  it('uses half the lifetime for tokens shorter than two minutes, and null without expiry', () => {
    expect(refreshAtMs({ expiresIn: 3 }, 0)).toBe(1500);
    expect(refreshAtMs({}, 0)).toBeNull();
  });
});
