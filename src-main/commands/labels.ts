import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { labelCommands } from '../../src-shared/ipc/labels';
import { dirname, resolve } from 'node:path';
import type { MoveBody } from '../../src-shared/api/move';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { MoveInput } from '../../src-shared/ipc/labels';
import { requireReel } from '../changes/context';
import { requireFilePathsAllowed, resolveCapture, resolveCaptureSource } from '../changes/capture-source';
import { skipPosition, takeBackLabel } from '../changes/bench';
import { refuseOutsideRange } from '../changes/bench-range';
import { enrollLabel } from '../changes/enroll';
import { labelHistory } from '../reads/history';
import { importPrintData } from '../changes/import';
import { queueAddIdentifier, queueBind, queueLabelOp, queueMove, queueRemoveIdentifier } from '../changes/label-changes';
import { getLabel, type LocalLabel } from '../store/labels';
import { audit } from '../store/audit';
import { listReels } from '../store/reels';
import { byPosition, localMatches, withServiceCandidates } from '../reads/resolve';
import { canAskService, requireOnline, type CommandContext } from './context';

function written(ctx: CommandContext, label: LocalLabel, opId: string) {
  ctx.labelsChanged(label.reelId, [label.labelId]);
  const now = getLabel(ctx.db, label.labelId) ?? label;
  return { labelId: now.labelId, state: now.state, opId };
}

