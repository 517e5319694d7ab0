// The Label as the wire shows it. spec: Resources, Label — members, `complete`, archived, bound, transferredAt.
import type { Label } from '../../../src-shared/api/labels';
import { activeMembers, isComplete, type LabelState } from '../../domain/labels';
import type { SandboxStore } from '../../store';

import { parseExpected } from '../../store/label-states';
import type { CollectionRow, LabelRow } from '../../store/rows';

function labelViewOf(
  state: LabelState,
  row: Pick<LabelRow, 'created_at' | 'updated_at'>,
  reel: Pick<CollectionRow, 'expected_identifiers' | 'transferred_at'>,
): Label {
  const optical = activeMembers(state).filter((m) => m.tagType === 'SVC');
  return {
    compositeTagId: state.compositeTagId,
    reelCollectionId: state.reelCollectionId,
    position: state.position,
    name: state.name,
    ownerTeamId: state.ownerTeamId,
    members: state.members.map((m) => ({
      tagId: m.tagId,
      tagType: m.tagType,
      value: m.value,
      fingerprintId: m.fingerprintId,
      archivedAt: m.archivedAt,
      identifiable: m.identifiable,
    })),
    complete: isComplete(state.members, parseExpected(reel)),
    bound: state.boundThreadId !== null,
    archived: state.archivedAt !== null,
    archivedAt: state.archivedAt,
    boundThreadId: state.boundThreadId,
    // spec: States — a shipped Reel's Labels read as transferred; "sender keeps read access with transferredAt set".
    transferredAt: state.transferredAt ?? reel.transferred_at,
    identifiable: optical.length > 0 && optical.every((m) => m.identifiable),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function labelView(store: SandboxStore, row: LabelRow): Label {
  const reel = store.labels.reelOfLabel(row);
  return labelViewOf(store.labels.labelState(row), row, reel);
}
