import { describe, expect, it } from 'vitest';
import { decideIdentify, type IdentifyCandidate } from './identify-outcome';
import { identifyScope } from './identify-scope';

const bound = (tagId: string, threadId: string): IdentifyCandidate => ({ tagId, threadId, compositeTagId: null });
const loose = (tagId: string): IdentifyCandidate => ({ tagId, threadId: null, compositeTagId: null });
const inLabel = (tagId: string, compositeTagId: string): IdentifyCandidate => ({ tagId, threadId: null, compositeTagId });

describe('identify outcome', () => {
  it('identifies the one bound identifier, ignoring unbound ones beside it', () => {
    expect(decideIdentify({ optical: true, candidates: [loose('a'), bound('b', 't1')], unreachableTeamIds: [] })).toEqual({
      outcome: 'identified',
      candidate: bound('b', 't1'),
    });
  });

  it('calls several bound optical identifiers ambiguous and several bound values matches', () => {
    const candidates = [bound('a', 't1'), bound('b', 't2')];
    expect(decideIdentify({ optical: true, candidates, unreachableTeamIds: [] }).outcome).toBe('ambiguous');
    expect(decideIdentify({ optical: false, candidates, unreachableTeamIds: [] })).toEqual({ outcome: 'matches', candidates });
  });

  it('counts one identifier found twice once', () => {
    expect(decideIdentify({ optical: true, candidates: [bound('a', 't1'), bound('a', 't1')], unreachableTeamIds: [] }).outcome).toBe('identified');
  });

  it('offers an unbound Label rather than a miss', () => {
    expect(decideIdentify({ optical: false, candidates: [loose('a'), inLabel('b', 'L')], unreachableTeamIds: ['x'] })).toEqual({
      outcome: 'label',
      candidate: inLabel('b', 'L'),
    });
  });

  it('never reports not found while a partition was unreachable', () => {
    expect(decideIdentify({ optical: true, candidates: [loose('a')], unreachableTeamIds: ['x'] }).outcome).toBe('search_incomplete');
    expect(decideIdentify({ optical: true, candidates: [loose('a')], unreachableTeamIds: [] }).outcome).toBe('no_match');
    expect(decideIdentify({ optical: false, candidates: [], unreachableTeamIds: [] }).outcome).toBe('no_match');
  });

  it('still answers a match found in the reachable partitions', () => {
    expect(decideIdentify({ optical: true, candidates: [bound('a', 't')], unreachableTeamIds: ['x'] }).outcome).toBe('identified');
  });
});

describe('identify scope', () => {
  const callerTeamIds = new Set(['t-root', 't-bench']);
  it('searches exactly the context Team when searchTeamIds is omitted', () => {
    expect(identifyScope({ requested: undefined, contextTeamId: 't-bench', callerTeamIds })).toEqual(['t-bench']);
  });
  it("keeps the caller's own Teams and silently drops the others and repeats", () => {
    expect(identifyScope({ requested: ['t-root', 'other', 't-bench', 't-root'], contextTeamId: 't-bench', callerTeamIds })).toEqual(['t-root', 't-bench']);
    expect(identifyScope({ requested: ['other'], contextTeamId: 't-bench', callerTeamIds })).toEqual([]);
  });
});
