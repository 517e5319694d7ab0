import { randomUUID } from 'node:crypto';
import type { TagType } from '../../src-shared/api/common';
import { identifierValuesMatch } from '../../src-shared/domain/identifier-values';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit } from '../store/audit';
import { CaptureError, insertCaptureRow, storeCapture, undoStoredCapture } from '../store/captures';
import { insertReel, setReelCreateOp } from '../store/reels';
import { listLabels, updateLabel, type LocalLabel } from '../store/labels';
import { enqueue, openOpsFor, openRangeOpsCovering, type OutboxLane } from '../store/outbox';
import type { OperationPayload } from '../store/operations';
import { requireLabel, requireReel, type ChangeContext } from './context';

// Changes to enrolled Labels. Each is saved locally with its queued operation in one
// transaction; the Label's mirror state follows once the service confirmed it (src-main/sync/operations).

type LabelOpKind = 'archiveLabel' | 'unarchiveLabel' | 'activateLabel' | 'unbindLabel';

/**
 * What a one-Label operation waits for besides the Label's earlier operations (same subject): an unfinished
 * move or bulk-bind covering the Label. Those are queued with the Reel as subject, so without this a bind,
 * archive or identifier change queued after them could reach the service first.
 */
function rangeDeps(ctx: ChangeContext, label: LocalLabel): string[] {
  return openRangeOpsCovering(ctx.db, label);
}

/** Queues a one-Label operation that needs only the Label's id (`lane`: the Bench's void and undo go in its lane). */
export function queueLabelOp(ctx: ChangeContext, labelId: string, kind: LabelOpKind, lane?: OutboxLane): { label: LocalLabel; opId: string } {
  const label = requireLabel(ctx, labelId);
  const opId = ctx.db.transaction(() => {
    audit(ctx.db, kind, labelId, {});
    return enqueue(ctx.db, { profileId: ctx.profileId(), kind, subject: labelId, payload: { labelId }, dependsOn: rangeDeps(ctx, label), lane });
  })();
  return { label, opId };
}

export function queueBind(ctx: ChangeContext, labelId: string, threadId: string): { label: LocalLabel; opId: string } {
  const label = requireLabel(ctx, labelId);
  const opId = ctx.db.transaction(() => {
    audit(ctx.db, 'bindLabel', labelId, { threadId });
    return enqueue(ctx.db, {
      profileId: ctx.profileId(),
      kind: 'bindLabel',
      subject: labelId,
      payload: { labelId, threadId },
      dependsOn: rangeDeps(ctx, label),
    });
  })();
  return { label, opId };
}

export async function queueAddIdentifier(
  ctx: ChangeContext,
  input: { labelId: string; tagType: TagType; value?: string; svcImage?: Buffer },
): Promise<{ label: LocalLabel; opId: string }> {
  const label = requireLabel(ctx, input.labelId);
  if (input.tagType === 'SVC' && !input.svcImage)
    throw new StationError({ code: StationErrorCode.invalidInput, message: 'An SVC identifier needs a capture image (svcImagePath).' });
  if (input.tagType !== 'SVC' && !input.value)
    throw new StationError({ code: StationErrorCode.invalidInput, message: `A ${input.tagType} identifier needs a value.` });
  const uid = input.tagType === 'NFC' && input.value ? normalizeNfcUid(input.value) : null;
  if (uid && !uid.ok) throw new StationError({ code: StationErrorCode.invalidInput, message: uid.reason });
  const value = uid ? uid.value : input.value;
  let capture;
  try {
    capture = input.svcImage ? await storeCapture(ctx.dataDir, input.svcImage) : undefined;
  } catch (error) {
    if (error instanceof CaptureError) throw new StationError({ code: error.code, message: error.message });
    throw error;
  }
  const write = ctx.db.transaction(() => {
    if (capture) insertCaptureRow(ctx.db, capture);
    updateLabel(ctx.db, label.labelId, {
      identifiers: [
        ...label.identifiers,
        capture ? { tagType: 'SVC' as const, captureSha256: capture.sha256 } : { tagType: input.tagType, value: value as string },
      ],
    });
    audit(ctx.db, 'addIdentifier', label.labelId, { tagType: input.tagType });
    return enqueue(ctx.db, {
      profileId: ctx.profileId(),
      kind: 'addIdentifier',
      subject: label.labelId,
      payload: { labelId: label.labelId, tagType: input.tagType, ...(value ? { value } : {}), ...(capture ? { captureSha256: capture.sha256 } : {}) },
      dependsOn: rangeDeps(ctx, label),
    });
  });
  let opId: string;
  try {
    opId = write();
  } catch (error) {
    // Rolled back (a full disk): no capture without its row (docs/storage.md).
    if (capture) undoStoredCapture(capture);
    throw error;
  }
  return { label, opId };
}

