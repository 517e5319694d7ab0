// Random Reels, Labels and Threads for the property-style tests of the move and bulk-bind rules.
import type { LabelState, MemberState, ReelState } from '../../../src-sandbox/domain/labels/model';
import type { ThreadView } from '../../../src-sandbox/domain/labels/bulk-bind';
import type { Gen } from './gen';

export const TEAM = '00000000-0000-4000-8000-00000000aaaa';
export const OTHER_TEAM = '00000000-0000-4000-8000-00000000bbbb';
const NOW = '2026-01-01T00:00:00.000Z';

export function member(gen: Gen, tagType: MemberState['tagType'], overrides: Partial<MemberState> = {}): MemberState {
  return {
    tagId: gen.id(),
    tagType,
    value: tagType === 'SVC' ? null : `V-${gen.int(1, 40)}`,
    fingerprintId: tagType === 'SVC' ? `fp-${gen.id()}` : null,
    archivedAt: null,
    identifiable: tagType === 'SVC' ? gen.bool(0.3) : false,
    ...overrides,
  };
}

export function reel(gen: Gen, overrides: Partial<ReelState> = {}): ReelState {
  return {
    collectionId: gen.id(),
    name: `Reel ${gen.int(1, 999)}`,
    ownerTeamId: TEAM,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
    transferredAt: null,
    ...overrides,
  };
}

export function label(gen: Gen, onReel: ReelState, position: number, overrides: Partial<LabelState> = {}): LabelState {
  const members = [member(gen, 'TEXT'), member(gen, 'QR'), member(gen, 'SVC')].filter(() => gen.bool(0.85));
  return {
    compositeTagId: gen.id(),
    reelCollectionId: onReel.collectionId,
    position,
    name: `L${position}`,
    ownerTeamId: onReel.ownerTeamId,
    archivedAt: null,
    transferredAt: null,
    boundThreadId: null,
    members: members.length > 0 ? members : [member(gen, 'TEXT')],
    ...overrides,
  };
}

/**
 * A Reel with Labels on a random subset of positions 1..maxPosition (each with probability `fill`); some
 * archived, shipped or bound (each with probability `odd`).
 */
export function populatedReel(gen: Gen, maxPosition: number, odd = 0.15, fill = 0.8): { reel: ReelState; labels: LabelState[] } {
  const r = reel(gen);
  const labels: LabelState[] = [];
  for (let p = 1; p <= maxPosition; p += 1) {
    if (!gen.bool(fill)) continue;
    labels.push(
      label(gen, r, p, {
        archivedAt: gen.bool(odd) ? NOW : null,
        transferredAt: gen.bool(odd / 2) ? NOW : null,
        boundThreadId: gen.bool(odd) ? gen.id() : null,
      }),
    );
  }
  return { reel: r, labels };
}

export function thread(gen: Gen, overrides: Partial<ThreadView> = {}): ThreadView {
  return {
    threadId: gen.id(),
    name: `Thread ${gen.int(1, 9999)}`,
    description: gen.bool() ? 'a description' : null,
    ownerTeamId: TEAM,
    archivedAt: null,
    transferId: null,
    transferredAt: null,
    processingLockedAt: null,
    canEdit: true,
    boundLabels: [],
    ...overrides,
  };
}
