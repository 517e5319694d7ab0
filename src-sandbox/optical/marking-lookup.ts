// Which optical identifiers carry the same marking as a capture: the fingerprints the index matches, then
// the active SVC identifiers enrolled with one of them.
import type { SandboxDb } from '../store/db';
import { findMatchingFingerprints, getFingerprint } from './fingerprint-store';

export interface OpticalTagMatch {
  tagId: string;
  fingerprintId: string;
  /** Hamming distance between the capture and the identifier's enrolled fingerprint. */
  distance: number;
  threadId: string | null;
  compositeTagId: string | null;
  orgId: string;
  ownerTeamId: string;
  identifiable: boolean;
}

interface TagRow {
  tag_id: string;
  fingerprint_id: string;
  thread_id: string | null;
  composite_tag_id: string | null;
  org_id: string;
  owner_team_id: string;
  identifiable: number;
}

/** Active (not archived) SVC identifiers whose fingerprint matches `bits`, nearest first. */
export function findOpticalTagsMatching(db: SandboxDb, bits: Uint8Array): OpticalTagMatch[] {
  const matches = findMatchingFingerprints(db, bits);
  if (matches.length === 0) return [];
  const distance = new Map(matches.map((m) => [m.fingerprintId, m.distance]));
  const rows = db
    .prepare(
      `SELECT tag_id, fingerprint_id, thread_id, composite_tag_id, org_id, owner_team_id, identifiable FROM tags
       WHERE tag_type = 'SVC' AND archived_at IS NULL AND fingerprint_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(matches.map((m) => m.fingerprintId))) as TagRow[];
  return rows
    .map((r) => ({
      tagId: r.tag_id,
      fingerprintId: r.fingerprint_id,
      distance: distance.get(r.fingerprint_id) ?? Number.POSITIVE_INFINITY,
      threadId: r.thread_id,
      compositeTagId: r.composite_tag_id,
      orgId: r.org_id,
      ownerTeamId: r.owner_team_id,
      identifiable: r.identifiable === 1,
    }))
    .sort((a, b) => a.distance - b.distance);
}

/**
 * Active SVC identifiers carrying the same optical marking as the stored fingerprint `fingerprintId`
 * (empty when the fingerprint is unknown). For Label enrollment's marking-conflict rule.
 */
export function findOpticalTagsWithSameMarking(db: SandboxDb, fingerprintId: string): OpticalTagMatch[] {
  const stored = getFingerprint(db, fingerprintId);
  return stored ? findOpticalTagsMatching(db, stored.bits) : [];
}
