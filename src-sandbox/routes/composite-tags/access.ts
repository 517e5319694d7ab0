// What the caller's context may see and change in this area.
// spec: Labels and Reels, Authority — "Team and organization ownership come only from context headers".
// Reels, Label Collections and Labels are owned by a Team; another Team's read as 404 (spec: Thread visibility
// rule, applied the same way: "what is not visible in the context reads 404").
import type { SvcContext } from '../../http/context';
import type { SandboxStore } from '../../store';

import { labelError } from './errors';
import type { CollectionRow, LabelRow } from '../../store/rows';

function owned(row: { org_id: string; owner_team_id: string } | undefined, svc: SvcContext): boolean {
  return row !== undefined && row.org_id === svc.orgId && row.owner_team_id === svc.teamId;
}

export function visibleReel(store: SandboxStore, svc: SvcContext, reelId: string): CollectionRow {
  const row = store.reels.getCollectionRow(reelId);
  if (!owned(row, svc) || row?.kind !== 'reel') throw labelError('NOT_FOUND', { reason: 'reel_not_found', id: reelId });
  return row;
}

export function visibleLabelCollection(store: SandboxStore, svc: SvcContext, collectionId: string, reason = 'collection_not_found'): CollectionRow {
  const row = store.reels.getCollectionRow(collectionId);
  if (!owned(row, svc) || row?.kind !== 'reel_collection') throw labelError('NOT_FOUND', { reason, id: collectionId, collectionId });
  return row;
}

export function visibleLabel(store: SandboxStore, svc: SvcContext, compositeTagId: string): LabelRow {
  const row = store.labels.getLabelRow(compositeTagId);
  if (!owned(row, svc) || !row) throw labelError('NOT_FOUND', { reason: 'label_not_found', id: compositeTagId });
  return row;
}
