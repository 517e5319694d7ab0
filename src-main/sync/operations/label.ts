import { PATHS } from '../../../src-shared/api';
import { identifierValuesMatch } from '../../../src-shared/domain/identifier-values';
import type { LabelAnswer } from '../../service/labels';
import type { ServiceLabel } from '../../service/read/labels';
import { getLabel, updateLabel } from '../../store/labels';
import { listOps, type OutboxOp } from '../../store/outbox';
import { HandlerAttention } from '../failure';
import { captureToSend } from './capture';
import { labelServiceId } from './ids';
import { activeMembers, boundTo, holdsValue } from './label-view';
import type { Applied, OperationContext, OperationHandler } from './types';

// One-Label operations. Landing check (docs/sync.md, "Operation kinds"): read the Label and compare with the intended state, through the
// spec's flags `bound` and `archived`; the bound Thread is confirmed through the Thread when the Label names none.

function mirrored(labelId: string, reelId: string | null, patch: (label: ServiceLabel) => Parameters<typeof updateLabel>[2], label: ServiceLabel): Applied {
  return {
    result: { serviceId: label.compositeTagId },
    apply: (db) => updateLabel(db, labelId, patch(label)),
    labelIds: [labelId],
    reelId,
  };
}

function reelOf(ctx: OperationContext, labelId: string): string | null {
  return getLabel(ctx.db, labelId)?.reelId ?? null;
}

async function read(ctx: OperationContext, labelId: string): Promise<ServiceLabel> {
  return ctx.client.labels.get(labelServiceId(ctx.db, labelId), ctx.call);
}

/** The Label a write answered with, or (the answer's shape is not shown: it may carry none) the Label read now. */
async function answered(ctx: OperationContext, labelId: string, answer: LabelAnswer): Promise<ServiceLabel> {
  return answer ?? read(ctx, labelId);
}

type OneLabelPayload = { labelId: string; threadId?: string };

/** A handler whose landing check is "read the Label; is it in the intended state?" */
function readCompare<K extends 'archiveLabel' | 'unarchiveLabel' | 'bindLabel' | 'unbindLabel'>(
  send: (ctx: OperationContext, serviceId: string, payload: OneLabelPayload) => Promise<LabelAnswer>,
  landed: (ctx: OperationContext, label: ServiceLabel, payload: OneLabelPayload) => boolean | Promise<boolean>,
): OperationHandler<K> {
  const patch = (payload: OneLabelPayload) => (label: ServiceLabel) => mirror(label, payload);
  return {
    async send(ctx, op) {
      const label = await answered(ctx, op.payload.labelId, await send(ctx, labelServiceId(ctx.db, op.payload.labelId), op.payload));
      return mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), patch(op.payload), label);
    },
    async check(ctx, op) {
      const label = await read(ctx, op.payload.labelId);
      return (await landed(ctx, label, op.payload))
        ? { landed: true, applied: mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), patch(op.payload), label) }
        : { landed: false };
    },
  };
}

const boundState = (label: ServiceLabel) => (label.archived ? 'archived' : label.bound ? 'bound' : 'enrolled') as 'archived' | 'bound' | 'enrolled';
/** The local mirror after a one-Label write: a bind names its Thread even when the service's Label does not. */
function mirror(label: ServiceLabel, payload?: OneLabelPayload) {
  const boundThreadId = label.bound ? (label.boundThreadId ?? payload?.threadId ?? null) : null;
  return { state: boundState(label), boundThreadId, attention: null };
}

export const archiveLabelOperation = readCompare<'archiveLabel'>(
  (ctx, id) => ctx.client.labels.archive(id, ctx.call),
  (_ctx, l) => l.archived,
);
export const unarchiveLabelOperation = readCompare<'unarchiveLabel'>(
  (ctx, id) => ctx.client.labels.unarchive(id, ctx.call),
  (_ctx, l) => !l.archived,
);
export const unbindLabelOperation = readCompare<'unbindLabel'>(
  (ctx, id) => ctx.client.labels.unbind(id, ctx.call),
  (_ctx, l) => !l.bound,
);
export const bindLabelOperation = readCompare<'bindLabel'>(
  (ctx, id, p) => ctx.client.labels.bind(id, { threadId: p.threadId as string }, ctx.call),
  (ctx, l, p) => boundTo(ctx, l, p.threadId as string),
);

