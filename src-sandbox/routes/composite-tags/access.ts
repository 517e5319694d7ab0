// What the caller's context may see and change in this area.
// spec: Labels and Reels, Authority — "Team and organization ownership come only from context headers".
// Reels, Label Collections and Labels are owned by a Team; another Team's read as 404 (spec: Thread visibility
// rule, applied the same way: "what is not visible in the context reads 404").
import type { SvcContext } from '../../http/context';
import type { SandboxDb } from '../../store/db';
import { labelError } from './errors';
import { getLabelRow } from '../../store/labels';
import { getCollectionRow } from '../../store/reels';
import type { CollectionRow, LabelRow } from '../../store/label-states';

function owned(row: { org_id: string; owner_team_id: string } | undefined, svc: SvcContext): boolean {
  return row !== undefined && row.org_id === svc.orgId && row.owner_team_id === svc.teamId;
}

export function visibleReel(db: SandboxDb, svc: SvcContext, reelId: string): CollectionRow {
  const row = getCollectionRow(db, reelId);
  if (!owned(row, svc) || row?.kind !== 'reel') throw labelError('NOT_FOUND', { reason: 'reel_not_found', id: reelId });
  return row;
}

export function visibleLabelCollection(db: SandboxDb, svc: SvcContext, collectionId: string, reason = 'collection_not_found'): CollectionRow {
  const row = getCollectionRow(db, collectionId);
  if (!owned(row, svc) || row?.kind !== 'reel_collection') throw labelError('NOT_FOUND', { reason, id: collectionId, collectionId });
  return row;
}

export function visibleLabel(db: SandboxDb, svc: SvcContext, compositeTagId: string): LabelRow {
  const row = getLabelRow(db, compositeTagId);
  if (!owned(row, svc) || !row) throw labelError('NOT_FOUND', { reason: 'label_not_found', id: compositeTagId });
  return row;
}
