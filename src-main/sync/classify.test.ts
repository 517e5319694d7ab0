import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '../../src-shared/api/errors';
import { isOutcomeUnknown, mayResend, DEFAULT_RETRY } from '../service/retry-policy';
import { backoffDelay, classifyFailure, type FailureShape } from './classify';

const base: FailureShape = { kind: 'service', code: 'X', status: 400, reason: null, requestId: 'req-1', message: 'msg', outcomeUnknown: false };
const f = (over: Partial<FailureShape>): FailureShape => ({ ...base, ...over });

describe('the retry table (docs/sync.md, "Retry and backoff")', () => {
  it('a second 401 needs a person and pauses sync', () => {
    const d = classifyFailure(f({ kind: 'auth', code: 'UNAUTHORIZED', status: 401 }));
    expect(d.action).toBe('auth');
    if (d.action === 'auth') expect(d.attention).toMatchObject({ code: 'UNAUTHORIZED', requestId: 'req-1' });
  });
  it('429 backs off, honouring Retry-After, and counts as rate limiting', () => {
    expect(classifyFailure(f({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 2000 }))).toEqual({
      action: 'backoff',
      rateLimited: true,
      offline: false,
      retryAfterMs: 2000,
    });
  });
  it('retryable 503s back off; SCAN_ROUTING_UNAVAILABLE needs a person', () => {
    expect(classifyFailure(f({ code: 'SCAN_BACKEND_UNAVAILABLE', status: 503 })).action).toBe('backoff');
    expect(classifyFailure(f({ code: 'SCAN_SEARCH_INCOMPLETE', status: 503 })).action).toBe('backoff');
    const routing = classifyFailure(f({ code: 'SCAN_ROUTING_UNAVAILABLE', status: 503 }));
    expect(routing.action).toBe('attention');
  });
  it('quality rejections ask for a recapture', () => {
    for (const code of ['SCAN_LOW_KEYPOINTS', 'SCAN_NO_KEYPOINTS', 'SCAN_IDENTICAL_SCAN']) {
      const d = classifyFailure(f({ code, status: 400 }));
      expect(d.action).toBe('attention');
      if (d.action === 'attention') expect(d.attention.actions).toContain('recapture');
    }
  });
  it('409 marking conflicts run the landing check first', () => {
    expect(classifyFailure(f({ code: 'COMPOSITE_TAG_CONFLICT', status: 409 })).action).toBe('conflict');
    expect(classifyFailure(f({ code: 'IDENTIFIER_ALREADY_BOUND', status: 409 })).action).toBe('conflict');
    expect(classifyFailure(f({ code: 'THREAD_DATA_CONFLICT', status: 409 })).action).toBe('reread');
  });
  it('5xx, timeouts and resets after sending leave the outcome unknown', () => {
    expect(classifyFailure(f({ code: 'SERVICE_ERROR', status: 500 }))).toEqual({ action: 'unknown', offline: false });
    expect(classifyFailure(f({ kind: 'timeout', code: 'TIMEOUT', status: null, outcomeUnknown: true }))).toEqual({ action: 'unknown', offline: true });
    expect(classifyFailure(f({ kind: 'network', code: 'NETWORK_ERROR', status: null, outcomeUnknown: true }))).toEqual({ action: 'unknown', offline: true });
  });
  it('a refused connection is a plain retry: nothing was sent', () => {
    expect(classifyFailure(f({ kind: 'network', code: 'NETWORK_ERROR', status: null, outcomeUnknown: false }))).toEqual({
      action: 'backoff',
      rateLimited: false,
      offline: true,
    });
  });
  it('other 4xx need a person, with the code and message', () => {
    const d = classifyFailure(f({ code: 'NOT_FOUND', status: 404, message: 'No such Thread' }));
    expect(d).toMatchObject({ action: 'attention', attention: { code: 'NOT_FOUND', status: 404, requestId: 'req-1' } });
    if (d.action === 'attention') expect(d.attention.reason).toContain('No such Thread');
  });
  it('the definitive 500s are answers: a failed extraction asks for a recapture, a failed verify for a person', () => {
    const extraction = classifyFailure(f({ code: 'SCAN_EXTRACTION_FAILURE', status: 500 }));
    expect(extraction).toMatchObject({ action: 'attention', attention: { actions: ['recapture', 'discard'] } });
    expect(classifyFailure(f({ code: 'IDENTIFIER_VERIFY_FAILED', status: 500 })).action).toBe('attention');
  });
  it('agrees with the service client on every code of the spec: a landing check exactly where a write may have landed, a backoff exactly where it may be resent', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      const attempt = { kind: 'service' as const, code, status, connected: true };
      const decision = classifyFailure(f({ code, status, outcomeUnknown: isOutcomeUnknown(attempt, false) }));
      expect([code, decision.action === 'unknown']).toEqual([code, isOutcomeUnknown(attempt, false)]);
      expect([code, decision.action === 'backoff']).toEqual([code, mayResend(attempt, false, { ...DEFAULT_RETRY, retryWritesOn429: true })]);
    }
  });
  it('backoff grows and stays under its cap', () => {
    const mid = () => 0.5;
    expect(backoffDelay(1, mid)).toBeLessThan(backoffDelay(4, mid));
    expect(backoffDelay(50, () => 0.999)).toBeLessThanOrEqual(15_000);
  });
});
