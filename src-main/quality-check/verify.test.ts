import { describe, expect, it } from 'vitest';
import { IDENTIFY_OUTCOMES, type IdentifyOutcome } from '../../src-shared/api/identifiers';
import type { MarkingAnswer, ServiceClient } from '../service';
import { judgeScan } from './verify';

// judgeScan over a scripted client: each of the eight identify outcomes gives its own sample outcome, keeps the
// service's code and the request id of the answer the verdict rests on, and says whether a rescan can help.

const OWN = 'label-17';
const CODES: Partial<Record<IdentifyOutcome, string>> = {
  no_match: 'IDENTIFIER_NOT_FOUND',
  search_incomplete: 'SCAN_SEARCH_INCOMPLETE',
  ambiguous: 'SCAN_AMBIGUOUS_MATCH',
  quality_reject: 'SCAN_LOW_KEYPOINTS',
  not_bound: 'IDENTIFIER_NOT_BOUND',
};

function client(marking: MarkingAnswer, candidates: { compositeTagId: string; position: number }[] = [{ compositeTagId: OWN, position: 17 }]): ServiceClient {
  return {
    labels: {
      resolve: (_body: unknown, opts?: { onAttempt?: (a: { requestId: string }) => void }) => {
        opts?.onAttempt?.({ requestId: 'req-resolve' });
        return Promise.resolve({ detail: null, candidates });
      },
    },
    tags: { identifyMarking: () => Promise.resolve(marking) },
  } as unknown as ServiceClient;
}

const scan = { identifiers: [{ tagType: 'TEXT' as const, value: 'SER-17' }], capture: { sha256: 'a'.repeat(64), data: Buffer.from([0xff, 0xd8]) } };
const check = (c: ServiceClient) => judgeScan(c, { reelServiceId: 'reel', position: 17, compositeTagId: OWN, scan });

describe('judgeScan and the eight identify outcomes', () => {
  it.each(IDENTIFY_OUTCOMES)('%s', async (outcome) => {
    const names = outcome === 'label' || outcome === 'identified';
    const result = await check(
      client({ outcome, compositeTagId: names ? OWN : null, position: names ? 17 : null, code: CODES[outcome] ?? null, requestId: 'req-identify' }),
    );
    expect(result.requestId).toBe('req-identify');
    if (names) {
      expect(result).toMatchObject({ pass: true, outcome: 'verified', retry: false });
      expect(result.code).toBeUndefined();
      return;
    }
    expect(result).toMatchObject({ pass: false, outcome, retry: outcome === 'search_incomplete' || outcome === 'quality_reject' });
    expect(result.code).toBe(CODES[outcome]);
    expect(result.reason).toMatch(/^position 17's optical check: /);
  });

  it("a value on another position fails on the resolve's request id, naming both positions", async () => {
    const result = await check(
      client({ outcome: 'label', compositeTagId: OWN, position: 17, code: null, requestId: 'req-identify' }, [{ compositeTagId: 'label-40', position: 40 }]),
    );
    expect(result).toMatchObject({ pass: false, outcome: 'wrong_position', foundPosition: 40, requestId: 'req-resolve', retry: false });
    expect(result.reason).toBe("position 17 read SER-17, which is position 40's");
  });
});
