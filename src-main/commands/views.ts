import { printChecks, type PrintCheck } from '../../src-shared/domain/print-check';
import type { LabelView, ReelView } from '../../src-shared/ipc/reels';
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
  const checks = printChecks(labels);
  const views: LabelView[] = [];
  const problems: ReelProblem[] = [];
  let hasPrintData = false;
  labels.forEach((label, index) => {
    const check = checks[index] as PrintCheck;
    views.push(labelView(label, check));
    if (label.expected !== null) hasPrintData = true;
    if (check.result === 'mismatch')
      problems.push({ kind: 'printMismatch', position: label.position, labelId: label.labelId, origin: label.origin, findings: check.findings });
  });
  return { labels: views, hasPrintData, problems };
}

type ReelProblem = { kind: 'printMismatch'; position: number; labelId: string; origin: LocalLabel['origin']; findings: PrintCheck['findings'] };

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
  };
}

/** The counts the service gave (a count it left out is not shown as zero). */
function definedCounts(counts: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
