// Rows of the shared tables this area reads and writes (src-sandbox/store/README.md), and their conversion to
// the plain data the Label rules take (domain/labels/model.ts).
import type { ExpectedIdentifier, ReelWarning } from '../../src-shared/api/labels';
import type { LabelState, MemberState, ReelState } from '../domain/labels';
import type { CollectionRow, LabelRow, TagRow } from './rows';

export function parseExpected(row: Pick<CollectionRow, 'expected_identifiers'>): ExpectedIdentifier[] {
  const parsed = JSON.parse(row.expected_identifiers) as unknown;
  return Array.isArray(parsed) ? (parsed as ExpectedIdentifier[]) : [];
}

export function parseWarnings(row: Pick<CollectionRow, 'warnings'>): ReelWarning[] {
  const parsed = JSON.parse(row.warnings) as unknown;
  return Array.isArray(parsed) ? (parsed as ReelWarning[]) : [];
}

export function toReelState(row: CollectionRow): ReelState {
  return {
    collectionId: row.collection_id,
    name: row.name,
    ownerTeamId: row.owner_team_id,
    expectedIdentifiers: parseExpected(row),
    transferredAt: row.transferred_at,
  };
}

function toMemberState(row: TagRow): MemberState {
  return {
    tagId: row.tag_id,
    tagType: row.tag_type,
    value: row.value,
    fingerprintId: row.fingerprint_id,
    archivedAt: row.archived_at,
    identifiable: row.identifiable === 1,
  };
}

export function toLabelState(row: LabelRow, members: readonly TagRow[]): LabelState {
  return {
    compositeTagId: row.composite_tag_id,
    reelCollectionId: row.reel_id,
    position: row.position,
    name: row.human_readable,
    ownerTeamId: row.owner_team_id,
    archivedAt: row.archived_at,
    transferredAt: row.transferred_at,
    boundThreadId: row.bound_thread_id,
    members: members.map(toMemberState),
  };
}
