import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { labelCommands } from '../../src-shared/ipc/labels';
import { dirname, resolve } from 'node:path';
import { identifierValuesMatch } from '../../src-shared/domain/identifier-values';
import type { MoveBody } from '../../src-shared/api/move';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { MoveInput } from '../../src-shared/ipc/labels';
import { requireReel } from '../changes/context';
import { requireFilePathsAllowed, resolveCapture, resolveCaptureSource } from '../changes/capture-source';
import { skipPosition, takeBackLabel } from '../changes/bench';
import { enrollLabel } from '../changes/enroll';
import { labelHistory } from '../changes/history';
import { importPrintData } from '../changes/import';
import { queueAddIdentifier, queueBind, queueLabelOp, queueMove, queueRemoveIdentifier } from '../changes/label-changes';
import { getLabel, getLabelByServiceId, labelIdsWithTagType, type LocalLabel } from '../store/labels';
import { getReelByServiceId, listReels } from '../store/reels';
import { canAskService, requireOnline, type CommandContext } from './context';

function written(parts: CommandContext, label: LocalLabel, opId: string) {
  parts.labelsChanged(label.reelId, [label.labelId]);
  const now = getLabel(parts.db, label.labelId) ?? label;
  return { labelId: now.labelId, state: now.state, opId };
}

