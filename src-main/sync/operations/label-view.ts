import type { TagType } from '../../../src-shared/api/common';
import { identifierValuesMatch } from '../../../src-shared/domain/identifier-values';
import type { LocalIdentifier } from '../../../src-shared/domain/label';
import type { ServiceLabel } from '../../service/read/labels';
import { getLabelByServiceId } from '../../store/labels';
import { getReel, getReelByServiceId } from '../../store/reels';
import type { OperationContext } from './types';

// Reading the service's Labels for landing checks and for naming who holds a marking. The spec names a Label's
// member identifiers but not the field that lists them: when a Label carries no `members`, values are found
// through `POST /composite-tags/resolve` (spec-named) instead.

/** The Label's active members, or null when the service does not list them. */
export function activeMembers(label: ServiceLabel): NonNullable<ServiceLabel['members']> | null {
  return label.members === null ? null : label.members.filter((m) => m.archivedAt === null);
}

/** Whether the Label holds an active member of this type and value (SVC: any active SVC member). */
export async function holdsValue(ctx: OperationContext, label: ServiceLabel, tagType: TagType, value: string | undefined): Promise<boolean> {
  const members = activeMembers(label);
  if (members !== null) {
    return members.some(
      (m) => m.tagType === tagType && (tagType === 'SVC' || (value !== undefined && m.value !== null && identifierValuesMatch(tagType, m.value, value))),
    );
  }
  // An optical marking has no value to resolve; without a member list the station cannot tell, and says so.
  if (tagType === 'SVC' || value === undefined) return true;
  const found = await ctx.client.labels.resolve({ tagType, value, ...(label.reelCollectionId ? { reelCollectionId: label.reelCollectionId } : {}) }, ctx.call);
  return [found.detail, ...found.candidates].some((c) => c?.compositeTagId === label.compositeTagId);
}

/** Whether a service Label carries every one of our identifiers (an SVC capture: any active SVC member). */
export async function carriesAll(ctx: OperationContext, label: ServiceLabel, identifiers: readonly LocalIdentifier[]): Promise<boolean> {
  for (const mine of identifiers) {
    if (!(await holdsValue(ctx, label, mine.tagType, mine.tagType === 'SVC' ? undefined : mine.value))) return false;
  }
  return true;
}

/** The active Label at a position of a service Reel, reading every page of the Reel's Labels. */
export async function labelAtPosition(ctx: OperationContext, reelServiceId: string, position: number): Promise<ServiceLabel | undefined> {
  const labels = await ctx.client.labels.listAll({ reelCollectionId: reelServiceId }, ctx.call);
  const there = labels.find((l) => l.position === position && !l.archived);
  // A Label that names no Reel is on the one asked about.
  return there && { ...there, reelCollectionId: there.reelCollectionId ?? reelServiceId };
}

/**
 * Whether the Label is bound to this Thread. The bound flag is the spec's; the Thread is the Label's `boundThreadId`
 * when the service gives one, else the Thread's own identifiers must include one of the Label's members (spec:
 * Thread `tags`; Identifier `label`).
 */
export async function boundTo(ctx: OperationContext, label: ServiceLabel, threadId: string): Promise<boolean> {
  if (!label.bound) return false;
  if (label.boundThreadId !== null) return label.boundThreadId === threadId;
  const memberIds = new Set((label.members ?? []).map((m) => m.tagId));
  const tags = await ctx.client.threads.identifiers(threadId, ctx.call);
  return tags.some((t) => t.compositeTagId === label.compositeTagId || memberIds.has(t.tagId));
}

/**
 * The Label named in a 409's detail, read when possible: "Label <id> at position P of Reel R" for the log and the CLI,
 * and its position and Reel's name for a screen's words (src-shared/ipc/error-words.ts), the Reel named as this
 * station knows it.
 */
export async function describeHolder(
  ctx: OperationContext,
  compositeTagId: string | null | undefined,
): Promise<{ text: string; position?: number; reel?: string }> {
  if (!compositeTagId) return { text: 'another Label' };
  try {
    const label = await ctx.client.labels.get(compositeTagId, ctx.call);
    // The Reel by the Label's own (when the service names it), else by the mirror's copy of the Label.
    const mirrored = getLabelByServiceId(ctx.db, label.compositeTagId);
    const reelName =
      (label.reelCollectionId ? getReelByServiceId(ctx.db, label.reelCollectionId)?.name : undefined) ??
      (mirrored ? getReel(ctx.db, mirrored.reelId)?.name : undefined);
    const reel = reelName ? ` of Reel "${reelName}"` : label.reelCollectionId ? ` of Reel ${label.reelCollectionId}` : '';
    const thread = label.boundThreadId ? ` (bound to Thread ${label.boundThreadId})` : label.bound ? ' (bound to a Thread)' : '';
    return {
      text: `Label ${label.compositeTagId} at position ${label.position}${reel}${thread}`,
      ...(typeof label.position === 'number' && reelName ? { position: label.position, reel: reelName } : {}),
    };
  } catch {
    return { text: `Label ${compositeTagId}` };
  }
}
