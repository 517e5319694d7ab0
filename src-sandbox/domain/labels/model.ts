// The plain data the Label rules work on. The routes load these from the store, call a rule, and write its
// decision back; the rules themselves never touch I/O, so they are tested as plain functions over plain data.
import type { TagType } from '../../../src-shared/api/common';
import type { ExpectedIdentifier } from '../../../src-shared/api/labels';

/** One member identifier of a Label. spec: Resources, Identifier (tag); Label "has member identifiers". */
export interface MemberState {
  tagId: string;
  tagType: TagType;
  /** Decoded or printed value of the string types; null for SVC. */
  value: string | null;
  /** SVC: the fingerprint the optical marking was enrolled with; null for the string types. */
  fingerprintId: string | null;
  archivedAt: string | null;
  /** SVC: activated (identifiable) rather than verify-only. spec: States, "Label DUST-type markings". */
  identifiable: boolean;
}

/** A Label at a position on a Reel. spec: Resources, "Label, Reel, Label Collection". */
export interface LabelState {
  compositeTagId: string;
  reelCollectionId: string;
  position: number;
  /** The enrollment's humanReadable text. */
  name: string | null;
  ownerTeamId: string;
  archivedAt: string | null;
  transferredAt: string | null;
  boundThreadId: string | null;
  members: MemberState[];
}

/** A Reel. spec: Resources, Reel. */
export interface ReelState {
  collectionId: string;
  name: string;
  ownerTeamId: string;
  expectedIdentifiers: ExpectedIdentifier[];
  transferredAt: string | null;
}

/**
 * Another active identifier that carries the same optical marking as one being enrolled, added or bound.
 * Only SVC markings have identity (spec: Identifier, "Repeated values of TEXT, QR, BAR_CODE, DATA_MATRIX and
 * NFC are never rejected; they carry no uniqueness"), so peers are looked up by optical marking only.
 */
export interface MarkingPeer {
  tagId: string;
  /** The Label the peer belongs to, null for a loose identifier. */
  compositeTagId: string | null;
  ownerTeamId: string;
  boundThreadId: string | null;
  /** SVC: whether the peer is identifiable (indexed); activation skips a marking that duplicates one. */
  identifiable?: boolean;
}

/** A Label is shipped when it or its Reel carries transferredAt. spec: States, Reel "shipped". */
export function isShipped(label: Pick<LabelState, 'transferredAt'>, reel?: Pick<ReelState, 'transferredAt'>): boolean {
  return label.transferredAt !== null || (reel !== undefined && reel.transferredAt !== null);
}

/** Active = neither archived nor shipped; only active Labels move or bind. spec: Move, Bulk-bind. */
export function isActiveLabel(label: LabelState, reel?: ReelState): boolean {
  return label.archivedAt === null && !isShipped(label, reel);
}

export function activeMembers(label: Pick<LabelState, 'members'>): MemberState[] {
  return label.members.filter((m) => m.archivedAt === null);
}
