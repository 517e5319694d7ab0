// Which optical identifiers carry the same marking as a capture: the fingerprints the index matches, then
// the active SVC identifiers enrolled with one of them.
import { statement, type SandboxDb } from './db';
import type { TagRow } from './rows';
import { findMatchingFingerprints, getFingerprint } from './fingerprints';

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

type MatchRow = Pick<TagRow, 'tag_id' | 'thread_id' | 'composite_tag_id' | 'org_id' | 'owner_team_id' | 'identifiable'> & { fingerprint_id: string };

/** Active (not archived) SVC identifiers whose fingerprint matches `bits`, nearest first. */
export function findOpticalTagsMatching(db: SandboxDb, bits: Uint8Array): OpticalTagMatch[] {
  const matches = findMatchingFingerprints(db, bits);
  if (matches.length === 0) return [];
  const distance = new Map(matches.map((m) => [m.fingerprintId, m.distance]));
  const rows = statement(
    db,
    // CROSS JOIN fixes the loop order (SQLite never reorders it): each matched fingerprint is looked up through
    // tags_by_fingerprint, instead of scanning every SVC identifier through the tag_type index.
    `SELECT t.tag_id, t.fingerprint_id, t.thread_id, t.composite_tag_id, t.org_id, t.owner_team_id, t.identifiable
       FROM json_each(?) AS j CROSS JOIN tags AS t ON t.fingerprint_id = j.value
       WHERE t.tag_type = 'SVC' AND t.archived_at IS NULL`,
  ).all(JSON.stringify(matches.map((m) => m.fingerprintId))) as MatchRow[];
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
