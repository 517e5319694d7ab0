import { identifierValuesMatch } from '../../../src-shared/api/common';
import type { Label } from '../../../src-shared/api/labels';
import type { LocalIdentifier } from '../../../src-shared/domain/label';
import type { HandlerContext } from './types';

// Reading the service's Labels for landing checks and for naming who holds a marking.

/** Whether a service Label carries every one of our identifiers (an SVC capture: any active SVC member). */
export function carriesAll(label: Label, identifiers: readonly LocalIdentifier[]): boolean {
  const active = label.members.filter((m) => m.archivedAt === null);
  return identifiers.every((mine) =>
    mine.tagType === 'SVC'
      ? active.some((m) => m.tagType === 'SVC')
      : active.some((m) => m.tagType === mine.tagType && m.value != null && mine.value !== undefined && identifierValuesMatch(mine.tagType, m.value, mine.value)),
  );
}

export async function labelAtPosition(ctx: HandlerContext, reelServiceId: string, position: number): Promise<Label | undefined> {
  const labels = await ctx.client.labels.listAll({ reelCollectionId: reelServiceId }, ctx.call);
  return labels.find((l) => l.position === position && l.archivedAt === null);
}

/** "Label <id> at position P of Reel R" for the Label named in a 409's detail, read when possible. */
export async function describeHolder(ctx: HandlerContext, compositeTagId: string | null | undefined): Promise<string> {
  if (!compositeTagId) return 'another Label';
  try {
    const { label } = await ctx.client.labels.get(compositeTagId, ctx.call);
    return `Label ${label.compositeTagId} at position ${label.position} of Reel ${label.reelCollectionId}${label.boundThreadId ? ` (bound to Thread ${label.boundThreadId})` : ''}`;
  } catch {
    return `Label ${compositeTagId}`;
  }
}
