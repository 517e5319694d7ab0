import { describe, expect, it } from 'vitest';
import { IDENTIFY_OUTCOMES as API_IDENTIFY_OUTCOMES } from '../api/identifiers';
import { IDENTIFY_OUTCOMES, describeIdentifyOutcome, judgeSample, lotVerdict, type IdentifyOutcome, type SampleCheckInput } from './verification';

const L17 = '00000000-0000-4000-8000-000000000017';
const L18 = '00000000-0000-4000-8000-000000000018';
const L40 = '00000000-0000-4000-8000-000000000040';

const at17 = (overrides: Partial<SampleCheckInput>): SampleCheckInput => ({ position: 17, compositeTagId: L17, reads: [], ...overrides });

describe('identify outcomes', () => {
  it('are the eight outcomes of the spec, the same list the api module classifies into', () => {
    expect(IDENTIFY_OUTCOMES).toBe(API_IDENTIFY_OUTCOMES);
    expect([...IDENTIFY_OUTCOMES].sort()).toEqual(
      ['ambiguous', 'identified', 'label', 'matches', 'no_match', 'not_bound', 'quality_reject', 'search_incomplete'].sort(),
    );
  });

  it('each has its code and an English wording of what happened and what to do', () => {
    const texts = new Set<string>();
    for (const outcome of IDENTIFY_OUTCOMES) {
      const d = describeIdentifyOutcome(outcome);
      expect(d.code).toBe(outcome);
      expect(d.what.length).toBeGreaterThan(20);
      expect(d.action.length).toBeGreaterThan(10);
      expect(d.text).toBe(`${d.what} ${d.action}`);
      // judgeSample joins findings with "; ", so a wording must not contain it.
      expect(d.text).not.toContain('; ');
      texts.add(d.text);
    }
    expect(texts.size).toBe(8);
  });

  it('an incomplete search is never worded as not found, and asks for a retry', () => {
    const d = describeIdentifyOutcome('search_incomplete');
    expect(d.text).not.toMatch(/not found|found no/i);
    expect(d.retry).toBe(true);
    expect(describeIdentifyOutcome('no_match').text).toMatch(/found no marking/);
  });

  it('a rejected capture asks for a rescan; an ambiguous match says a new capture will not help', () => {
    expect(describeIdentifyOutcome('quality_reject')).toMatchObject({ retry: true, action: expect.stringMatching(/scan again/) });
    expect(describeIdentifyOutcome('ambiguous')).toMatchObject({ retry: false, action: expect.stringMatching(/new capture will not settle it/) });
  });
});

