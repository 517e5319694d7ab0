// spec: Labels and Reels, Create Label rules — "a marking already on another Label or already bound gives 409
// COMPOSITE_TAG_CONFLICT"; spec: Errors, COMPOSITE_TAG_CONFLICT — `detail.reason` says which.
import type { MarkingPeer } from './model';
import { compositeTagConflict, type LabelRuleError } from './rule-error';

/**
 * Why an optical marking may not join `compositeTagId` (null: a new Label), or null when it may.
 * Peers that are members of that same Label are no conflict.
 */
export function markingConflict(fingerprintId: string, peers: readonly MarkingPeer[], compositeTagId: string | null): LabelRuleError | null {
  const others = peers.filter((p) => compositeTagId === null || p.compositeTagId !== compositeTagId);
  const onLabel = others.find((p) => p.compositeTagId !== null);
  if (onLabel) {
    return compositeTagConflict(
      'marking_on_other_label',
      'This optical marking is already a member of another Label; enroll a different Label or remove it there first.',
      { fingerprintId, compositeTagId: onLabel.compositeTagId, tagId: onLabel.tagId },
    );
  }
  const bound = others.find((p) => p.boundThreadId !== null);
  if (bound) {
    return compositeTagConflict('marking_bound_elsewhere', 'This optical marking is already bound to a Thread; unbind it there before adding it to a Label.', {
      fingerprintId,
      tagId: bound.tagId,
      threadId: bound.boundThreadId,
    });
  }
  return null;
}
