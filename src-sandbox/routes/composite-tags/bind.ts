// spec: Labels and Reels — `POST /{composite_tag_id}/bind` `{threadId, options?: {indexing: default}}`,
// `POST /{composite_tag_id}/unbind`; spec: States and transitions (Label rows); Bind rules.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LabelBindBodySchema, LabelBindResponseSchema, LabelUnbindResponseSchema } from '../../../src-shared/api/labels';
import { planBulkBind, type BulkBindIssue } from '../../domain/labels';
import type { BulkBindBlockerKind } from '../../../src-shared/api/bulk-bind';
import type { RoutePluginOptions } from '../../deps';
import { requireWriter } from '../../http/authority';
import { SvcError } from '../../http/svc-error';
import { visibleLabel } from './access';
import { activateLabel } from './activation-ops';
import { bindLabel, unbindLabel } from './bind-ops';
import { labelError } from './errors';
import { labelView } from './label-view';
import { LabelParamsSchema } from './params';
import { toReelState } from '../../store/label-states';
import type { CollectionRow, LabelRow } from '../../store/rows';

/**
 * A single bind uses the bulk-bind rules for one pair, so both refuse the same things. The first blocker
 * decides the answer.
 */
function refusal(blocker: BulkBindIssue<BulkBindBlockerKind>, label: LabelRow): SvcError {
  const ids = { compositeTagId: label.composite_tag_id, threadId: blocker.threadId };
  switch (blocker.kind) {
    // spec: Identifier and scan codes — IDENTIFIER_ALREADY_BOUND "identifier or its Label already on another
    // Thread; `detail.compositeTagId`".
    case 'label_bound':
      return labelError('IDENTIFIER_ALREADY_BOUND', {
        reason: 'label_bound_elsewhere',
        compositeTagId: label.composite_tag_id,
        threadId: label.bound_thread_id ?? undefined,
      });
    case 'identifier_bound_elsewhere':
      return labelError('IDENTIFIER_ALREADY_BOUND', { reason: 'identifier_bound_elsewhere', compositeTagId: label.composite_tag_id });
    // spec: Bind rules — "A member scanned onto a Thread owned by a different Team is refused with 409
    // COMPOSITE_TAG_CONFLICT, `detail.reason` `label_owned_by_other_team`".
    case 'thread_not_owned':
      return labelError('COMPOSITE_TAG_CONFLICT', { reason: 'label_owned_by_other_team', ...ids });
    // spec: States — bind needs "edit permission".
    case 'thread_not_editable':
      return new SvcError(
        'FORBIDDEN',
        { reason: 'thread_not_editable', ...ids },
        { message: 'thread_not_editable', params: { threadId: blocker.threadId ?? '' } },
      );
    default:
      return labelError('COMPOSITE_TAG_CONFLICT', { reason: blocker.kind, ...ids });
  }
}

export const bindRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/:composite_tag_id/bind',
    { schema: { params: LabelParamsSchema, body: LabelBindBodySchema, response: { 200: LabelBindResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleLabel(store, svc, request.params.composite_tag_id);
      const { threadId, options } = request.body;
      const threads = store.threads.threadViews(svc, [threadId]);
      if (!threads.has(threadId)) throw new SvcError('NOT_FOUND', { threadId }, { message: 'thread_not_found', params: { threadId } });
      const at = deps.now().toISOString();
      const operationId = store.transaction(() => {
        const fresh = store.labels.getLabelRow(row.composite_tag_id) as LabelRow;
        // Binding again to the same Thread changes nothing (a retried request).
        if (fresh.bound_thread_id === threadId) return undefined;
        const state = store.labels.labelState(fresh);
        const reel = toReelState(store.reels.getCollectionRow(fresh.reel_id) as CollectionRow);
        const fps = state.members.flatMap((m) => (m.fingerprintId !== null && m.archivedAt === null ? [m.fingerprintId] : []));
        const plan = planBulkBind({
          reel,
          labelsOnReel: [state],
          fromPosition: state.position,
          toPosition: state.position,
          threadIds: [threadId],
          activate: false,
          threads,
          markingPeers: store.tags.markingPeersOf(fps),
        });
        const first = plan.blockers[0];
        if (first) throw refusal(first, fresh);
        return bindLabel(store, svc, fresh.composite_tag_id, threadId, at);
      });
      // spec: States — "bind with `activateLabel: true` or indexing `default`" activates the Label's markings.
      if (options?.indexing === 'default') activateLabel(store, row.composite_tag_id, at);
      return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow), ...(operationId ? { operationId } : {}) };
    },
  );

  app.post('/:composite_tag_id/unbind', { schema: { params: LabelParamsSchema, response: { 200: LabelUnbindResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireWriter(svc);
    const row = visibleLabel(store, svc, request.params.composite_tag_id);
    if (row.bound_thread_id) {
      const threadId = row.bound_thread_id;
      const at = deps.now().toISOString();
      store.transaction(() => unbindLabel(store, svc, row.composite_tag_id, threadId, at));
    }
    return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow) };
  });
};
