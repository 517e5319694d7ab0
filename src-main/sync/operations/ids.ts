import { getLabel } from '../../store/labels';
import { getCollection, getReel } from '../../store/reels';
import type { Db } from '../../store/database';
import { HandlerAttention } from '../failure';

// Local → service id mapping (docs/sync.md, "Subjects and dependencies"). A dependency guarantees the creating
// operation is done before these run; a missing id therefore means the local row was changed
// by hand or the creating operation was discarded.

export function reelServiceId(db: Db, reelId: string): string {
  const id = getReel(db, reelId)?.serviceId;
  if (!id)
    throw new HandlerAttention(
      'STATION_UNMAPPED_REEL',
      `The Reel ${reelId} has no service id yet (its creation was discarded or never sent); re-create the Reel or discard this operation.`,
    );
  return id;
}

export function labelServiceId(db: Db, labelId: string): string {
  const id = getLabel(db, labelId)?.serviceId;
  if (!id)
    throw new HandlerAttention(
      'STATION_UNMAPPED_LABEL',
      `The Label ${labelId} has no service id yet (its enrollment did not complete); fix or discard its enrollment first.`,
    );
  return id;
}

export function collectionServiceId(db: Db, collectionId: string | null | undefined): string | null | undefined {
  if (collectionId === undefined || collectionId === null) return collectionId;
  const id = getCollection(db, collectionId)?.serviceId;
  if (!id)
    throw new HandlerAttention(
      'STATION_UNMAPPED_COLLECTION',
      `The Label Collection ${collectionId} has no service id yet; discard this operation or re-create the collection.`,
    );
  return id;
}
