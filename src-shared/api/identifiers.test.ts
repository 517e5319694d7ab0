import { describe, it, expect } from 'vitest';
import {
  IdentifyAmbiguousErrorSchema,
  IdentifyNoMatchErrorSchema,
  IdentifyNotBoundErrorSchema,
  IdentifyQualityRejectErrorSchema,
  IdentifySearchIncompleteErrorSchema,
} from './errors';
import { IDS, exampleIdentifier, exampleLabel, exampleScan, exampleThread } from './examples';
import {
  BindFieldsSchema,
  BindResponseSchema,
  ExtractResponseSchema,
  IDENTIFY_OUTCOMES,
  IdentifyFieldsSchema,
  IdentifySuccessResponseSchema,
  TagActivateBodySchema,
  TagTextBodySchema,
  TagUpdateBodySchema,
  VerifyFieldsSchema,
  VerifyMultiResponseSchema,
  VerifySingleResponseSchema,
  classifyIdentifyResponse,
  classifyVerifyResponse,
} from './identifiers';

const tag = exampleIdentifier();
const thread = exampleThread();

// One example per row of the spec table "Identify outcomes (eight)": [outcome, HTTP, body].
const EIGHT: ReadonlyArray<[string, number, Record<string, unknown>]> = [
  ['identified', 200, { type: 'identified', identified: { tag, thread, extraInfo: 1 }, scan: exampleScan() }],
  [
    'matches',
    200,
    {
      type: 'matches',
      matches: [
        { tag, thread, svcId: 'svc_a' },
        { tag: exampleIdentifier({ tagId: IDS.tag2 }), thread: exampleThread({ threadId: IDS.thread2 }), svcId: 'svc_b' },
      ],
      scan: exampleScan({ svcId: null }),
    },
  ],
  ['label', 200, { type: 'label', label: { label: exampleLabel(), tags: [tag] } }],
  [
    'no_match',
    404,
    {
      code: 'IDENTIFIER_NOT_FOUND',
      message: 'Not found',
      status: 404,
      detail: { outcome: 'no_match', teamsSearched: [IDS.team], scan: exampleScan({ svcId: null }) },
    },
  ],
  [
    'search_incomplete',
    503,
    {
      code: 'SCAN_SEARCH_INCOMPLETE',
      message: 'Try again',
      status: 503,
      detail: { outcome: 'search_incomplete', teamsSearched: [IDS.team], teamsUnreachable: [IDS.otherTeam], orgsUnreachable: [] },
    },
  ],
  [
    'ambiguous',
    409,
    {
      code: 'SCAN_AMBIGUOUS_MATCH',
      message: 'Ambiguous',
      status: 409,
      detail: {
        outcome: 'ambiguous',
        candidates: [
          { tagId: IDS.tag, threadId: IDS.thread },
          { tagId: IDS.tag2, threadId: IDS.thread2 },
        ],
        boundCandidates: 2,
        attempts: 2,
        scan: exampleScan({ svcId: null }),
      },
    },
  ],
  [
    'quality_reject',
    400,
    {
      code: 'SCAN_LOW_KEYPOINTS',
      message: 'Rescan',
      status: 400,
      detail: { outcome: 'quality_reject', scan: exampleScan({ fingerprintId: null, svcId: null }) },
    },
  ],
  ['not_bound', 404, { code: 'IDENTIFIER_NOT_BOUND', message: 'Not bound', status: 404 }],
];

