// Activating a Label's optical markings: verify-only → identifiable.
// spec: States and transitions — "Label DUST-type members | verify-only | ... | duplicate check passes |
// identifiable | a Label whose marking duplicates an indexed one is reported and skipped; a Label whose activation
// fails stays bound and verify-only".
import type { LABEL_ACTIVATION_OUTCOMES } from '../../../src-shared/api/labels';
import { activeMembers, type LabelState, type MarkingPeer } from './model';

export type LabelActivationOutcome = (typeof LABEL_ACTIVATION_OUTCOMES)[number];

export interface ActivationDecision {
  outcome: Exclude<LabelActivationOutcome, 'failed'>;
  /** The members to make identifiable (only for `activated`). */
  tagIds: string[];
}

export function decideActivation(label: LabelState, markingPeers: ReadonlyMap<string, readonly MarkingPeer[]>): ActivationDecision {
  const optical = activeMembers(label).filter((m) => m.tagType === 'SVC');
  if (optical.length === 0) return { outcome: 'no_dust', tagIds: [] };
  const pending = optical.filter((m) => !m.identifiable);
  if (pending.length === 0) return { outcome: 'already_active', tagIds: [] };
  const duplicate = pending.some((m) =>
    (markingPeers.get(m.fingerprintId ?? '') ?? []).some((p) => p.identifiable === true && p.tagId !== m.tagId && p.compositeTagId !== label.compositeTagId),
  );
  if (duplicate) return { outcome: 'duplicate', tagIds: [] };
  return { outcome: 'activated', tagIds: pending.map((m) => m.tagId) };
}