export const activateLabelOperation: OperationHandler<'activateLabel'> = {
  async send(ctx, op) {
    const answer = await ctx.client.labels.activate(labelServiceId(ctx.db, op.payload.labelId), ctx.call);
    const label = await answered(ctx, op.payload.labelId, answer.label);
    return { ...mirrored(op.payload.labelId, reelOf(ctx, op.payload.labelId), (l) => mirror(l), label), result: { activation: answer.activation } };
  },
  // Activation is forward-only: resending is safe.
  check: async () => ({ landed: false }),
};

/**
 * How many active SVC members the service's Label carries if this SVC addition landed. The local mirror holds
 * the intended identifiers after every queued change of the Label; the Label's other operations that have not
 * reached the service (queued after this one, in attention, or discarded) are taken back out of it.
 */
function svcCountIfLanded(ctx: OperationContext, op: OutboxOp<'addIdentifier'>): number | null {
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

export const addIdentifierOperation: OperationHandler<'addIdentifier'> = {
  async send(ctx, op) {
    const p = op.payload;
    const labelId = labelServiceId(ctx.db, p.labelId);
    const image = p.captureSha256 ? captureToSend(ctx, p.captureSha256, { method: 'POST', path: PATHS.labelIdentifiers(labelId) }) : undefined;
    const answer = await ctx.client.labels.addIdentifier(
      labelId,
      { tagType: p.tagType, ...(p.value ? { value: p.value } : {}), ...(image ? { image } : {}) },
      ctx.call,
    );
    return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), await answered(ctx, p.labelId, answer));
  },
  async check(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    const landed = () => ({ landed: true as const, applied: mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label) });
    if (p.tagType !== 'SVC') return (await holdsValue(ctx, label, p.tagType, p.value)) ? landed() : { landed: false };
    // Without a member list there is nothing to count: resend (the same bytes are refused, never doubled).
    const members = activeMembers(label);
    if (members === null) return { landed: false };
    // An SVC member cannot be compared by value, and resending the same bytes is refused (SCAN_IDENTICAL_SCAN)
    // even when they landed: count the Label's active SVC members against what it carries with this one added.
    // Exactly that many → landed. Fewer → resend. More (changed elsewhere) → resend: the same bytes can never be
    // added twice, so the worst case is an attention item, never a silently missing marking.
    const expected = svcCountIfLanded(ctx, op);
    const onService = members.filter((m) => m.tagType === 'SVC').length;
    return expected !== null && onService === expected ? landed() : { landed: false };
  },
};

export const removeIdentifierOperation: OperationHandler<'removeIdentifier'> = {
  async send(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    const members = activeMembers(label);
    if (members === null) {
      throw new HandlerAttention(
        'STATION_MEMBERS_NOT_LISTED',
        `The service's Label ${label.compositeTagId} does not list its member identifiers, so the station cannot tell which one to remove (DELETE needs its tagId). Remove the ${p.tagType} identifier on the service, then discard this operation.`,
        null,
        ['retry', 'discard'],
      );
    }
    const member = members.find(
      (m) => m.tagType === p.tagType && (p.value === undefined || (m.value !== null && identifierValuesMatch(m.tagType, m.value, p.value))),
    );
    // Already gone: the intended state holds.
    if (!member) return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label);
    const answer = await ctx.client.labels.removeIdentifier(label.compositeTagId, member.tagId, ctx.call);
    return mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), await answered(ctx, p.labelId, answer));
  },
  async check(ctx, op) {
    const p = op.payload;
    const label = await read(ctx, p.labelId);
    return (await holdsValue(ctx, label, p.tagType, p.value))
      ? { landed: false }
      : { landed: true, applied: mirrored(p.labelId, reelOf(ctx, p.labelId), () => ({ attention: null }), label) };
  },
};
