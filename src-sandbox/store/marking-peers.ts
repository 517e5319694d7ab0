// The other active identifiers carrying the same optical marking, via the optical stand-in's index.
// Only SVC markings have identity (spec: Identifier, repeated values of the other types "carry no uniqueness").
import type { MarkingPeer } from '../domain/labels';
import { fingerprintsMatch } from '../optical/similarity';
import { getFingerprint } from './fingerprints';
import { findOpticalTagsWithSameMarking } from './marking-lookup';
import { statement, type SandboxDb } from './db';
import type { OpticalFingerprintRow, TagRow } from './rows';

export function markingPeersOf(db: SandboxDb, fingerprintIds: Iterable<string>): Map<string, MarkingPeer[]> {
  const peers = new Map<string, MarkingPeer[]>();
  for (const fp of fingerprintIds) {
    if (peers.has(fp)) continue;
    peers.set(
      fp,
      findOpticalTagsWithSameMarking(db, fp).map((m) => ({
        tagId: m.tagId,
        compositeTagId: m.compositeTagId,
        ownerTeamId: m.ownerTeamId,
        boundThreadId: m.threadId,
        identifiable: m.identifiable,
      })),
    );
  }
  return peers;
}

/** Above this many candidates, the bulk path falls back to one index lookup per fingerprint. */
const CANDIDATE_LIMIT = 5000;

// Only peers that are bound, or members of another Team's Label, can block a bind (domain/labels/bulk-bind.ts,
// labelBlockers). Reads the optical area's fingerprint table directly: there is no batched reader yet.
const CANDIDATES_WHERE = `t.tag_type = 'SVC' AND t.archived_at IS NULL
  AND (t.thread_id IS NOT NULL OR (t.composite_tag_id IS NOT NULL AND t.owner_team_id <> ?))`;

type CandidateRow = Pick<TagRow, 'tag_id' | 'thread_id' | 'composite_tag_id' | 'owner_team_id' | 'identifiable'> & Pick<OpticalFingerprintRow, 'bits'>;

/**
 * The marking peers that matter to a bind of `teamId`'s Labels, for many fingerprints at once (bulk-bind's
 * 500 pairs): the few candidate identifiers are matched in memory instead of one index lookup per fingerprint.
 * Same answer as markingPeersOf filtered to bound and other-Team peers.
 */
export function blockingPeersOf(db: SandboxDb, teamId: string, fingerprintIds: readonly string[]): Map<string, MarkingPeer[]> {
  const { n } = statement(db, `SELECT COUNT(*) AS n FROM tags t WHERE ${CANDIDATES_WHERE}`).get(teamId) as { n: number };
  if (n > CANDIDATE_LIMIT) return markingPeersOf(db, fingerprintIds);
  const peers = new Map<string, MarkingPeer[]>(fingerprintIds.map((fp) => [fp, []]));
  if (n === 0 || fingerprintIds.length === 0) return peers;
  const candidates = statement(
    db,
    `SELECT t.tag_id, t.thread_id, t.composite_tag_id, t.owner_team_id, t.identifiable, f.bits FROM tags t
       JOIN optical_fingerprints f ON f.fingerprint_id = t.fingerprint_id WHERE ${CANDIDATES_WHERE}`,
  ).all(teamId) as CandidateRow[];
  for (const fp of new Set(fingerprintIds)) {
    const stored = getFingerprint(db, fp);
    if (!stored) continue;
    const list = peers.get(fp) as MarkingPeer[];
    for (const c of candidates) {
      if (!fingerprintsMatch(stored.bits, new Uint8Array(c.bits))) continue;
      list.push({
        tagId: c.tag_id,
        compositeTagId: c.composite_tag_id,
        ownerTeamId: c.owner_team_id,
        boundThreadId: c.thread_id,
        identifiable: c.identifiable === 1,
      });
    }
  }
  return peers;
}
