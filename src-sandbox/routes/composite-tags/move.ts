// spec: Labels and Reels, Move — `POST /move` and `POST /move/preview`.
// spec: Authority — "Move needs a Team or Organization administrator; preview needs only membership".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Label } from '../../../src-shared/api/labels';
import { MoveBodySchema, MovePreviewBodySchema, MovePreviewResponseSchema, MoveResponseSchema, type MoveBody } from '../../../src-shared/api/move';
import { planMove, previewMove, type LabelState, type MoveWorld, type ReelState } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireMember, requireTeamAdmin } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import type { SandboxDb } from '../../store/db';
import { visibleLabel, visibleLabelCollection, visibleReel } from './access';
import { getLabelRow, labelStatesOnReel, placeLabel } from '../../store/labels';
import { labelView } from './label-view';
import { getCollectionRow, insertCollection, reelView, refreshReelWarnings } from '../../store/reels';
import { toReelState, type CollectionRow } from '../../store/label-states';

/** The Reels a move touches (all visible, else 404) and every Label on them. */
function loadWorld(db: SandboxDb, svc: SvcContext, body: MoveBody): MoveWorld {
  const reelIds = new Set<string>();
  const { source, target } = body;
  if ('compositeTagIds' in source) for (const id of source.compositeTagIds) reelIds.add(visibleLabel(db, svc, id).reel_id);
  else if ('fromCompositeTagId' in source)
    for (const id of [source.fromCompositeTagId, source.toCompositeTagId]) reelIds.add(visibleLabel(db, svc, id).reel_id);
  else reelIds.add(source.reelCollectionId);
  if ('reelCollectionId' in target) reelIds.add(target.reelCollectionId);
  const reels: ReelState[] = [];
  const labels: LabelState[] = [];
  for (const id of reelIds) {
    reels.push(toReelState(visibleReel(db, svc, id)));
    labels.push(...labelStatesOnReel(db, id));
  }
  return { reels, labels };
}

function fullLabel(db: SandboxDb, compositeTagId: string | undefined): Label | null {
  if (compositeTagId === undefined) return null;
  const row = getLabelRow(db, compositeTagId);
  return row ? labelView(db, row) : null;
}

export const moveRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/move', { schema: { body: MoveBodySchema, response: { 200: MoveResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireTeamAdmin(svc);
    const body = request.body;
    const at = deps.now().toISOString();
    const result = db.transaction(() => {
      const plan = planMove(loadWorld(db, svc, body), body);
      let targetId: string;
      if (plan.target.kind === 'existing') {
        targetId = plan.target.reel.collectionId;
      } else {
        const spec = plan.target.spec;
        if (spec.collectionId) visibleLabelCollection(db, svc, spec.collectionId, 'filing_collection_not_found');
        targetId = insertCollection(db, {
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
      plan.moved.forEach((m, i) => placeLabel(db, m.compositeTagId, targetId, -1 - i, at));
      for (const m of plan.moved) placeLabel(db, m.compositeTagId, targetId, m.toPosition, at);
      for (const reelId of new Set([targetId, ...plan.moved.map((m) => m.fromReelCollectionId)])) refreshReelWarnings(db, reelId);
      return { plan, targetId };
    })();
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
      targetReel: reelView(db, getCollectionRow(db, targetId) as CollectionRow),
    };
  });

  app.post(
    '/move/preview',
    { config: { svc: { write: false } }, schema: { body: MovePreviewBodySchema, response: { 200: MovePreviewResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireMember(svc);
      const preview = previewMove(loadWorld(db, svc, request.body), request.body);
      return { ...preview, first: fullLabel(db, preview.first?.compositeTagId), last: fullLabel(db, preview.last?.compositeTagId) };
    },
  );
};
