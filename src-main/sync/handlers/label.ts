import { identifierValuesMatch } from '../../../src-shared/api/common';
import type { Label } from '../../../src-shared/api/labels';
import { getLabel, updateLabel } from '../../store/labels';
import { listOps, type OutboxOp } from '../../store/outbox';
import { captureToSend } from './capture';
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

/**
 * How many active SVC members the service's Label carries if this SVC addition landed. The local mirror holds
 * the intended identifiers after every queued change of the Label; the Label's other operations that have not
 * reached the service (queued after this one, in attention, or discarded) are taken back out of it.
 */
function svcCountIfLanded(ctx: HandlerContext, op: OutboxOp<'addIdentifier'>): number | null {
  const local = getLabel(ctx.db, op.payload.labelId);
  if (!local) return null;
  let count = local.identifiers.filter((i) => i.tagType === 'SVC').length;
  for (const other of listOps(ctx.db, { subject: op.payload.labelId })) {
    if (other.id === op.id || other.state === 'done') continue;
    if (other.kind === 'addIdentifier' && (other as OutboxOp<'addIdentifier'>).payload.tagType === 'SVC') count -= 1;
    if (other.kind === 'removeIdentifier' && (other as OutboxOp<'removeIdentifier'>).payload.tagType === 'SVC') count += 1;
  }
  return count;
}

export const addIdentifier: OperationHandler<'addIdentifier'> = {
  async send(ctx, op) {
    const p = op.payload;
    const image = p.captureSha256 ? captureToSend(ctx, p.captureSha256) : undefined;
    const answer = await ctx.client.labels.addIdentifier(
      labelServiceId(ctx.db, p.labelId),
      { tagType: p.tagType, ...(p.value ? { value: p.value } : {}), ...(image ? { image } : {}) },
      ctx.call,
    );
    return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), answer.label);
  },
  async check(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    const landed = () => ({ landed: true as const, applied: mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label) });
    if (p.tagType !== 'SVC') return hasMember(label, p.tagType, p.value) ? landed() : { landed: false };
    // An SVC member cannot be compared by value, and resending the same bytes is refused (SCAN_IDENTICAL_SCAN)
    // even when they landed: count the Label's active SVC members against what it carries with this one added.
    // Exactly that many → landed. Fewer → resend. More (changed elsewhere) → resend: the same bytes can never be
    // added twice, so the worst case is an attention item, never a silently missing marking.
    const expected = svcCountIfLanded(ctx, op);
    const onService = label.members.filter((m) => m.archivedAt === null && m.tagType === 'SVC').length;
    return expected !== null && onService === expected ? landed() : { landed: false };
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
