import type { LabelView, ReelView } from '../../src-shared/ipc/reels';
import type { Db } from '../store/database';
import { countLabelsByState, type LocalLabel } from '../store/labels';
import type { LocalReel } from '../store/reels';

// Local rows → the contract's views.

export function labelView(label: LocalLabel): LabelView {
  return {
    labelId: label.labelId,
    reelId: label.reelId,
    position: label.position,
    state: label.state,
    serviceId: label.serviceId,
    identifiers: label.identifiers,
    expected: label.expected,
    warnings: label.warnings,
    attention: label.attention,
    boundThreadId: label.boundThreadId,
    origin: label.origin,
  };
}

export function reelView(db: Db, reel: LocalReel): ReelView {
  return {
    reelId: reel.reelId,
    serviceId: reel.serviceId,
    name: reel.name,
    description: reel.description,
    collectionId: reel.collectionId,
    expectedIdentifiers: reel.expectedIdentifiers,
    labelCounts: countLabelsByState(db, reel.reelId),
    serviceCounts: reel.serviceSnapshot?.counts ? definedCounts(reel.serviceSnapshot.counts) : null,
    refreshedAt: reel.refreshedAt,
    benchRange: reel.benchRange,
  };
}

/** The counts the service gave (a count it left out is not shown as zero). */
function definedCounts(counts: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