describe('judgeSample', () => {
  it('passes when every value resolves to this Label at this position and the optical marking names it', () => {
    const r = judgeSample(
      at17({
        reads: [
          { value: 'SER-0017', candidates: [{ compositeTagId: L17, position: 17 }] },
          { value: 'https://q.example/17', candidates: [{ compositeTagId: L17, position: 17 }] },
        ],
        optical: { outcome: 'label', compositeTagId: L17 },
      }),
    );
    expect(r).toEqual({
      position: 17,
      pass: true,
      outcome: 'verified',
      reason: "position 17 passed: SER-0017 is this Label's; https://q.example/17 is this Label's; the optical marking identifies this Label",
    });
  });

  it('passes an optical identify of a bound Label (identified) naming this Label', () => {
    expect(judgeSample(at17({ optical: { outcome: 'identified', compositeTagId: L17, position: 17 } })).pass).toBe(true);
  });

  it("fails a value that resolves to another position, naming both: position 17 read SER-0018, which is position 18's", () => {
    const r = judgeSample(at17({ reads: [{ value: 'SER-0018', candidates: [{ compositeTagId: L18, position: 18 }] }] }));
    expect(r).toEqual({ position: 17, pass: false, outcome: 'wrong_position', foundPosition: 18, reason: "position 17 read SER-0018, which is position 18's" });
  });

  it('names every other position a misplaced value is on', () => {
    const r = judgeSample(
      at17({
        reads: [
          {
            value: 'SER-0018',
            candidates: [
              { compositeTagId: L40, position: 40 },
              { compositeTagId: L18, position: 18 },
            ],
          },
        ],
      }),
    );
    expect(r).toMatchObject({
      pass: false,
      outcome: 'wrong_position',
      foundPosition: 18,
      reason: "position 17 read SER-0018, which is position 18's and position 40's",
    });
  });

  it('fails a value that resolves to nothing as not on the service', () => {
    const r = judgeSample(at17({ reads: [{ value: 'SER-9999', candidates: [] }] }));
    expect(r).toMatchObject({ pass: false, outcome: 'not_on_service' });
    expect(r.reason).toMatch(/^position 17 read SER-9999, which is not on the service/);
    expect(r.foundPosition).toBeUndefined();
  });

  it('passes a value repeated on other positions when it is also this Label’s, and says where else it is', () => {
    const r = judgeSample(
      at17({
        reads: [
          {
            value: 'LOT-7',
            candidates: [
              { compositeTagId: L17, position: 17 },
              { compositeTagId: L40, position: 40 },
            ],
          },
        ],
      }),
    );
    expect(r).toMatchObject({ pass: true, outcome: 'verified' });
    expect(r.reason).toContain('also on position 40');
  });

  it('fails a value the service has on a different Label at this same position (the station record is stale)', () => {
    const r = judgeSample(at17({ reads: [{ value: 'SER-0017', candidates: [{ compositeTagId: L18, position: 17 }] }] }));
    expect(r).toMatchObject({ pass: false, outcome: 'wrong_label' });
    expect(r.reason).toMatch(/refresh the Reel/);
  });

  it('fails a value of this Label when the service has the Label at another position', () => {
    const r = judgeSample(at17({ reads: [{ value: 'SER-0017', candidates: [{ compositeTagId: L17, position: 18 }] }] }));
    expect(r).toMatchObject({ pass: false, outcome: 'wrong_position', foundPosition: 18, reason: "position 17 read SER-0017, which is position 18's" });
  });

  it("fails an optical marking that identifies another position's Label, finding its position from the answer or the reads", () => {
    expect(judgeSample(at17({ optical: { outcome: 'label', compositeTagId: L18, position: 18 } }))).toMatchObject({
      pass: false,
      outcome: 'wrong_position',
      foundPosition: 18,
      reason: "position 17's optical marking identifies position 18's Label",
    });
    const fromReads = judgeSample(
      at17({
        reads: [{ value: 'SER-0018', candidates: [{ compositeTagId: L18, position: 18 }] }],
        optical: { outcome: 'identified', compositeTagId: L18 },
      }),
    );
    expect(fromReads.reason).toBe("position 17 read SER-0018, which is position 18's; position 17's optical marking identifies position 18's Label");
  });

  it('fails an optical marking naming an unknown Label or no Label', () => {
    expect(judgeSample(at17({ optical: { outcome: 'label', compositeTagId: L40 } }))).toMatchObject({
      pass: false,
      outcome: 'wrong_label',
      reason: `position 17's optical marking identifies another Label (${L40})`,
    });
    expect(judgeSample(at17({ optical: { outcome: 'identified', compositeTagId: null } }))).toMatchObject({ pass: false, outcome: 'wrong_label' });
  });

  const otherOutcomes = IDENTIFY_OUTCOMES.filter((o): o is Exclude<IdentifyOutcome, 'label' | 'identified'> => o !== 'label' && o !== 'identified');
  it.each(otherOutcomes)('fails an optical identify answering %s, with its wording', (outcome) => {
    const r = judgeSample(at17({ reads: [{ value: 'SER-0017', candidates: [{ compositeTagId: L17, position: 17 }] }], optical: { outcome } }));
    expect(r).toMatchObject({ pass: false, outcome });
    expect(r.reason).toBe(`position 17's optical check: ${describeIdentifyOutcome(outcome).text}`);
  });

  it('fails a Label with nothing checked', () => {
    expect(judgeSample(at17({}))).toMatchObject({ pass: false, outcome: 'not_checked', reason: expect.stringMatching(/was not checked/) });
  });

  it('reports the first failure as the outcome and every failure in the reason', () => {
    const r = judgeSample(
      at17({
        reads: [
          { value: 'SER-9999', candidates: [] },
          { value: 'SER-0018', candidates: [{ compositeTagId: L18, position: 18 }] },
        ],
        optical: { outcome: 'no_match' },
      }),
    );
    expect(r.outcome).toBe('not_on_service');
    expect(r.foundPosition).toBe(18);
    expect(r.reason.split('; ')).toHaveLength(3);
  });
});

describe('lotVerdict', () => {
  const plan = { sampleSize: 80, accept: 1, reject: 2 };
  const results = (n: number, failures: number, from = 1) => Array.from({ length: n }, (_, i) => ({ position: from + i, pass: i >= failures }));

  it('accepts after the whole sample with failures at most Ac', () => {
    expect(lotVerdict(plan, results(80, 0))).toEqual({ inspected: 80, failed: 0, accept: true, complete: true, decision: 'accept' });
    expect(lotVerdict(plan, results(80, 1))).toEqual({ inspected: 80, failed: 1, accept: true, complete: true, decision: 'accept' });
  });

  it('rejects with failures at Re after the whole sample', () => {
    expect(lotVerdict(plan, results(80, 2))).toEqual({ inspected: 80, failed: 2, accept: false, complete: true, decision: 'reject' });
  });

  it('rejects as soon as the failures reach Re, reporting that it was decided early', () => {
    expect(lotVerdict(plan, results(10, 2))).toEqual({ inspected: 10, failed: 2, accept: false, complete: false, decision: 'reject', decidedEarly: true });
    expect(lotVerdict({ sampleSize: 20, accept: 0, reject: 1 }, results(1, 1))).toMatchObject({ decision: 'reject', decidedEarly: true });
  });

  it('stays pending while the sample is incomplete and the failures are below Re, even at most Ac', () => {
    expect(lotVerdict(plan, results(79, 1))).toEqual({ inspected: 79, failed: 1, accept: false, complete: false, decision: 'pending' });
    expect(lotVerdict(plan, [])).toEqual({ inspected: 0, failed: 0, accept: false, complete: false, decision: 'pending' });
  });

  it('judges a 100 % inspection (sample = lot) by the same numbers', () => {
    expect(lotVerdict({ sampleSize: 10, accept: 0, reject: 1 }, results(10, 0))).toMatchObject({ decision: 'accept', accept: true });
  });

  it('refuses more results than the sample and a position judged twice', () => {
    expect(() => lotVerdict(plan, results(81, 0))).toThrow(/81 results for a sample of 80/);
    expect(() => lotVerdict(plan, [...results(2, 0), { position: 1, pass: false }])).toThrow(/position 1 is judged twice/);
  });
});
