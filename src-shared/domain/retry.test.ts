import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../api/errors';
import { RETRY_GUIDANCE, backoffDelay, backoffStep, parseRetryAfter, retryGuidance, retryRule, type RetryRule } from './retry';

// The spec's retry table (spec: Errors, Retry guidance), row by row: the service client and the sync engine
// both answer from it, so a change here changes both.

const rule = (code: ErrorCode): Omit<RetryRule, 'advice'> => {
  const { advice: _advice, ...rest } = retryRule(code, ERROR_STATUS[code]);
  return rest;
};

describe('the retry table', () => {
  it.each([
    // 429: yes, with backoff (reads and writes: nothing was applied), and it is rate limiting
    ['RATE_LIMITED', { resend: 'any', writeOutcomeUnknown: false, rateLimited: true }],
    // 503 SCAN_SEARCH_INCOMPLETE, SCAN_BACKEND_UNAVAILABLE: yes; the capture is fine
    ['SCAN_SEARCH_INCOMPLETE', { resend: 'any', writeOutcomeUnknown: false, rateLimited: false }],
    ['SCAN_BACKEND_UNAVAILABLE', { resend: 'any', writeOutcomeUnknown: false, rateLimited: false }],
    // 503 SCAN_ROUTING_UNAVAILABLE: no
    ['SCAN_ROUTING_UNAVAILABLE', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    // 5xx: reads with backoff; for writes first check whether the write landed
    ['SERVICE_ERROR', { resend: 'reads', writeOutcomeUnknown: true, rateLimited: false }],
    ['UNKNOWN_ERROR', { resend: 'reads', writeOutcomeUnknown: true, rateLimited: false }],
    // the definitive 500s are answers, not server failures
    ['IDENTIFIER_VERIFY_FAILED', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['SCAN_EXTRACTION_FAILURE', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    // 400 quality rejections: no; rescan. 404, 409: no.
    ['SCAN_LOW_KEYPOINTS', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['IDENTIFIER_NOT_FOUND', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['SCAN_AMBIGUOUS_MATCH', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['THREAD_DATA_CONFLICT', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['UNAUTHORIZED', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
    ['INVALID_REQUEST', { resend: 'none', writeOutcomeUnknown: false, rateLimited: false }],
  ] as const)('%s', (code, expected) => {
    expect(rule(code)).toEqual(expected);
  });

  it('gives the advice per code, for every code of the spec', () => {
    expect(RETRY_GUIDANCE.UNAUTHORIZED).toBe('refresh_token_once');
    expect(RETRY_GUIDANCE.THREAD_DATA_CONFLICT).toBe('reread_and_reapply');
    expect(RETRY_GUIDANCE.SCAN_IDENTICAL_SCAN).toBe('rescan');
    expect(RETRY_GUIDANCE.SCAN_EXTRACTION_FAILURE).toBe('rescan');
    expect(RETRY_GUIDANCE.SCAN_ROUTING_UNAVAILABLE).toBe('do_not_retry');
    expect(Object.keys(RETRY_GUIDANCE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('reads codes it does not know by their status, and the 401 and 429 rows by status alone', () => {
    expect(retryGuidance('NEW_CODE', 429)).toBe('backoff');
    expect(retryGuidance('NEW_CODE', 401)).toBe('refresh_token_once');
    expect(retryGuidance('NEW_CODE', 502)).toBe('server_failure');
    expect(retryGuidance('NEW_CODE', 400)).toBe('do_not_retry');
    expect(retryGuidance('NEW_CODE', null)).toBe('do_not_retry');
    expect(retryRule('NEW_CODE', 429)).toEqual({ advice: 'backoff', resend: 'any', writeOutcomeUnknown: false, rateLimited: true });
    expect(retryRule('NEW_CODE', 502)).toMatchObject({ resend: 'reads', writeOutcomeUnknown: true });
    // a proxy's 429 in front of any code is still "back off"
    expect(retryRule('SERVICE_ERROR', 429)).toMatchObject({ advice: 'backoff', rateLimited: true, writeOutcomeUnknown: false });
  });
});

describe('backoffDelay', () => {
  it('doubles from base per attempt with equal jitter: within [step/2, step)', () => {
    expect(backoffDelay(1, () => 0, 100, 1000)).toBe(50);
    expect(backoffDelay(1, () => 0.999, 100, 1000)).toBe(99);
    expect(backoffDelay(4, () => 0, 100, 1000)).toBe(400);
    expect(backoffDelay(4, () => 0.5, 100, 1000)).toBe(600);
  });

  it('steps double from base per attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5, 50].map((attempt) => backoffStep(attempt, 200, 2000))).toEqual([200, 400, 800, 1600, 2000, 2000]);
    expect(backoffStep(0, 200, 2000)).toBe(200);
  });

  it('stays under its cap however many attempts', () => {
    expect(backoffDelay(50, () => 0, 250, 15_000)).toBe(7_500);
    expect(backoffDelay(50, () => 0.999, 250, 15_000)).toBeLessThan(15_000);
    expect(backoffDelay(0, () => 0, 250, 15_000)).toBe(125);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP-dates, and nothing else', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(' 2 ', 0)).toBe(2000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:28:10 GMT'))).toBe(0);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
