// Rows of the shared tables this area reads and writes (src-sandbox/store/README.md), and their conversion to
// the plain data the Label rules take (domain/labels/model.ts).
import type { TagType } from '../../../src-shared/api/common';
import type { ExpectedIdentifier, ReelWarning } from '../../../src-shared/api/labels';
import type { LabelState, MemberState, ReelState } from '../../domain/labels';

export interface CollectionRow {
  collection_id: string;
  kind: 'reel' | 'reel_collection';
  org_id: string;
  owner_team_id: string;
  name: string;
  description: string | null;
  filing_collection_id: string | null;
  expected_identifiers: string;
  warnings: string;
  transferred_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface LabelRow {
  composite_tag_id: string;
  reel_id: string;
  position: number;
  org_id: string;
  owner_team_id: string;
  human_readable: string | null;
  archived_at: string | null;
  bound_thread_id: string | null;
  bound_at: string | null;
  transferred_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TagRow {
  tag_id: string;
  tag_type: TagType;
  value: string | null;
  normalized_value: string | null;
  fingerprint_id: string | null;
  thread_id: string | null;
  composite_tag_id: string | null;
  org_id: string;
  owner_team_id: string;
  identifiable: number;
  archived_at: string | null;
  created_at: string;
}

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
