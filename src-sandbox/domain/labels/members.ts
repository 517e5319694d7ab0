// Adding and removing a Label's member identifiers.
// spec: Labels and Reels — `POST /{composite_tag_id}/identifiers` adds a member, `DELETE .../{tag_id}` removes one;
// spec: Errors, COMPOSITE_TAG_CONFLICT — "removing a Label's last identifier".
import type { NewMember } from './enrollment';
import { markingConflict } from './marking-conflicts';
import { activeMembers, type LabelState, type MarkingPeer, type MemberState } from './model';
import { compositeTagConflict, invalidRequest, notFound } from './rule-error';

export type MemberAddDecision = { outcome: 'added'; member: NewMember } | { outcome: 'already_member'; member: MemberState };

function refuseInactive(label: LabelState): void {
  if (label.transferredAt !== null) {
    throw invalidRequest('label_transferred', 'This Label was shipped; its members can no longer change.', {
      compositeTagId: label.compositeTagId,
    });
  }
  if (label.archivedAt !== null) {
    throw invalidRequest('label_archived', 'This Label is archived; unarchive it before changing its members.', {
      compositeTagId: label.compositeTagId,
    });
  }
}

/** Decide adding `member` to `label`; `peers` are the other active identifiers with the same optical marking. */
export function decideMemberAdd(label: LabelState, member: NewMember, peers: readonly MarkingPeer[]): MemberAddDecision {
  refuseInactive(label);
  if (member.tagType === 'SVC') {
    const existing = activeMembers(label).find((m) => m.fingerprintId === member.fingerprintId);
    // Re-adding a marking the Label already carries changes nothing; answering with it keeps retries safe.
    if (existing) return { outcome: 'already_member', member: existing };
    const conflict = markingConflict(member.fingerprintId, peers, label.compositeTagId);
    if (conflict) throw conflict;
  }
  return { outcome: 'added', member };
}

/** Check that `tagId` may be removed from `label`; returns the member to remove. */
export function decideMemberRemoval(label: LabelState, tagId: string): MemberState {
  const member = label.members.find((m) => m.tagId === tagId);
  if (!member) {
    throw notFound('This identifier is not a member of the Label; list the Label to see its members.', {
      compositeTagId: label.compositeTagId,
      tagId,
    });
  }
  refuseInactive(label);
  // A Label must keep at least one identifier (spec: Create Label rules, "at least one identifier must result").
  const remaining = activeMembers(label).filter((m) => m.tagId !== tagId);
  if (remaining.length === 0) {
    throw compositeTagConflict('last_identifier', "This is the Label's last identifier; add another member first, or archive the Label instead.", {
      compositeTagId: label.compositeTagId,
      tagId,
    });
  }
  return member;
}
