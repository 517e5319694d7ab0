// Wire shapes of identifiers, Threads and Labels as this area answers them (src-shared/api schemas).
import type { ExpectedIdentifier, Label } from '../../../src-shared/api/labels';
import { isLabelComplete } from '../../../src-shared/api/labels';
import type { Identifier } from '../../../src-shared/api/tag';
import type { SandboxStore } from '../../store';
import type { LabelRow, TagRow } from '../../store/rows';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** spec: Identifier (tag) — `label` "present when the identifier belongs to a Label: the Label, its Reel and position". */
export function tagView(store: SandboxStore, row: TagRow): Identifier {
  let label: Identifier['label'] = null;
  if (row.composite_tag_id) {
    const ref = store.labels.labelPlace(row.composite_tag_id);
    if (ref)
      label = {
        compositeTagId: ref.composite_tag_id,
        reelCollectionId: ref.reel_id,
        position: ref.position,
        name: ref.human_readable,
        reelName: ref.reel_name,
      };
  }
  return {
    tagId: row.tag_id,
    tagType: row.tag_type,
    name: row.name,
    description: row.description,
    isPrivate: row.is_private === 1,
    archivedAt: row.archived_at,
    label,
    value: row.value,
    fingerprintId: row.fingerprint_id,
    threadId: row.thread_id,
    createdAt: row.created_at,
  };
}

function expectedOf(store: SandboxStore, reelId: string): ExpectedIdentifier[] {
  const row = store.reels.getCollectionRow(reelId);
  const parsed = row ? parseJson(row.expected_identifiers) : null;
  return Array.isArray(parsed) ? (parsed as ExpectedIdentifier[]) : [];
}

/** spec: Label — members, `complete`, archived, bound, transferredAt; identifiable per States ("DUST-type markings"). */
export function labelView(store: SandboxStore, labelOrId: LabelRow | string): Label | null {
  const row = typeof labelOrId === 'string' ? store.labels.getLabelRow(labelOrId) : labelOrId;
  if (!row) return null;
  const members = store.tags.labelMembers(row.composite_tag_id).map((m) => ({
    tagId: m.tag_id,
    tagType: m.tag_type,
    value: m.value,
    fingerprintId: m.fingerprint_id,
    archivedAt: m.archived_at,
    identifiable: m.identifiable === 1,
  }));
  const optical = members.filter((m) => m.tagType === 'SVC' && m.archivedAt === null);
  return {
    compositeTagId: row.composite_tag_id,
    reelCollectionId: row.reel_id,
    position: row.position,
    name: row.human_readable,
    ownerTeamId: row.owner_team_id,
    members,
    complete: isLabelComplete(members, expectedOf(store, row.reel_id)),
    bound: row.bound_thread_id !== null,
    archived: row.archived_at !== null,
    archivedAt: row.archived_at,
    boundThreadId: row.bound_thread_id,
    transferredAt: row.transferred_at,
    identifiable: optical.length > 0 && optical.every((m) => m.identifiable),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
