// Label enrollment: where a new Label goes and whether it may be created.
// spec: Labels and Reels — `POST /reels/{reel_collection_id}/labels` and "Create Label rules".
import type { TagType } from '../../../src-shared/api/common';
import { markingConflict } from './marking-conflicts';
import { activeMembers, type LabelState, type MarkingPeer, type ReelState } from './model';
import { lastPosition, nextFreePosition } from './reel-positions';
import { compositeTagConflict, invalidRequest } from './rule-error';

/** One identifier the enrollment yields (after `qrValue` is expanded and an image became a fingerprint). */
export type NewMember = { tagType: Exclude<TagType, 'SVC'>; value: string } | { tagType: 'SVC'; fingerprintId: string };

export interface EnrollmentInput {
  reel: ReelState;
  /** The Labels on the Reel, any state: every one, or at least the one at `position` and the one at the last position
   *  (all this decision reads; store/labels.ts labelStatesForEnrollment). */
  labelsOnReel: readonly LabelState[];
  position?: number;
  identifiers: readonly NewMember[];
  /** For each SVC fingerprint in `identifiers`: the other active identifiers carrying that marking. */
  markingPeers: ReadonlyMap<string, readonly MarkingPeer[]>;
}

export type EnrollmentDecision = { outcome: 'created'; position: number; members: NewMember[] } | { outcome: 'already_enrolled'; label: LabelState };

function fingerprints(identifiers: readonly NewMember[]): string[] {
  return identifiers.flatMap((i) => (i.tagType === 'SVC' ? [i.fingerprintId] : []));
}

/** Whether `label` already carries one of the optical markings: the same fingerprint, or a peer match (a fresh
 *  capture of the same tag has its own fingerprint id). */
function carriesMarking(label: LabelState, fingerprintIds: readonly string[], peers: EnrollmentInput['markingPeers']): boolean {
  if (activeMembers(label).some((m) => m.fingerprintId !== null && fingerprintIds.includes(m.fingerprintId))) return true;
  return fingerprintIds.some((fp) => (peers.get(fp) ?? []).some((p) => p.compositeTagId === label.compositeTagId));
}

/** Decide an enrollment. Throws LabelRuleError with the spec's code when it is refused. */
export function decideEnrollment(input: EnrollmentInput): EnrollmentDecision {
  const { reel, labelsOnReel, identifiers } = input;
  // spec: Create Label rules — "at least one identifier must result".
  if (identifiers.length === 0) {
    throw invalidRequest('no_identifiers', 'A Label needs at least one identifier: send `identifiers`, `qrValue` or a `data` image.');
  }
  if (reel.transferredAt !== null) {
    throw invalidRequest('reel_transferred', 'This Reel was shipped; enroll new Labels on a Reel of your own.', {
      reelCollectionId: reel.collectionId,
    });
  }
  const fps = fingerprints(identifiers);
  if (new Set(fps).size !== fps.length) {
    throw invalidRequest('repeated_marking', 'The same optical marking is named twice in one enrollment; send it once.');
  }

  const position = input.position ?? nextFreePosition(labelsOnReel);
  const occupant = labelsOnReel.find((l) => l.position === position);
  // spec: Create Label rules — "a retry with the same optical marking at the same position returns
  // `outcome: already_enrolled`". Our reading for a retry without `position`: the first attempt took the next
  // free position, which is now the Reel's last, so the retry matches the last Label.
  const retryTarget = input.position === undefined ? labelsOnReel.find((l) => l.position === lastPosition(labelsOnReel)) : occupant;
  if (fps.length > 0 && retryTarget && carriesMarking(retryTarget, fps, input.markingPeers)) {
    return { outcome: 'already_enrolled', label: retryTarget };
  }
  if (occupant) {
    throw compositeTagConflict('position_occupied', `Position ${position} of this Reel already holds a Label; choose a free position or omit it to append.`, {
      position,
      compositeTagId: occupant.compositeTagId,
    });
  }
  for (const fp of fps) {
    const conflict = markingConflict(fp, input.markingPeers.get(fp) ?? [], null);
    if (conflict) throw conflict;
  }
  return { outcome: 'created', position, members: [...identifiers] };
}
