import { checkLabels, type PrintCheck } from '../../src-shared/domain/print-check';
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
  const checked = checkLabels(labels);
  return {
    labels: checked.map((l) => labelView(l, l.check)),
    hasPrintData: labels.some((l) => l.expected !== null),
    problems: checked.flatMap((l) =>
      l.check.result === 'mismatch'
        ? [{ kind: 'printMismatch' as const, position: l.position, labelId: l.labelId, origin: l.origin, findings: l.check.findings }]
        : [],
    ),
  };
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
