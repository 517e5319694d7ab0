// spec: Labels and Reels, Move — "body has a source, a target and optional `expectedCount`". The wire shapes
// live in src-shared/api/move.ts; the rules take them as they are.
export type { MoveBody as MoveRequest, MoveSource, MoveTarget } from '../../../src-shared/api/move';
import type { MoveTarget } from '../../../src-shared/api/move';

export type NewReelSpec = Extract<MoveTarget, { newReel: unknown }>['newReel'];
