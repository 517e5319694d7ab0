import { identifierValuesMatch } from '../../../src-shared/api/common';
import type { Label } from '../../../src-shared/api/labels';
import { readCapture } from '../../store/captures';
import { getLabel, updateLabel } from '../../store/labels';
import { HandlerAttention } from '../failure';
import { labelServiceId } from './ids';
import type { Applied, HandlerContext, OperationHandler } from './types';

// One-Label operations. Landing check (SYNC.md): read the Label and compare with the intended state.

function mirrored(labelId: string, reelId: string | null, patch: (label: Label) => Parameters<typeof updateLabel>[2], label: Label): Applied {
  return {
    result: { serviceId: label.compositeTagId },
    apply: (db) => updateLabel(db, labelId, patch(label)),
    labelIds: [labelId],
    reelId,
  };
}

function reelOf(ctx: HandlerContext, labelId: string): string | null {
  return getLabel(ctx.db, labelId)?.reelId ?? null;
}

async function read(ctx: HandlerContext, labelId: string): Promise<Label> {
  return (await ctx.client.labels.get(labelServiceId(ctx.db, labelId), ctx.call)).label;
}

/** A handler whose landing check is "read the Label; is it in the intended state?" */
function readCompare<K extends 'archiveLabel' | 'unarchiveLabel' | 'bindLabel' | 'unbindLabel'>(
  send: (ctx: HandlerContext, serviceId: string, payload: { labelId: string; threadId?: string }) => Promise<Label>,
  landed: (label: Label, payload: { labelId: string; threadId?: string }) => boolean,
  patch: (label: Label) => Parameters<typeof updateLabel>[2],
): OperationHandler<K> {
  return {
    async send(ctx, op) {
      const label = await send(ctx, labelServiceId(ctx.db, op.payload.labelId), op.payload);
      return mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), patch, label);
    },
    async check(ctx, op) {
      const label = await read(ctx, op.payload.labelId);
      return landed(label, op.payload) ? { landed: true, applied: mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), patch, label) } : { landed: false };
    },
  };
}

const boundState = (label: Label) => (label.archivedAt ? 'archived' : label.boundThreadId ? 'bound' : 'enrolled') as 'archived' | 'bound' | 'enrolled';
const mirror = (label: Label) => ({ state: boundState(label), boundThreadId: label.boundThreadId, attention: null });

export const archiveLabel = readCompare<'archiveLabel'>(async (ctx, id) => (await ctx.client.labels.archive(id, ctx.call)).label, (l) => l.archivedAt !== null, mirror);
export const unarchiveLabel = readCompare<'unarchiveLabel'>(async (ctx, id) => (await ctx.client.labels.unarchive(id, ctx.call)).label, (l) => l.archivedAt === null, mirror);
export const unbindLabel = readCompare<'unbindLabel'>(async (ctx, id) => (await ctx.client.labels.unbind(id, ctx.call)).label, (l) => l.boundThreadId === null, mirror);
export const bindLabel = readCompare<'bindLabel'>(
  async (ctx, id, p) => (await ctx.client.labels.bind(id, { threadId: p.threadId as string }, ctx.call)).label,
  (l, p) => l.boundThreadId === p.threadId,
  mirror,
);

export const activateLabel: OperationHandler<'activateLabel'> = {
  async send(ctx, op) {
    const answer = await ctx.client.labels.activate(labelServiceId(ctx.db, op.payload.labelId), ctx.call);
    return { ...mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), mirror, answer.label), result: { activation: answer.activation } };
  },
  // Activation is forward-only: resending is safe.
  check: async () => ({ landed: false }),
};

function hasMember(label: Label, tagType: string, value: string | undefined): boolean {
  return label.members.some(
    (m) => m.archivedAt === null && m.tagType === tagType && (tagType === 'SVC' || (value !== undefined && m.value != null && identifierValuesMatch(m.tagType, m.value, value))),
  );
}

export const addIdentifier: OperationHandler<'addIdentifier'> = {
  async send(ctx, op) {
    const p = op.payload;
    const capture = p.captureSha256 ? readCapture(ctx.db, p.captureSha256) : undefined;
    if (p.captureSha256 && !capture) throw new HandlerAttention('STATION_CAPTURE_MISSING', 'The capture file is gone from the data folder; recapture it.', null, ['recapture', 'discard']);
    const answer = await ctx.client.labels.addIdentifier(
      labelServiceId(ctx.db, p.labelId),
      { tagType: p.tagType, ...(p.value ? { value: p.value } : {}), ...(capture ? { image: { data: capture.data, mimeType: capture.format === 'png' ? 'image/png' : 'image/jpeg' } } : {}) },
      ctx.call,
    );
    return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), answer.label);
  },
  async check(ctx, op) {
    const p = op.payload;
    // An SVC member cannot be compared by value; a second SVC capture would be refused as a duplicate marking, so resend.
    if (p.tagType === 'SVC') return { landed: false };
    const label = await read(ctx, p.labelId);
    return hasMember(label, p.tagType, p.value) ? { landed: true, applied: mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label) } : { landed: false };
  },
};

export const removeIdentifier: OperationHandler<'removeIdentifier'> = {
  async send(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    const member = label.members.find(
      (m) => m.archivedAt === null && m.tagType === p.tagType && (p.value === undefined || (m.value != null && identifierValuesMatch(m.tagType, m.value, p.value))),
    );
    // Already gone: the intended state holds.
    if (!member) return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label);
    const answer = await ctx.client.labels.removeIdentifier(label.compositeTagId, member.tagId, ctx.call);
    return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), answer.label);
  },
  async check(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    return hasMember(label, p.tagType, p.value) ? { landed: false } : { landed: true, applied: mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label) };
  },
};
