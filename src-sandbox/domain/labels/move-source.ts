// Which Labels a move takes. spec: Labels and Reels, Move — source shapes, "Every active Label in the span moves;
// positions with an archived, shipped or no Label stay as gaps".
import { isShipped, type LabelState, type ReelState } from './model';
import type { MoveGap } from '../../../src-shared/api/move';
import type { MoveSource } from './move-request';
import { lastPosition } from './reel-positions';
import { invalidRequest, notFound } from './rule-error';

/** What the rules may see: the Reels and Labels visible to the caller that the move touches. */
export interface MoveWorld {
  reels: readonly ReelState[];
  labels: readonly LabelState[];
}

export interface ResolvedSource {
  shape: 'ids' | 'range' | 'scan';
  /** The Reel cut (range, scan) or the first listed Label's Reel (ids): a new Reel inherits its composition. */
  sourceReel: ReelState;
  /** Inclusive span; null for the ids shape. */
  span: { fromPosition: number; toPosition: number } | null;
  /** The Labels that move, in source order. */
  labels: LabelState[];
  /** Positions in the span with no active Label, and why. */
  gaps: MoveGap[];
}

export class MoveIndex {
  readonly reelById = new Map<string, ReelState>();
  readonly labelById = new Map<string, LabelState>();
  readonly labelsByReel = new Map<string, LabelState[]>();

  constructor(world: MoveWorld) {
    for (const r of world.reels) this.reelById.set(r.collectionId, r);
    for (const l of world.labels) {
      this.labelById.set(l.compositeTagId, l);
      const list = this.labelsByReel.get(l.reelCollectionId) ?? [];
      list.push(l);
      this.labelsByReel.set(l.reelCollectionId, list);
    }
  }

  reel(id: string): ReelState {
    const reel = this.reelById.get(id);
    if (!reel) throw notFound('No such Reel in this Team; list the Reels to find its id.', { reelCollectionId: id });
    return reel;
  }

  label(id: string): LabelState {
    const label = this.labelById.get(id);
    if (!label) throw notFound('No such Label in this Team; resolve it by scanning one of its identifiers.', { compositeTagId: id });
    return label;
  }

  labelsOn(reelId: string): LabelState[] {
    return this.labelsByReel.get(reelId) ?? [];
  }
}

function spanOf(index: MoveIndex, reel: ReelState, fromPosition: number, toPosition: number, shape: 'range' | 'scan'): ResolvedSource {
  const byPosition = new Map(index.labelsOn(reel.collectionId).map((l) => [l.position, l]));
  const labels: LabelState[] = [];
  const gaps: MoveGap[] = [];
  for (let p = fromPosition; p <= toPosition; p += 1) {
    const label = byPosition.get(p);
    if (!label) gaps.push({ position: p, reason: 'empty' });
    else if (isShipped(label, reel)) gaps.push({ position: p, reason: 'transferred' });
    else if (label.archivedAt !== null) gaps.push({ position: p, reason: 'archived' });
    else labels.push(label);
  }
  return { shape, sourceReel: reel, span: { fromPosition, toPosition }, labels, gaps };
}

function fromIds(index: MoveIndex, ids: readonly string[]): ResolvedSource {
  if (ids.length === 0) throw invalidRequest('no_labels', 'compositeTagIds is empty; name at least one Label to move.');
  if (new Set(ids).size !== ids.length) {
    throw invalidRequest('repeated_label', 'A Label is named twice in compositeTagIds; name each Label once.');
  }
  const labels = ids.map((id) => index.label(id));
  for (const label of labels) {
    const reel = index.reel(label.reelCollectionId);
    if (isShipped(label, reel)) {
      throw invalidRequest('label_transferred', 'A listed Label was shipped and can no longer move.', {
        compositeTagId: label.compositeTagId,
      });
    }
    if (label.archivedAt !== null) {
      throw invalidRequest('label_archived', 'A listed Label is archived; unarchive it first or leave it out.', {
        compositeTagId: label.compositeTagId,
      });
    }
  }
  const first = labels[0] as LabelState;
  return { shape: 'ids', sourceReel: index.reel(first.reelCollectionId), span: null, labels, gaps: [] };
}

function fromScan(index: MoveIndex, source: { fromCompositeTagId: string; toCompositeTagId: string }): ResolvedSource {
  const a = index.label(source.fromCompositeTagId);
  const b = index.label(source.toCompositeTagId);
  // spec: Move — "both active Labels on the same Reel, otherwise `detail.reason` is `endpoints_on_different_reels`,
  // `endpoint_archived` or `endpoint_not_on_reel`". Our reading of the last: a shipped end Label has left the
  // Reel it was printed on (the sender keeps only read access), so it cannot bound a cut.
  if (a.reelCollectionId !== b.reelCollectionId) {
    throw invalidRequest('endpoints_on_different_reels', 'The two scanned Labels are on different Reels; scan both ends of one Reel.', {
      fromReelCollectionId: a.reelCollectionId,
      toReelCollectionId: b.reelCollectionId,
    });
  }
  const reel = index.reel(a.reelCollectionId);
  for (const end of [a, b]) {
    if (isShipped(end, reel)) {
      throw invalidRequest('endpoint_not_on_reel', 'A scanned end Label was shipped and is no longer on a Reel you can cut; scan an active Label.', {
        compositeTagId: end.compositeTagId,
      });
    }
    if (end.archivedAt !== null) {
      throw invalidRequest('endpoint_archived', 'A scanned end Label is archived; scan an active Label as the end of the cut.', {
        compositeTagId: end.compositeTagId,
      });
    }
  }
  return spanOf(index, reel, Math.min(a.position, b.position), Math.max(a.position, b.position), 'scan');
}

function fromRange(index: MoveIndex, source: { reelCollectionId: string; fromPosition: number; toPosition?: number }): ResolvedSource {
  const reel = index.reel(source.reelCollectionId);
  // spec: Move — "toPosition defaults to the Reel's last position". An empty Reel has none: the span is the one position.
  const toPosition = source.toPosition ?? lastPosition(index.labelsOn(reel.collectionId)) ?? source.fromPosition;
  if (toPosition < source.fromPosition) {
    throw invalidRequest('invalid_range', 'toPosition is before fromPosition; give the range in ascending order.', {
      fromPosition: source.fromPosition,
      toPosition,
    });
  }
  return spanOf(index, reel, source.fromPosition, toPosition, 'range');
}

/** The Labels a move takes, in source order. Throws LabelRuleError (404, or 400 with `detail.reason`). */
export function resolveMoveSource(index: MoveIndex, source: MoveSource): ResolvedSource {
  if ('compositeTagIds' in source) return fromIds(index, source.compositeTagIds);
  if ('fromCompositeTagId' in source) return fromScan(index, source);
  return fromRange(index, source);
}