describe('identify: the eight outcomes (spec: Errors, Identify outcomes)', () => {
  it('covers eight outcomes', () => {
    expect(IDENTIFY_OUTCOMES).toHaveLength(8);
    expect(EIGHT.map(([o]) => o)).toEqual([...IDENTIFY_OUTCOMES]);
  });

  it.each(EIGHT)('%s (HTTP %i) is classified', (outcome, status, body) => {
    const r = classifyIdentifyResponse(status, body);
    expect(r?.outcome).toBe(outcome);
  });

  it('success bodies parse with their discriminant', () => {
    for (const [outcome, status, body] of EIGHT.filter(([, s]) => s === 200)) {
      expect(IdentifySuccessResponseSchema.parse(body).type).toBe(outcome);
      expect(status).toBe(200);
    }
  });

  it('error bodies parse with their pinned schemas (code, status, detail.outcome)', () => {
    const byOutcome = Object.fromEntries(EIGHT.map(([o, , b]) => [o, b]));
    expect(IdentifyNoMatchErrorSchema.parse(byOutcome.no_match).detail.outcome).toBe('no_match');
    expect(IdentifySearchIncompleteErrorSchema.parse(byOutcome.search_incomplete).detail.teamsUnreachable).toEqual([IDS.otherTeam]);
    expect(IdentifyAmbiguousErrorSchema.parse(byOutcome.ambiguous).detail.boundCandidates).toBe(2);
    expect(IdentifyQualityRejectErrorSchema.parse(byOutcome.quality_reject).detail.scan?.fingerprintId).toBeNull();
    expect(IdentifyNotBoundErrorSchema.parse(byOutcome.not_bound).code).toBe('IDENTIFIER_NOT_BOUND');
    // a no-match envelope with the wrong outcome or status is refused by the pinned schema
    expect(IdentifyNoMatchErrorSchema.safeParse({ ...byOutcome.no_match, status: 500 }).success).toBe(false);
    expect(IdentifyNoMatchErrorSchema.safeParse({ ...byOutcome.no_match, detail: { outcome: 'ambiguous', teamsSearched: [] } }).success).toBe(false);
  });

  it('every quality-reject code classifies as quality_reject', () => {
    for (const code of ['SCAN_LOW_KEYPOINTS', 'SCAN_NO_KEYPOINTS', 'SCAN_IDENTICAL_SCAN']) {
      const body = { code, message: 'x', status: 400, detail: { outcome: 'quality_reject' } };
      expect(classifyIdentifyResponse(400, body)?.outcome).toBe('quality_reject');
      expect(IdentifyQualityRejectErrorSchema.safeParse(body).success).toBe(true);
    }
  });

  it('hands back the scan receipt from top-level scan or detail.scan', () => {
    expect(classifyIdentifyResponse(200, EIGHT[0]?.[2])?.scan?.svcId).toBe('svc_01');
    expect(classifyIdentifyResponse(404, EIGHT[3]?.[2])?.scan?.scanId).toBe('scan_01');
    expect(classifyIdentifyResponse(404, EIGHT[7]?.[2])?.scan).toBeNull();
  });

  it('is null for answers that are none of the eight', () => {
    expect(classifyIdentifyResponse(401, { code: 'UNAUTHORIZED', message: 'x', status: 401 })).toBeNull();
    expect(classifyIdentifyResponse(200, { type: 'something' })).toBeNull();
    expect(classifyIdentifyResponse(502, '<html>')).toBeNull();
  });

  it('identify fields: data or (ANY with tagId); searchTeamIds as JSON text', () => {
    expect(IdentifyFieldsSchema.parse({ tagType: 'QR', data: 'https://x/1', searchTeamIds: `["${IDS.team}"]` }).searchTeamIds).toEqual([IDS.team]);
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'ANY', tagId: IDS.tag }).success).toBe(true);
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'ANY' }).success).toBe(false);
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'QR', tagId: IDS.tag, data: 'x' }).success).toBe(false);
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'TEXT' }).success).toBe(false);
    // SVC data may come as a file part, so the text fields alone are fine
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'SVC', options: '{"returnAnnotatedImage":true}' }).success).toBe(true);
    expect(IdentifyFieldsSchema.safeParse({ tagType: 'QR', data: 'x', searchTeamIds: '["not-a-uuid"]' }).success).toBe(false);
  });
});

