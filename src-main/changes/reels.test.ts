import { describe, expect, it } from 'vitest';
import { matchesReelFilters } from './reels';

// The Reels list's filters (spec: `GET /reels` collectionId, unfiled, transferred, q): the local rule. The same
// filters end to end against the sandbox: test/integration/station/reels-list.test.ts.

describe('matchesReelFilters', () => {
  const reel = { name: 'Reel North 7', description: 'Line B', collectionId: 'c1' };
  it('searches name and description, case-insensitively', () => {
    expect(matchesReelFilters(reel, null, { q: 'north' })).toBe(true);
    expect(matchesReelFilters(reel, null, { q: 'line b' })).toBe(true);
    expect(matchesReelFilters(reel, null, { q: 'south' })).toBe(false);
    expect(matchesReelFilters(reel, null, { q: '  ' })).toBe(true);
  });
  it('filters by filing', () => {
    expect(matchesReelFilters(reel, null, { collectionId: 'c1' })).toBe(true);
    expect(matchesReelFilters(reel, null, { collectionId: 'c2' })).toBe(false);
    expect(matchesReelFilters(reel, null, { unfiled: true })).toBe(false);
    expect(matchesReelFilters({ ...reel, collectionId: null }, null, { unfiled: true })).toBe(true);
  });
  it('filters by shipped state', () => {
    const at = '2026-01-02T03:04:05.000Z';
    expect(matchesReelFilters(reel, at, { transferred: 'only' })).toBe(true);
    expect(matchesReelFilters(reel, null, { transferred: 'only' })).toBe(false);
    expect(matchesReelFilters(reel, at, { transferred: 'hide' })).toBe(false);
    expect(matchesReelFilters(reel, null, { transferred: 'hide' })).toBe(true);
    expect(matchesReelFilters(reel, at, { transferred: 'any' })).toBe(true);
  });
});
