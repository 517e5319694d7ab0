// The other active identifiers carrying the same optical marking, via the optical stand-in's index.
// Only SVC markings have identity (spec: Identifier, repeated values of the other types "carry no uniqueness").
import type { MarkingPeer } from '../../domain/labels';
import { findOpticalTagsWithSameMarking } from '../../optical';
import type { SandboxDb } from '../../store/db';

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