export function labelHandlers(ctx: CommandContext): CommandHandlers<keyof typeof labelCommands> {
  const { changes } = ctx;
  const moveBody = (input: MoveInput): MoveBody => {
    const reel = requireReel(changes, input.reelId);
    if (!reel.serviceId)
      throw new StationError({
        code: StationErrorCode.conflict,
        message: 'The Reel is not on the service yet; sync first, then preview the move.',
        detail: { case: 'reelNotOnService' },
      });
    const target =
      'reelId' in input.target
        ? { reelCollectionId: requireReel(changes, input.target.reelId).serviceId ?? '' }
        : { newReel: { name: input.target.newReel.name, ...(input.target.newReel.description ? { description: input.target.newReel.description } : {}) } };
    if ('reelCollectionId' in target && !target.reelCollectionId)
      throw new StationError({
        code: StationErrorCode.conflict,
        message: 'The target Reel is not on the service yet; sync first.',
        detail: { case: 'reelNotOnService' },
      });
    return {
      source: {
        reelCollectionId: reel.serviceId,
        fromPosition: input.fromPosition,
        ...(input.toPosition === undefined ? {} : { toPosition: input.toPosition }),
      },
      target,
      ...(input.expectedCount === undefined ? {} : { expectedCount: input.expectedCount }),
    };
  };
  return {
    'labels.enroll': async (input) => {
      ctx.requireRoom();
      // The operator is at the Bench: bulk sending narrows its window meanwhile (docs/sync.md, "Sending beside the bench").
      ctx.engine.benchActive();
      // Before the capture is taken from the incoming folder: a refusal leaves it there for the confirmed retry.
      refuseOutsideRange(requireReel(changes, input.reelId), input.position, input.outsideRange ?? false);
      const svc = await resolveCaptureSource(changes, ctx.allowFilePaths, 'labels.enroll', input);
      const { label, opId } = await enrollLabel(changes, {
        reelId: input.reelId,
        position: input.position,
        identifiers: input.identifiers,
        ...(svc ? { svcImage: svc.bytes, ...(svc.incomingFile ? { svcImageFile: svc.incomingFile } : {}) } : {}),
        ...(input.indexing ? { indexing: input.indexing } : {}),
        ...(input.acceptMismatch ? { acceptMismatch: true } : {}),
      });
      return written(ctx, label, opId);
    },
    'labels.recapture': async ({ labelId, captureSha256, svcImagePath }) => {
      ctx.requireRoom();
      const svc = await resolveCaptureSource(changes, ctx.allowFilePaths, 'labels.recapture', { captureSha256, svcImagePath });
      const current = getLabel(ctx.db, labelId);
      if (!current) throw new StationError({ code: StationErrorCode.notFound, message: `No Label "${labelId}" on this station.` });
      const identifiers = current.identifiers.flatMap((i) => (i.tagType !== 'SVC' && i.value !== undefined ? [{ tagType: i.tagType, value: i.value }] : []));
      const { label, opId } = await enrollLabel(changes, {
        reelId: current.reelId,
        position: current.position,
        identifiers,
        ...(svc ? { svcImage: svc.bytes, ...(svc.incomingFile ? { svcImageFile: svc.incomingFile } : {}) } : {}),
        indexing: current.indexing,
        // A new picture of the same Label: its values were enrolled (and checked against the print data) before.
        acceptMismatch: true,
      });
      return written(ctx, label, opId);
    },
    'labels.history': ({ labelId }) => labelHistory(changes, labelId),
    'labels.benchError': ({ reelId, position, kind, value }) => {
      const reel = requireReel(changes, reelId);
      audit(ctx.db, `bench.${kind}`, reel.reelId, { reelId: reel.reelId, position, ...(value === undefined ? {} : { value }) });
      return {};
    },
    'labels.skip': ({ reelId, position, reason }) => {
      const label = skipPosition(changes, reelId, position, reason);
      ctx.labelsChanged(label.reelId, [label.labelId]);
      return { labelId: label.labelId, state: label.state, opId: null };
    },
    'labels.void': ({ reelId, position, reason }) => {
      const { label, opId } = takeBackLabel(changes, reelId, position, reason);
      ctx.labelsChanged(label.reelId, [label.labelId]);
      return { labelId: label.labelId, state: label.state, opId };
    },
    'labels.addIdentifier': async (input) => {
      if (input.tagType === 'SVC') ctx.requireRoom();
      const svcImage = await resolveCapture(changes, ctx.allowFilePaths, 'labels.addIdentifier', input);
      const { label, opId } = await queueAddIdentifier(changes, {
        labelId: input.labelId,
        tagType: input.tagType,
        ...(input.value ? { value: input.value } : {}),
        ...(svcImage ? { svcImage } : {}),
      });
      return written(ctx, label, opId);
    },
    'labels.removeIdentifier': (input) => {
      const { label, opId } = queueRemoveIdentifier(changes, input);
      return written(ctx, label, opId);
    },
    'labels.archive': ({ labelId }) => {
      const { label, opId } = queueLabelOp(changes, labelId, 'archiveLabel');
      return written(ctx, label, opId);
    },
    'labels.unarchive': ({ labelId }) => {
      const { label, opId } = queueLabelOp(changes, labelId, 'unarchiveLabel');
      return written(ctx, label, opId);
    },
    'labels.activate': ({ labelId }) => {
      const { label, opId } = queueLabelOp(changes, labelId, 'activateLabel');
      return written(ctx, label, opId);
    },
    'labels.bind': ({ labelId, threadId }) => {
      const { label, opId } = queueBind(changes, labelId, threadId);
      return written(ctx, label, opId);
    },
    'labels.unbind': ({ labelId }) => {
      const { label, opId } = queueLabelOp(changes, labelId, 'unbindLabel');
      return written(ctx, label, opId);
    },
    'labels.resolve': async ({ tagType, value, reelId }) => {
      // The Bench's check of a read: asked of the service with bulk sending's window narrowed (docs/sync.md, "Sending beside the bench").
      ctx.engine.benchActive();
      const reels = reelId ? [requireReel(changes, reelId)] : listReels(ctx.db, changes.profileId());
      const local = localMatches(ctx.db, reels, tagType, value);
      if (!(await canAskService(ctx))) return { matches: byPosition(local) };
      const serviceReelId = reelId ? (reels[0]?.serviceId ?? undefined) : undefined;
      const answer = await ctx.connection.requireClient().labels.resolve({ tagType, value, ...(serviceReelId ? { reelCollectionId: serviceReelId } : {}) });
      return { matches: withServiceCandidates(ctx.db, local, answer, serviceReelId) };
    },
    'labels.movePreview': async (input) => {
      await requireOnline(ctx);
      return (await ctx.connection.requireClient().labels.movePreview(moveBody(input))) as Record<string, unknown>;
    },
    'labels.move': (input) => {
      const opId = queueMove(changes, input);
      ctx.statusChanged();
      ctx.engine.notify();
      return { opId };
    },
    'labels.import': async (input) => {
      ctx.requireRoom();
      if (input.path !== undefined) requireFilePathsAllowed(ctx.allowFilePaths, 'labels.import', 'path');
      // A file is read in pieces, twice (src-main/changes/import.ts), never whole.
      const result = await importPrintData(changes, {
        reelId: input.reelId,
        source:
          input.path !== undefined
            ? { path: resolve(input.path), encoding: input.encoding, separator: input.separator }
            : { csv: input.csv as string, separator: input.separator },
        baseDir: input.path !== undefined ? dirname(resolve(input.path)) : process.cwd(),
        ...(input.expectedOnly ? { expectedOnly: true } : {}),
        ...(input.indexing ? { indexing: input.indexing } : {}),
        ...(input.acceptMismatch ? { acceptMismatch: true } : {}),
        allowFilePaths: ctx.allowFilePaths,
      });
      ctx.labelsChanged(input.reelId, []);
      return result;
    },
  };
}
