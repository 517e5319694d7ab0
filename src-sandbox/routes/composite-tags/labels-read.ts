// Reading Labels. spec: Labels and Reels — GET `` (reelCollectionId, bound, transferred, q), GET
// `/{composite_tag_id}`, POST `/resolve` (`detail` first match, `candidates[]` all matches, by position when a
// Reel is given).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LabelListQuerySchema,
  LabelListResponseSchema,
  LabelReadResponseSchema,
  LabelResolveBodySchema,
  LabelResolveResponseSchema,
} from '../../../src-shared/api/labels';
import type { RoutePluginOptions } from '../../deps';
import { requireMember } from '../../http/authority';
import { visibleLabel, visibleReel } from './access';
import { labelView } from './label-view';
import { LabelParamsSchema } from './params';

export const labelReadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  // The collection root is the prefix itself (spec: GET ``).
  app.get('', { schema: { querystring: LabelListQuerySchema, response: { 200: LabelListResponseSchema } } }, async (request) => {
    const { svc } = request;
    requireMember(svc);
    const q = request.query;
    if (q.reelCollectionId !== undefined) visibleReel(store, svc, q.reelCollectionId);
    const { rows, nextCursor } = store.labels.listLabels(svc, q);
    return { labels: rows.map((row) => labelView(store, row)), nextCursor };
  });

  app.get('/:composite_tag_id', { schema: { params: LabelParamsSchema, response: { 200: LabelReadResponseSchema } } }, async (request) => {
    requireMember(request.svc);
    return { label: labelView(store, visibleLabel(store, request.svc, request.params.composite_tag_id)) };
  });

  app.post(
    '/resolve',
    { config: { svc: { write: false } }, schema: { body: LabelResolveBodySchema, response: { 200: LabelResolveResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireMember(svc);
      const { tagType, value, reelCollectionId } = request.body;
      if (reelCollectionId !== undefined) visibleReel(store, svc, reelCollectionId);
      // SVC has no printed value: `value` names a stored fingerprint, matched by optical marking.
      const fingerprintIds = tagType === 'SVC' ? [...new Set([value, ...store.tags.findOpticalTagsWithSameMarking(value).map((m) => m.fingerprintId)])] : [];
      const rows = store.labels.labelsWithMember(svc, { tagType, value, fingerprintIds }, reelCollectionId);
      const candidates = rows.map((r) => labelView(store, r));
      return { detail: candidates[0] ?? null, candidates };
    },
  );
};
