// spec: Labels and Reels, Move — "body has a source, a target and optional `expectedCount`".
import type { ExpectedIdentifier } from '../../../src-shared/api/labels';

export type MoveSource =
  /** Moved in the given order. */
  | { compositeTagIds: string[] }
  /** `toPosition` defaults to the Reel's last position. */
  | { reelCollectionId: string; fromPosition: number; toPosition?: number }
  /**
   * Scan-bounded, either order. `reelCollectionId` (our addition, optional) names the Reel the operator is
   * cutting, so scanning a Label from another Reel is refused as `endpoint_not_on_reel`.
   */
  | { fromCompositeTagId: string; toCompositeTagId: string; reelCollectionId?: string };

export interface NewReelSpec {
  name: string;
  description?: string;
  collectionId?: string | null;
  expectedIdentifiers?: ExpectedIdentifier[];
}

export type MoveTarget = { reelCollectionId: string } | { newReel: NewReelSpec };

export interface MoveRequest {
  source: MoveSource;
  target: MoveTarget;
  expectedCount?: number;
}

/** Preview may omit the target: it then reports the span alone (predictedOutcome null). */
export interface MovePreviewRequest {
  source: MoveSource;
  target?: MoveTarget;
  expectedCount?: number;
}
