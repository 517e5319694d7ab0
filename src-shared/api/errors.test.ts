import { describe, it, expect } from 'vitest';
import {
  ERROR_CODES,
  ERROR_STATUS,
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  DetailOutcomeSchema,
  DetailReasonSchema,
  OutcomeDetailSchema,
  errorEnvelopeFor,
  isKnownErrorCode,
  makeErrorEnvelope,
  parseErrorEnvelope,
  NoMatchDetailSchema,
} from './errors';
import { exampleScan } from './examples';

// Rows copied from the spec's tables (Errors: "Request and authorization codes", "Identifier and scan codes").
const SPEC_ROWS: ReadonlyArray<[string, number]> = [
  ['INVALID_REQUEST', 400],
  ['INVALID_DATA', 400],
  ['UNAUTHORIZED', 401],
  ['FORBIDDEN', 403],
  ['ATTRIBUTION_REQUIRED', 403],
  ['ORG_ID_REQUIRED', 400],
  ['TEAM_ID_REQUIRED', 400],
  ['NOT_FOUND', 404],
  ['NO_DATA_FOUND', 404],
  ['RATE_LIMITED', 429],
  ['THREAD_DATA_CONFLICT', 409],
  ['COMPOSITE_TAG_CONFLICT', 409],
  ['UNKNOWN_ERROR', 500],
  ['SERVICE_ERROR', 500],
  ['IDENTIFIER_NOT_FOUND', 404],
  ['IDENTIFIER_NOT_BOUND', 404],
  ['IDENTIFIER_ALREADY_BOUND', 409],
  ['IDENTIFIER_VERIFY_FAILED', 500],
  ['SCAN_AMBIGUOUS_MATCH', 409],
  ['SCAN_SEARCH_INCOMPLETE', 503],
  ['SCAN_LOW_KEYPOINTS', 400],
  ['SCAN_NO_KEYPOINTS', 400],
  ['SCAN_IDENTICAL_SCAN', 400],
  ['SCAN_EXTRACTION_FAILURE', 500],
  ['SCAN_ROUTING_UNAVAILABLE', 503],
  ['SCAN_BACKEND_UNAVAILABLE', 503],
];

describe('error codes', () => {
  it('the enum holds exactly the codes of the spec tables', () => {
    expect([...ERROR_CODES].sort()).toEqual(SPEC_ROWS.map(([c]) => c).sort());
  });

  it.each(SPEC_ROWS)('%s parses as an envelope with status %i and maps to that status', (code, status) => {
    expect(ErrorCodeSchema.parse(code)).toBe(code);
    expect(isKnownErrorCode(code)).toBe(true);
    expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(status);
    const env = { code, message: 'localized text', status };
    expect(parseErrorEnvelope(env)).toEqual(env);
    // the pinned schema accepts the right status and refuses any other
    const pinned = errorEnvelopeFor(ErrorCodeSchema.parse(code), NoMatchDetailSchema.partial().optional());
    expect(pinned.safeParse(env).success).toBe(true);
    expect(pinned.safeParse({ ...env, status: status === 400 ? 409 : 400 }).success).toBe(false);
  });

  it('rejects an unknown code in the enum but still parses it as an envelope', () => {
    expect(ErrorCodeSchema.safeParse('SOMETHING_NEW').success).toBe(false);
    expect(isKnownErrorCode('SOMETHING_NEW')).toBe(false);
    expect(parseErrorEnvelope({ code: 'SOMETHING_NEW', message: 'x', status: 418 })?.code).toBe('SOMETHING_NEW');
  });
});

describe('error envelope', () => {
  it('keeps detail and strips unknown top-level fields', () => {
    const parsed = ErrorEnvelopeSchema.parse({
      code: 'INVALID_REQUEST',
      message: 'bad',
      status: 400,
      detail: { header: 'Svc-Ctx-Org-Id' },
      requestId: 'r-1',
    });
    expect(parsed).toEqual({ code: 'INVALID_REQUEST', message: 'bad', status: 400, detail: { header: 'Svc-Ctx-Org-Id' } });
  });

  it.each([
    ['null', null],
    ['a string', 'INVALID_REQUEST'],
    ['missing message', { code: 'NOT_FOUND', status: 404 }],
    ['non-numeric status', { code: 'NOT_FOUND', message: 'x', status: '404' }],
    ['2xx status', { code: 'NOT_FOUND', message: 'x', status: 200 }],
    ['empty code', { code: '', message: 'x', status: 404 }],
    ['detail not an object', { code: 'NOT_FOUND', message: 'x', status: 404, detail: 'nope' }],
  ])('parseErrorEnvelope returns null for %s', (_name, value) => {
    expect(parseErrorEnvelope(value)).toBeNull();
  });

  it('makeErrorEnvelope fills the status from the code', () => {
    expect(makeErrorEnvelope('RATE_LIMITED', 'slow down')).toEqual({ code: 'RATE_LIMITED', message: 'slow down', status: 429 });
    expect(makeErrorEnvelope('COMPOSITE_TAG_CONFLICT', 'x', { reason: 'position_occupied' }).detail).toEqual({
      reason: 'position_occupied',
    });
  });
});

describe('detail.outcome and detail.reason', () => {
  it('holds the four stable outcomes', () => {
    for (const o of ['no_match', 'search_incomplete', 'ambiguous', 'quality_reject']) {
      expect(DetailOutcomeSchema.safeParse(o).success).toBe(true);
    }
    expect(DetailOutcomeSchema.safeParse('identified').success).toBe(false);
  });

  it('holds the reasons the spec names', () => {
    for (const r of ['endpoints_on_different_reels', 'endpoint_archived', 'endpoint_not_on_reel', 'count_mismatch', 'label_owned_by_other_team']) {
      expect(DetailReasonSchema.safeParse(r).success).toBe(true);
    }
    expect(DetailReasonSchema.safeParse('because').success).toBe(false);
  });

  it('discriminates outcome details and requires their fields', () => {
    const incomplete = {
      outcome: 'search_incomplete',
      teamsSearched: ['t1'],
      teamsUnreachable: ['t2'],
      orgsUnreachable: [],
      scan: exampleScan({ svcId: null }),
    };
    expect(OutcomeDetailSchema.parse(incomplete).outcome).toBe('search_incomplete');
    expect(OutcomeDetailSchema.safeParse({ outcome: 'search_incomplete', teamsSearched: ['t1'] }).success).toBe(false);
    expect(OutcomeDetailSchema.safeParse({ outcome: 'no_match' }).success).toBe(false);
  });
});
