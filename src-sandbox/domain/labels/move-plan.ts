// What a move does. spec: Labels and Reels, Move.
import type { ExpectedIdentifier } from '../../../src-shared/api/labels';
import type { MoveCut } from '../../../src-shared/api/move';
import { normalizeExpectedIdentifiers } from './composition';
import type { LabelState, ReelState } from './model';
import type { MoveRequest, MoveTarget, NewReelSpec } from './move-request';
import { MoveIndex, resolveMoveSource, type MoveWorld, type ResolvedSource } from './move-source';
import { invalidRequest } from './rule-error';

export type PlacementOutcome = 'kept_positions' | 'appended';

type ResolvedTarget =
  | { kind: 'existing'; reel: ReelState }
  /** A Reel to create; its composition is resolved (inherited from the source Reel when none given). */
  | { kind: 'new'; spec: NewReelSpec; expectedIdentifiers: ExpectedIdentifier[] };

interface MovedLabel {
  compositeTagId: string;
  fromReelCollectionId: string;
  fromPosition: number;
  toPosition: number;
  bound: boolean;
}

export interface MovePlan {
  source: ResolvedSource;
  target: ResolvedTarget;
  outcome: PlacementOutcome;
  moved: MovedLabel[];
  /** For range and scan-bounded sources. spec: Move — "for range or scan-bounded sources, `cut`". */
  cut: MoveCut | null;
}

function resolveTarget(index: MoveIndex, target: MoveTarget, source: ResolvedSource): ResolvedTarget {
  if ('newReel' in target) {
    // spec: Move — newReel "inherits the source Reel's composition when none given".
    const expectedIdentifiers =
      target.newReel.expectedIdentifiers === undefined
        ? source.sourceReel.expectedIdentifiers.map((e) => ({ ...e }))
        : normalizeExpectedIdentifiers(target.newReel.expectedIdentifiers);
    return { kind: 'new', spec: target.newReel, expectedIdentifiers };
  }
  const reel = index.reel(target.reelCollectionId);
  if (reel.transferredAt !== null) {
    throw invalidRequest('target_transferred', 'The target Reel was shipped; move the Labels to a Reel of your own.', {
      reelCollectionId: reel.collectionId,
    });
  }
  return { kind: 'existing', reel };
}

/**
 * spec: Move — "Positions are kept if all are free on the target, otherwise the whole batch is appended after the
 * target's last position in source order." Labels of the batch vacate their positions, so on the same Reel they
 * do not block themselves; two batch Labels from different Reels at one position cannot both keep it.
 */
function place(index: MoveIndex, target: ResolvedTarget, labels: readonly LabelState[]): { outcome: PlacementOutcome; positions: number[] } {
  const moving = new Set(labels.map((l) => l.compositeTagId));
  const staying = target.kind === 'existing' ? index.labelsOn(target.reel.collectionId).filter((l) => !moving.has(l.compositeTagId)) : [];
  const occupied = new Set(staying.map((l) => l.position));
  const wanted = labels.map((l) => l.position);
  const keep = new Set(wanted).size === wanted.length && wanted.every((p) => !occupied.has(p));
  if (keep) return { outcome: 'kept_positions', positions: wanted };
  let last = 0;
  for (const p of occupied) if (p > last) last = p;
  return { outcome: 'appended', positions: labels.map((_, i) => last + 1 + i) };
}

function cutOf(source: ResolvedSource, moved: readonly MovedLabel[]): MoveCut | null {
  if (source.span === null) return null;
  const bound = moved.filter((m) => m.bound);
  return {
    sourceReel: { collectionId: source.sourceReel.collectionId, name: source.sourceReel.name },
    fromPosition: source.span.fromPosition,
    toPosition: source.span.toPosition,
    count: moved.length,
    boundCount: bound.length,
    boundPositions: bound.map((m) => m.fromPosition),
    gaps: [...source.gaps],
  };
}

/** The move's effect without the expectedCount check (shared by commit and preview). */
export function computeMove(world: MoveWorld, request: Pick<MoveRequest, 'source' | 'target'>): MovePlan {
  const index = new MoveIndex(world);
  const source = resolveMoveSource(index, request.source);
  const target = resolveTarget(index, request.target, source);
  const { outcome, positions } = place(index, target, source.labels);
  const moved = source.labels.map((l, i) => ({
    compositeTagId: l.compositeTagId,
    fromReelCollectionId: l.reelCollectionId,
    fromPosition: l.position,
    toPosition: positions[i] as number,
    bound: l.boundThreadId !== null,
  }));
  return { source, target, outcome, moved, cut: cutOf(source, moved) };
}

export interface ReportedSpan {
  reelCollectionId: string;
  fromPosition: number;
  toPosition: number;
}

/**
 * The span a source covers: the cut's span, or for an id list on one Reel its lowest and highest position;
 * null for an id list spanning several Reels (src-shared/api/move.ts, MoveSpanSchema).
 */
export function reportedSpan(source: ResolvedSource): ReportedSpan | null {
  const reelCollectionId = source.sourceReel.collectionId;
  if (source.span) return { reelCollectionId, ...source.span };
  if (source.labels.some((l) => l.reelCollectionId !== reelCollectionId)) return null;
  const positions = source.labels.map((l) => l.position);
  return { reelCollectionId, fromPosition: Math.min(...positions), toPosition: Math.max(...positions) };
}

function spanBounds(source: ResolvedSource): { fromPosition: number | null; toPosition: number | null } {
  const span = reportedSpan(source);
  return { fromPosition: span?.fromPosition ?? null, toPosition: span?.toPosition ?? null };
}

/**
 * Plan a move for commit. Throws LabelRuleError: 404 for unknown Reels/Labels, 400 INVALID_REQUEST with
 * `detail.reason` for a refused source/target, `count_mismatch`, or `nothing_to_move`.
 */
export function planMove(world: MoveWorld, request: MoveRequest): MovePlan {
  const plan = computeMove(world, request);
  const actual = plan.moved.length;
  // spec: Move — "When `expectedCount` is given and the number of active Labels to move differs, the move is
  // refused with 400 INVALID_REQUEST, `detail.reason` `count_mismatch` (with expected, actual, fromPosition, toPosition)."
  if (request.expectedCount !== undefined && request.expectedCount !== actual) {
    throw invalidRequest(
      'count_mismatch',
      `Expected ${request.expectedCount} Labels to move but the span holds ${actual} active Labels; check the span with move/preview.`,
      { expected: request.expectedCount, actual, ...spanBounds(plan.source) },
    );
  }
  // Our choice: a move of nothing is refused, so a mistyped span never creates an empty Reel.
  if (actual === 0) {
    throw invalidRequest('nothing_to_move', 'The span holds no active Label; check the positions with move/preview.', spanBounds(plan.source));
  }
  return plan;
}
