import { printChecksAt, printedPositions, type PrintCheck } from '../../src-shared/domain/print-check';
import { reelProblems } from '../../src-shared/domain/reel-changes';
import type { LabelView, ReelProblem, ReelView } from '../../src-shared/ipc/reels';
import type { Db } from '../store/database';
import { countLabelsByState, type LocalLabel } from '../store/labels';
import type { LocalReel } from '../store/reels';

// Local rows → the contract's views.

/**
 * A whole Reel's Labels as views, each checked against the Reel's print data on this bench, with the Reel's problems
 * (docs/print-run.md, "The check against the print data").
 */
export function reelLabelViews(labels: readonly LocalLabel[]): { labels: LabelView[]; hasPrintData: boolean; problems: ReelProblem[] } {
  // One pass over the Labels (a Reel of 10,000 is answered whole: docs/sync.md, "Opening at shop scale").
  const views = labelViews(labels, printedPositions(labels));
  return { labels: views, hasPrintData: labels.some((label) => label.expected !== null), problems: reelProblems(views) };
}

/** Some of a Reel's Labels as views, checked against `printedAt`, the Reel's print data (printedPositions of all its Labels). */
export function labelViews(labels: readonly LocalLabel[], printedAt: ReadonlyMap<string, number>): LabelView[] {
  const checks = printChecksAt(labels, printedAt);
  return labels.map((label, index) => labelView(label, checks[index] as PrintCheck));
}

function labelView(label: LocalLabel, check: PrintCheck): LabelView {
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
    printCheck: check.result,
    printFindings: check.findings,
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
    direction: reel.direction,
  };
}

/** The counts the service gave (a count it left out is not shown as zero). */
function definedCounts(counts: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
