// spec: Labels and Reels, Move — `POST /move` and `POST /move/preview`.
// spec: Authority — "Move needs a Team or Organization administrator; preview needs only membership".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Label } from '../../../src-shared/api/labels';
import { MoveBodySchema, MovePreviewBodySchema, MovePreviewResponseSchema, MoveResponseSchema, type MoveBody } from '../../../src-shared/api/move';
import { planMove, previewMove, type LabelState, type MoveWorld, type ReelState } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireMember, requireTeamAdmin } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import type { SandboxStore } from '../../store';

import { visibleLabel, visibleLabelCollection, visibleReel } from './access';
import { labelView } from './label-view';
import { toReelState } from '../../store/label-states';
import type { CollectionRow } from '../../store/rows';

/** The Reels a move touches (all visible, else 404) and every Label on them. */
function loadWorld(store: SandboxStore, svc: SvcContext, body: MoveBody): MoveWorld {
  const reelIds = new Set<string>();
  const { source, target } = body;
  if ('compositeTagIds' in source) for (const id of source.compositeTagIds) reelIds.add(visibleLabel(store, svc, id).reel_id);
  else if ('fromCompositeTagId' in source)
    for (const id of [source.fromCompositeTagId, source.toCompositeTagId]) reelIds.add(visibleLabel(store, svc, id).reel_id);
  else reelIds.add(source.reelCollectionId);
  if ('reelCollectionId' in target) reelIds.add(target.reelCollectionId);
  const reels: ReelState[] = [];
  const labels: LabelState[] = [];
  for (const id of reelIds) {
    reels.push(toReelState(visibleReel(store, svc, id)));
    labels.push(...store.labels.labelStatesOnReel(id));
  }
  return { reels, labels };
}

function fullLabel(store: SandboxStore, compositeTagId: string | undefined): Label | null {
  if (compositeTagId === undefined) return null;
  const row = store.labels.getLabelRow(compositeTagId);
  return row ? labelView(store, row) : null;
}

export const moveRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.post('/move', { schema: { body: MoveBodySchema, response: { 200: MoveResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireTeamAdmin(svc);
    const body = request.body;
    const at = deps.now().toISOString();
    const result = store.transaction(() => {
      const plan = planMove(loadWorld(store, svc, body), body);
      let targetId: string;
      if (plan.target.kind === 'existing') {
        targetId = plan.target.reel.collectionId;
      } else {
        const spec = plan.target.spec;
        if (spec.collectionId) visibleLabelCollection(store, svc, spec.collectionId, 'filing_collection_not_found');
        targetId = store.reels.insertCollection({
          kind: 'reel',
          orgId: svc.orgId,
          ownerTeamId: svc.teamId,
          name: spec.name,
          description: spec.description ?? null,
          filingCollectionId: spec.collectionId ?? null,
          expectedIdentifiers: plan.target.expectedIdentifiers,
          createdById: actorOf(svc).actorId,
          at,
        });
      }
      // Two steps, so a Label never lands on a position another moving Label still holds.
      plan.moved.forEach((m, i) => store.labels.placeLabel(m.compositeTagId, targetId, -1 - i, at));
      for (const m of plan.moved) store.labels.placeLabel(m.compositeTagId, targetId, m.toPosition, at);
      for (const reelId of new Set([targetId, ...plan.moved.map((m) => m.fromReelCollectionId)])) store.reels.refreshReelWarnings(reelId);
      return { plan, targetId };
    });
    const { plan, targetId } = result;
    return {
      moved: plan.moved.map((m) => ({
        compositeTagId: m.compositeTagId,
        fromReelCollectionId: m.fromReelCollectionId,
        fromPosition: m.fromPosition,
        toReelCollectionId: targetId,
        toPosition: m.toPosition,
      })),
      ...(plan.cut ? { cut: plan.cut } : {}),
      outcome: plan.outcome,
      targetReel: store.reels.reelView(store.reels.getCollectionRow(targetId) as CollectionRow),
    };
  });

  app.post(
    '/move/preview',
    { config: { svc: { write: false } }, schema: { body: MovePreviewBodySchema, response: { 200: MovePreviewResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireMember(svc);
      const preview = previewMove(loadWorld(store, svc, request.body), request.body);
      return { ...preview, first: fullLabel(store, preview.first?.compositeTagId), last: fullLabel(store, preview.last?.compositeTagId) };
    },
  );
};