describe('verify: response by candidate count (spec: Scanning and identifiers)', () => {
  it('exactly 1 candidate: match is 200 {tag, scan?}', () => {
    const body = { tag, scan: exampleScan() };
    expect(VerifySingleResponseSchema.parse(body).tag.tagId).toBe(IDS.tag);
    expect(classifyVerifyResponse(1, 200, body)).toEqual({ verified: true, tag: VerifySingleResponseSchema.parse(body).tag, scan: exampleScan() });
  });

  it('exactly 1 candidate: no match is 500 IDENTIFIER_VERIFY_FAILED with receipt in detail.scan', () => {
    const body = { code: 'IDENTIFIER_VERIFY_FAILED', message: 'no', status: 500, detail: { scan: exampleScan({ svcId: null }) } };
    const r = classifyVerifyResponse(1, 500, body);
    expect(r?.verified).toBe(false);
    expect(r?.scan?.svcId).toBeNull();
    // a different 500 is not a verify outcome
    expect(classifyVerifyResponse(1, 500, { code: 'SERVICE_ERROR', message: 'x', status: 500 })).toBeNull();
  });

  it('2 or more: success true carries verifiedTag and counts', () => {
    const body = { success: true, verifiedTag: tag, attemptedCount: 2, failedCount: 1, scan: exampleScan() };
    expect(VerifyMultiResponseSchema.parse(body).success).toBe(true);
    expect(classifyVerifyResponse(2, 200, body)?.verified).toBe(true);
  });

  it('2 or more: a 200 with success false is NOT a match', () => {
    const body = { success: false, attemptedCount: 3, failedCount: 3, error: 'no candidate matched' };
    expect(VerifyMultiResponseSchema.parse(body).success).toBe(false);
    expect(classifyVerifyResponse(3, 200, body)).toEqual({ verified: false, scan: null, error: null });
    // success true without verifiedTag is malformed
    expect(VerifyMultiResponseSchema.safeParse({ success: true, attemptedCount: 2, failedCount: 0 }).success).toBe(false);
    expect(classifyVerifyResponse(2, 200, { success: true, attemptedCount: 2, failedCount: 0 })).toBeNull();
  });

  it('verify fields need tags [{tagId, tagType}] (JSON text accepted)', () => {
    const ok = VerifyFieldsSchema.parse({
      threadId: IDS.thread,
      tagType: 'SVC',
      tags: JSON.stringify([{ tagId: IDS.tag, tagType: 'SVC' }]),
    });
    expect(ok.tags).toEqual([{ tagId: IDS.tag, tagType: 'SVC' }]);
    expect(VerifyFieldsSchema.safeParse({ threadId: IDS.thread, tagType: 'SVC', tags: '[]' }).success).toBe(false);
    expect(VerifyFieldsSchema.safeParse({ threadId: IDS.thread, tagType: 'SVC' }).success).toBe(false);
  });
});

describe('extract, bind, text, update, activate', () => {
  it('extract response', () => {
    expect(ExtractResponseSchema.parse({ id: 'fp_1', qualityScore: 0.82, scan: exampleScan({ svcId: null }), debug: 1 })).toEqual({
      id: 'fp_1',
      qualityScore: 0.82,
      scan: exampleScan({ svcId: null }),
    });
  });

  it('bind fields and response (with label and boundTags)', () => {
    const f = BindFieldsSchema.parse({ threadId: IDS.thread, tagType: 'NFC', data: '04A224B1C25E80', activateLabel: 'true' });
    expect(f.activateLabel).toBe(true);
    expect(BindFieldsSchema.safeParse({ threadId: IDS.thread, tagType: 'NFC' }).success).toBe(false);
    const r = BindResponseSchema.parse({ tag, label: exampleLabel({ boundThreadId: IDS.thread }), boundTags: [tag], scan: exampleScan() });
    expect(r.label?.boundThreadId).toBe(IDS.thread);
  });

  it('text needs name and/or description; update sets archivedAt timestamp or null', () => {
    expect(TagTextBodySchema.safeParse({ tagId: IDS.tag, threadId: IDS.thread }).success).toBe(false);
    expect(TagTextBodySchema.safeParse({ tagId: IDS.tag, threadId: IDS.thread, description: 'left side' }).success).toBe(true);
    expect(TagUpdateBodySchema.parse({ tagId: IDS.tag, threadId: IDS.thread, archivedAt: null }).archivedAt).toBeNull();
    expect(TagUpdateBodySchema.safeParse({ tagId: IDS.tag, threadId: IDS.thread, tagType: 'QR' }).success).toBe(false);
  });

  it('activate accepts 1..200 tagIds', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `2d2e0a01-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(TagActivateBodySchema.safeParse({ tagIds: ids(200) }).success).toBe(true);
    expect(TagActivateBodySchema.safeParse({ tagIds: ids(201) }).success).toBe(false);
    expect(TagActivateBodySchema.safeParse({ tagIds: [] }).success).toBe(false);
  });
});
