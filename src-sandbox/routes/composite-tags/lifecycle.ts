// spec: Labels and Reels — `POST /{composite_tag_id}/archive`, `/unarchive`, `/activate`;
// `POST /reels/{reel_collection_id}/activate` "runs in background". spec: States and transitions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LabelActivateResponseSchema,
  LabelArchiveResponseSchema,
  LabelUnarchiveResponseSchema,
  ReelActivateResponseSchema,
} from '../../../src-shared/api/labels';
import type { LabelActivationOutcome } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { requireMember, requireWriter } from '../../http/authority';
import { visibleLabel, visibleReel } from './access';
import { activateLabel, enqueueActivation } from './activation-ops';
import { labelView } from './label-view';
import { LabelParamsSchema, ReelParamsSchema } from './params';
import type { CollectionRow, LabelRow } from '../../store/rows';

export const lifecycleRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  function setArchived(compositeTagId: string, archived: boolean, reelId: string): void {
    const at = deps.now().toISOString();
    store.transaction(() => {
      // Archiving twice keeps the first archivedAt.
      store.labels.setLabelArchived(compositeTagId, archived, at);
      store.reels.refreshReelWarnings(reelId);
    });
  }

  // spec: Authority — "archiving require[s] a signed-in Team or Organization administrator, or an
  // organization-scoped Service Account that is a member of the selected Team" (http/authority.ts: requireWriter).
  app.post('/:composite_tag_id/archive', { schema: { params: LabelParamsSchema, response: { 200: LabelArchiveResponseSchema } } }, async (request) => {
    requireWriter(request.svc);
    const row = visibleLabel(store, request.svc, request.params.composite_tag_id);
    setArchived(row.composite_tag_id, true, row.reel_id);
    return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow) };
  });

  app.post('/:composite_tag_id/unarchive', { schema: { params: LabelParamsSchema, response: { 200: LabelUnarchiveResponseSchema } } }, async (request) => {
    requireWriter(request.svc);
    const row = visibleLabel(store, request.svc, request.params.composite_tag_id);
    setArchived(row.composite_tag_id, false, row.reel_id);
    return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow) };
  });

  // spec: Authority — "reading and activating Labels requires Team membership".
  app.post('/:composite_tag_id/activate', { schema: { params: LabelParamsSchema, response: { 200: LabelActivateResponseSchema } } }, async (request) => {
    requireMember(request.svc);
    const row = visibleLabel(store, request.svc, request.params.composite_tag_id);
    const activation: LabelActivationOutcome = activateLabel(store, row.composite_tag_id, deps.now().toISOString()) ?? 'failed';
    return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow), activation };
  });

  app.post(
    '/reels/:reel_collection_id/activate',
    { schema: { params: ReelParamsSchema, response: { 202: ReelActivateResponseSchema, 200: ReelActivateResponseSchema } } },
    async (request, reply) => {
      const { svc } = request;
      requireMember(svc);
      const reelRow = visibleReel(store, svc, request.params.reel_collection_id);
      const labels = store.labels.labelStatesOnReel(reelRow.collection_id).filter((l) => l.archivedAt === null);
      const optical = labels.filter((l) => l.members.some((m) => m.tagType === 'SVC' && m.archivedAt === null));
      const pending = optical.filter((l) => l.members.some((m) => m.tagType === 'SVC' && m.archivedAt === null && !m.identifiable));
      const reel = () => store.reels.reelView(store.reels.getCollectionRow(reelRow.collection_id) as CollectionRow);
      if (optical.length === 0) return reply.code(200).send({ activation: 'no_dust', reel: reel() });
      if (pending.length === 0) return reply.code(200).send({ activation: 'already_active', reel: reel() });
      enqueueActivation(
        deps.jobs,
        pending.map((l) => l.compositeTagId),
        { orgId: svc.orgId, teamId: svc.teamId },
      );
      return reply.code(202).send({ activation: 'queued', reel: reel() });
    },
  );
};
