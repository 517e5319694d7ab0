// spec: Labels and Reels, Bulk-bind — `POST /reels/{reel_collection_id}/bulk-bind`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkBindBodySchema, BulkBindResponseSchema } from '../../../src-shared/api/bulk-bind';
import { decideBulkBind, type BulkBindInput } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { requireAttribution, type SvcContext } from '../../http/context';
import { requireWriter } from '../../http/authority';
import type { SandboxStore } from '../../store';

import { visibleReel } from './access';
import { enqueueActivation } from './activation-ops';
import { bindLabel } from './bind-ops';
import { ReelParamsSchema } from './params';
import { toReelState } from '../../store/label-states';
import type { CollectionRow } from '../../store/rows';

export interface BulkBindRequest {
  fromPosition: number;
  toPosition: number;
  threadIds: string[];
  activate?: boolean;
}

/** Everything the bulk-bind rule needs, read from the store (shared by the route and its benchmark). */
export function loadBulkBindInput(store: SandboxStore, svc: SvcContext, reelRow: CollectionRow, body: BulkBindRequest): BulkBindInput {
  const rows = store.labels.labelRowsInRange(reelRow.collection_id, body.fromPosition, body.toPosition);
  const labelsOnReel = store.labels.labelStates(rows);
  const fps = labelsOnReel.flatMap((l) => l.members.flatMap((m) => (m.fingerprintId !== null && m.archivedAt === null ? [m.fingerprintId] : [])));
  return {
    reel: toReelState(reelRow),
    labelsOnReel,
    fromPosition: body.fromPosition,
    toPosition: body.toPosition,
    threadIds: body.threadIds,
    activate: body.activate === true,
    threads: store.threads.threadViews(svc, body.threadIds),
    markingPeers: store.tags.blockingPeersOf(reelRow.owner_team_id, fps),
  };
}

export const bulkBindRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/reels/:reel_collection_id/bulk-bind',
    // A dry run is a question; a commit writes: the attribution policy is decided per request.
    { config: { svc: { write: false } }, schema: { params: ReelParamsSchema, body: BulkBindBodySchema, response: { 200: BulkBindResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      if (request.body.dryRun !== true) requireAttribution(svc);
      const reelRow = visibleReel(store, svc, request.params.reel_collection_id);
      const body = request.body;
      const at = deps.now().toISOString();
      // Preflight and commit in one transaction, so nothing changes between the check and the binds.
      const { outcome, plan } = store.transaction(() => {
        const decision = decideBulkBind(loadBulkBindInput(store, svc, reelRow, body), body.dryRun === true);
        if (decision.outcome === 'bound') {
          // "The bind leaves one bind event per member identifier, as N single binds would": one operation per Label.
          for (const pair of decision.plan.pairs) bindLabel(store, svc, pair.compositeTagId, pair.threadId, at);
          // "With `activate: true` the bind commits first, then one background job activates exactly the bound
          // Labels' optical markings" (queued in the same transaction, run after it).
          if (decision.plan.activation === 'queued') {
            enqueueActivation(
              deps.jobs,
              decision.plan.pairs.map((p) => p.compositeTagId),
              { orgId: svc.orgId, teamId: svc.teamId },
            );
          }
        }
        return decision;
      });
      return {
        outcome,
        rows: plan.rows,
        blockers: plan.blockers,
        warnings: plan.warnings,
        activation: plan.activation,
        reel: store.reels.reelView(store.reels.getCollectionRow(reelRow.collection_id) as CollectionRow),
      };
    },
  );
};
