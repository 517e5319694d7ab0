import type { ResolveAnswer } from '../service/read/labels';
import type { Db } from '../store/database';
import { getLabel, getLabelByServiceId, labelsHoldingValue } from '../store/labels';
import { getReelByServiceId, type LocalReel } from '../store/reels';

// `labels.resolve` (src-shared/ipc/labels.ts): which Labels carry a value. The station's own Labels answer first
// (what they read, and what their print data says they should read), then the service's candidates the station does
// not already hold.

export interface ResolveMatch {
  reelId: string | null;
  serviceReelId: string | null;
  position: number;
  labelId: string | null;
  serviceId: string | null;
  source: 'local' | 'service';
  /** The Reel's name, where this station knows the Reel. */
  reelName: string | null;
  /** An archived Label (set aside, say): its values block no other Label (docs/sync.md, "Settling a collision"). */
  archived: boolean;
}

/** The Labels of `reels` whose read or expected (printed) value of `tagType` matches `value`. */
export function localMatches(db: Db, reels: LocalReel[], tagType: string, value: string): ResolveMatch[] {
  const matches: ResolveMatch[] = [];
  for (const reel of reels) {
    // The Labels holding the value first (labelsHoldingValue); only those are read whole.
    for (const id of labelsHoldingValue(db, reel.reelId, tagType, value)) {
      const label = getLabel(db, id);
      if (!label) continue;
      matches.push({
        reelId: reel.reelId,
        serviceReelId: reel.serviceId,
        position: label.position,
        labelId: label.labelId,
        serviceId: label.serviceId,
        source: 'local',
        reelName: reel.name,
        archived: label.state === 'archived',
      });
    }
  }
  return matches;
}

/**
 * The local matches and the service's candidates that are not among them, by position. `serviceReelId` is the Reel
 * the service was asked about, if any: a candidate that names no Reel is on it (candidates are "by position when Reel
 * given").
 */
export function withServiceCandidates(db: Db, local: ResolveMatch[], answer: ResolveAnswer, serviceReelId: string | undefined): ResolveMatch[] {
  const matches = [...local];
  for (const candidate of answer.candidates) {
    if (matches.some((m) => m.serviceId === candidate.compositeTagId)) continue;
    const held = getLabelByServiceId(db, candidate.compositeTagId);
    const candidateReel = candidate.reelCollectionId ?? serviceReelId ?? null;
    const reel = candidateReel ? getReelByServiceId(db, candidateReel) : undefined;
    matches.push({
      reelId: reel?.reelId ?? null,
      serviceReelId: candidateReel,
      position: candidate.position,
      labelId: held?.labelId ?? null,
      serviceId: candidate.compositeTagId,
      source: 'service',
      reelName: reel?.name ?? null,
      archived: candidate.archived,
    });
  }
  return byPosition(matches);
}

export function byPosition(matches: ResolveMatch[]): ResolveMatch[] {
  return matches.sort((a, b) => a.position - b.position);
}