export function labelHandlers(parts: CommandContext): CommandHandlers<keyof typeof labelCommands> {
  const ctx = parts.changes;
  const moveBody = (input: MoveInput): MoveBody => {
    const reel = requireReel(ctx, input.reelId);
    if (!reel.serviceId)
      throw new StationError({ code: StationErrorCode.conflict, message: 'The Reel is not on the service yet; sync first, then preview the move.' });
    const target =
      'reelId' in input.target
        ? { reelCollectionId: requireReel(ctx, input.target.reelId).serviceId ?? '' }
        : { newReel: { name: input.target.newReel.name, ...(input.target.newReel.description ? { description: input.target.newReel.description } : {}) } };
    if ('reelCollectionId' in target && !target.reelCollectionId)
      throw new StationError({ code: StationErrorCode.conflict, message: 'The target Reel is not on the service yet; sync first.' });
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
      parts.requireRoom();
      const svc = await resolveCaptureSource(ctx, parts.allowFilePaths, 'labels.enroll', input);
      const { label, opId } = await enrollLabel(ctx, {
        reelId: input.reelId,
        position: input.position,
        identifiers: input.identifiers,
        ...(svc ? { svcImage: svc.bytes, ...(svc.incomingFile ? { svcImageFile: svc.incomingFile } : {}) } : {}),
        ...(input.indexing ? { indexing: input.indexing } : {}),
      });
      return written(parts, label, opId);
    },
    'labels.recapture': async ({ labelId, captureSha256, svcImagePath }) => {
      parts.requireRoom();
      const svc = await resolveCaptureSource(ctx, parts.allowFilePaths, 'labels.recapture', { captureSha256, svcImagePath });
      const current = getLabel(parts.db, labelId);
      if (!current) throw new StationError({ code: StationErrorCode.notFound, message: `No Label "${labelId}" on this station.` });
      const identifiers = current.identifiers.flatMap((i) => (i.tagType !== 'SVC' && i.value !== undefined ? [{ tagType: i.tagType, value: i.value }] : []));
      const { label, opId } = await enrollLabel(ctx, {
        reelId: current.reelId,
        position: current.position,
        identifiers,
        ...(svc ? { svcImage: svc.bytes, ...(svc.incomingFile ? { svcImageFile: svc.incomingFile } : {}) } : {}),
        indexing: current.indexing,
      });
      return written(parts, label, opId);
    },
    'labels.history': ({ labelId }) => labelHistory(ctx, labelId),
    'labels.skip': ({ reelId, position }) => {
      const label = skipPosition(ctx, reelId, position);
      parts.labelsChanged(label.reelId, [label.labelId]);
      return { labelId: label.labelId, state: label.state, opId: null };
    },
    'labels.void': ({ reelId, position, reason }) => {
      const { label, opId } = takeBackLabel(ctx, reelId, position, reason);
      parts.labelsChanged(label.reelId, [label.labelId]);
      return { labelId: label.labelId, state: label.state, opId };
    },
    'labels.addIdentifier': async (input) => {
      if (input.tagType === 'SVC') parts.requireRoom();
      const svcImage = await resolveCapture(ctx, parts.allowFilePaths, 'labels.addIdentifier', input);
      const { label, opId } = await queueAddIdentifier(ctx, {
        labelId: input.labelId,
        tagType: input.tagType,
        ...(input.value ? { value: input.value } : {}),
        ...(svcImage ? { svcImage } : {}),
      });
      return written(parts, label, opId);
    },
    'labels.removeIdentifier': (input) => {
      const { label, opId } = queueRemoveIdentifier(ctx, input);
      return written(parts, label, opId);
    },
    'labels.archive': ({ labelId }) => {
      const { label, opId } = queueLabelOp(ctx, labelId, 'archiveLabel');
      return written(parts, label, opId);
    },
    'labels.unarchive': ({ labelId }) => {
      const { label, opId } = queueLabelOp(ctx, labelId, 'unarchiveLabel');
      return written(parts, label, opId);
    },
    'labels.activate': ({ labelId }) => {
      const { label, opId } = queueLabelOp(ctx, labelId, 'activateLabel');
      return written(parts, label, opId);
    },
    'labels.bind': ({ labelId, threadId }) => {
      const { label, opId } = queueBind(ctx, labelId, threadId);
      return written(parts, label, opId);
    },
    'labels.unbind': ({ labelId }) => {
      const { label, opId } = queueLabelOp(ctx, labelId, 'unbindLabel');
      return written(parts, label, opId);
    },
    'labels.resolve': async ({ tagType, value, reelId }) => {
      const reels = reelId ? [requireReel(ctx, reelId)] : listReels(parts.db, ctx.profileId());
      const matches: {
        reelId: string | null;
        serviceReelId: string | null;
        position: number;
        labelId: string | null;
        serviceId: string | null;
        source: 'local' | 'service';
      }[] = [];
      for (const reel of reels) {
        for (const id of labelIdsWithTagType(parts.db, reel.reelId, tagType)) {
          const label = getLabel(parts.db, id);
          if (!label) continue;
          const hit = label.identifiers.some((i) => i.tagType === tagType && i.value !== undefined && identifierValuesMatch(tagType, i.value, value));
          const printed = label.expected?.[tagType as keyof NonNullable<LocalLabel['expected']>];
          if (hit || (printed !== undefined && identifierValuesMatch(tagType, printed, value))) {
            matches.push({
              reelId: reel.reelId,
              serviceReelId: reel.serviceId,
              position: label.position,
              labelId: label.labelId,
              serviceId: label.serviceId,
              source: 'local',
            });
          }
        }
      }
      if (await canAskService(parts)) {
        const serviceReelId = reelId ? reels[0]?.serviceId : undefined;
        const answer = await parts.connection.requireClient().labels.resolve({ tagType, value, ...(serviceReelId ? { reelCollectionId: serviceReelId } : {}) });
        for (const candidate of answer.candidates) {
          if (matches.some((m) => m.serviceId === candidate.compositeTagId)) continue;
          const local = getLabelByServiceId(parts.db, candidate.compositeTagId);
          // A candidate that names no Reel is on the Reel asked about (candidates are "by position when Reel given").
          const candidateReel = candidate.reelCollectionId ?? serviceReelId ?? null;
          matches.push({
            reelId: candidateReel ? (getReelByServiceId(parts.db, candidateReel)?.reelId ?? null) : null,
            serviceReelId: candidateReel,
            position: candidate.position,
            labelId: local?.labelId ?? null,
            serviceId: candidate.compositeTagId,
            source: 'service',
          });
        }
      }
      return { matches: matches.sort((a, b) => a.position - b.position) };
    },
    'labels.movePreview': async (input) => {
      await requireOnline(parts);
      return (await parts.connection.requireClient().labels.movePreview(moveBody(input))) as Record<string, unknown>;
    },
    'labels.move': (input) => {
      const opId = queueMove(ctx, input);
      parts.statusChanged();
      parts.engine.notify();
      return { opId };
    },
    'labels.import': async (input) => {
      parts.requireRoom();
      if (input.path !== undefined) requireFilePathsAllowed(parts.allowFilePaths, 'labels.import', 'path');
      // A file is read in pieces, twice (src-main/changes/import.ts), never whole.
      const result = await importPrintData(ctx, {
        reelId: input.reelId,
        source: input.path !== undefined ? { path: resolve(input.path) } : { csv: input.csv as string },
        baseDir: input.path !== undefined ? dirname(resolve(input.path)) : process.cwd(),
        ...(input.expectedOnly ? { expectedOnly: true } : {}),
        ...(input.indexing ? { indexing: input.indexing } : {}),
        allowFilePaths: parts.allowFilePaths,
      });
      parts.labelsChanged(input.reelId, []);
      return result;
    },
  };
}