export function queueRemoveIdentifier(ctx: ChangeContext, input: { labelId: string; tagType: TagType; value?: string }): { label: LocalLabel; opId: string } {
  const label = requireLabel(ctx, input.labelId);
  const index = label.identifiers.findIndex(
    (i) => i.tagType === input.tagType && (input.value === undefined || (i.value !== undefined && identifierValuesMatch(i.tagType, i.value, input.value))),
  );
  if (index < 0)
    throw new StationError({
      code: StationErrorCode.notFound,
      message: `The Label at position ${label.position} has no ${input.tagType}${input.value ? ` "${input.value}"` : ''} identifier.`,
      detail: { case: 'noIdentifier' },
    });
  if (label.identifiers.length === 1)
    throw new StationError({
      code: StationErrorCode.conflict,
      message: "That is the Label's last identifier; archive the Label instead.",
      detail: { case: 'lastIdentifier' },
    });
  const opId = ctx.db.transaction(() => {
    updateLabel(ctx.db, label.labelId, { identifiers: label.identifiers.filter((_, n) => n !== index) });
    audit(ctx.db, 'removeIdentifier', label.labelId, { tagType: input.tagType });
    return enqueue(ctx.db, { profileId: ctx.profileId(), kind: 'removeIdentifier', subject: label.labelId, payload: input, dependsOn: rangeDeps(ctx, label) });
  })();
  return { label, opId };
}

/** Every unfinished operation of the given Labels: a range operation waits for them. */
function openOpsOf(ctx: ChangeContext, labels: readonly LocalLabel[]): string[] {
  return labels.flatMap((l) => openOpsFor(ctx.db, l.labelId));
}

export function queueMove(
  ctx: ChangeContext,
  payload: Omit<OperationPayload<'moveLabels'>, 'labelIds' | 'target'> & { target: { reelId: string } | { newReel: { name: string; description?: string } } },
): string {
  const reel = requireReel(ctx, payload.reelId);
  const span = listLabels(ctx.db, reel.reelId, { from: payload.fromPosition, to: payload.toPosition ?? Number.MAX_SAFE_INTEGER }).filter(
    (l) => l.state !== 'expected' && l.state !== 'gap',
  );
  return ctx.db.transaction(() => {
    let target: OperationPayload<'moveLabels'>['target'];
    const deps = [reel.createOpId, ...openOpsOf(ctx, span)];
    if ('reelId' in payload.target) {
      const targetReel = requireReel(ctx, payload.target.reelId);
      deps.push(targetReel.createOpId);
      target = { reelId: targetReel.reelId };
    } else {
      // The new Reel exists locally at once; the move creates it on the service.
      const newReelId = randomUUID();
      insertReel(ctx.db, {
        reelId: newReelId,
        profileId: reel.profileId,
        serviceId: null,
        name: payload.target.newReel.name,
        description: payload.target.newReel.description ?? null,
        collectionId: null,
        expectedIdentifiers: reel.expectedIdentifiers,
        createOpId: null,
      });
      target = { newReel: { reelId: newReelId, ...payload.target.newReel } };
    }
    const opId = enqueue(ctx.db, {
      profileId: reel.profileId,
      kind: 'moveLabels',
      subject: reel.reelId,
      payload: { ...payload, labelIds: span.map((l) => l.labelId), target },
      dependsOn: deps,
    });
    if ('newReel' in target) setReelCreateOp(ctx.db, target.newReel.reelId, opId);
    audit(ctx.db, 'moveLabels', reel.reelId, { fromPosition: payload.fromPosition, toPosition: payload.toPosition ?? null, count: span.length });
    return opId;
  })();
}

export function queueBulkBind(ctx: ChangeContext, payload: OperationPayload<'bulkBind'>): string {
  const reel = requireReel(ctx, payload.reelId);
  if (payload.toPosition - payload.fromPosition + 1 !== payload.threadIds.length) {
    throw new StationError({
      code: StationErrorCode.invalidInput,
      message: `Positions ${payload.fromPosition}–${payload.toPosition} are ${payload.toPosition - payload.fromPosition + 1} Labels but ${payload.threadIds.length} Threads were given; give one Thread per position.`,
    });
  }
  const span = listLabels(ctx.db, reel.reelId, { from: payload.fromPosition, to: payload.toPosition });
  return ctx.db.transaction(() => {
    audit(ctx.db, 'bulkBind', reel.reelId, { fromPosition: payload.fromPosition, toPosition: payload.toPosition, threads: payload.threadIds.length });
    return enqueue(ctx.db, {
      profileId: reel.profileId,
      kind: 'bulkBind',
      subject: reel.reelId,
      payload,
      dependsOn: [reel.createOpId, ...openOpsOf(ctx, span)],
    });
  })();
}

export function queueReelActivation(ctx: ChangeContext, reelId: string): string {
  const reel = requireReel(ctx, reelId);
  const labels = listLabels(ctx.db, reel.reelId);
  return ctx.db.transaction(() => {
    audit(ctx.db, 'activateReel', reel.reelId, {});
    return enqueue(ctx.db, {
      profileId: reel.profileId,
      kind: 'activateReel',
      subject: reel.reelId,
      payload: { reelId },
      dependsOn: [reel.createOpId, ...openOpsOf(ctx, labels)],
    });
  })();
}
