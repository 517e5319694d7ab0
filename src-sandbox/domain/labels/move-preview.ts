// spec: Labels and Reels, Move — "Preview changes nothing and returns `span`, `count`, `boundCount`, first and
// last Labels, `predictedOutcome` (`kept_positions`, `appended` or null), `countMatches`, `suggestedLast` (a
// suggestion only, never applied)."
import { isActiveLabel, type LabelState } from './model';
import { computeMove, reportedSpan, type PlacementOutcome, type ReportedSpan } from './move-plan';
import type { MoveRequest } from './move-request';
import { MoveIndex, type MoveWorld } from './move-source';

interface LabelEnd {
  compositeTagId: string;
  position: number;
}

export interface MovePreview {
  span: ReportedSpan | null;
  count: number;
  boundCount: number;
  first: LabelEnd | null;
  last: LabelEnd | null;
  /** What a commit of the same body does; null when there is nothing to move. */
  predictedOutcome: PlacementOutcome | null;
  /** null when no expectedCount was given. */
  countMatches: boolean | null;
  /**
   * Our reading of `suggestedLast`: for a range or scan-bounded source with `expectedCount`, the position of the
   * expectedCount-th active Label counted from the span's start on the source Reel, i.e. the toPosition that
   * would make the count match; null without expectedCount, for the ids shape, or when the Reel runs out first.
   */
  suggestedLast: LabelEnd | null;
}

function end(label: LabelState | undefined): LabelEnd | null {
  return label ? { compositeTagId: label.compositeTagId, position: label.position } : null;
}

/**
 * The preview of a move: the same computation as the commit (computeMove), changing nothing. It refuses what
 * the commit refuses about the source and target; a count mismatch or an empty span is reported, not refused.
 */
export function previewMove(world: MoveWorld, request: MoveRequest): MovePreview {
  const index = new MoveIndex(world);
  const plan = computeMove(world, request);
  const { source } = plan;
  const count = source.labels.length;
  let suggestedLast: LabelEnd | null = null;
  if (request.expectedCount !== undefined && request.expectedCount > 0 && source.span !== null) {
    const reel = source.sourceReel;
    const active = index
      .labelsOn(reel.collectionId)
      .filter((l) => l.position >= (source.span?.fromPosition ?? 0) && isActiveLabel(l, reel))
      .sort((a, b) => a.position - b.position);
    suggestedLast = end(active[request.expectedCount - 1]);
  }
  return {
    span: reportedSpan(source),
    count,
    boundCount: source.labels.filter((l) => l.boundThreadId !== null).length,
    first: end(source.labels[0]),
    last: end(source.labels[count - 1]),
    predictedOutcome: count > 0 ? plan.outcome : null,
    countMatches: request.expectedCount === undefined ? null : request.expectedCount === count,
    suggestedLast,
  };
}
