// Adding and removing a Label's members. spec: Labels and Reels — `POST /{composite_tag_id}/identifiers`
// (multipart, adds a member), `DELETE /{composite_tag_id}/identifiers/{tag_id}`; spec: Errors,
// COMPOSITE_TAG_CONFLICT "removing a Label's last identifier".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LabelMemberAddFieldsSchema, LabelMemberAddResponseSchema, LabelMemberRemoveResponseSchema } from '../../../src-shared/api/labels';
import type { ScanReceipt } from '../../../src-shared/api/scan';
import { decideMemberAdd, decideMemberRemoval, LabelRuleError, type NewMember } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireWriter } from '../../http/authority';
import { ingestOpticalCapture } from '../../optical';
import { visibleLabel } from './access';
import { labelError } from './errors';
import { checkFingerprints, fieldIssues } from './input';
import { labelView } from './label-view';
import { readLabelRequest } from './multipart';
import { LabelParamsSchema, MemberParamsSchema } from './params';
import type { LabelRow } from '../../store/rows';

export const memberRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/:composite_tag_id/identifiers',
    {
      config: { multipartFields: LabelMemberAddFieldsSchema },
      schema: {
        params: LabelParamsSchema,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: LabelMemberAddResponseSchema, 201: LabelMemberAddResponseSchema },
      },
    },
    async (request, reply) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleLabel(store, svc, request.params.composite_tag_id);
      const { fields: raw, image } = await readLabelRequest(request);
      // An SVC member may come as an image instead of a fingerprintId.
      const parsed = LabelMemberAddFieldsSchema.safeParse(raw);
      if (!parsed.success) throw labelError('INVALID_REQUEST', { reason: 'validation', issues: fieldIssues(parsed.error) });
      const f = parsed.data;
      let scan: ScanReceipt | undefined;
      let member: NewMember;
      if (f.tagType === 'SVC') {
        if (image && f.fingerprintId)
          throw labelError('INVALID_REQUEST', { reason: 'validation', issues: [{ path: ['data'], message: 'send either data or fingerprintId' }] });
        if (image) {
          const capture = await ingestOpticalCapture(store, image, { orgId: svc.orgId, teamId: svc.teamId, now: deps.now });
          scan = capture.receipt;
          member = { tagType: 'SVC', fingerprintId: capture.fingerprintId };
        } else if (f.fingerprintId) {
          member = { tagType: 'SVC', fingerprintId: f.fingerprintId };
        } else {
          throw labelError('INVALID_REQUEST', {
            reason: 'validation',
            issues: [{ path: ['fingerprintId'], message: 'an SVC member needs data or fingerprintId' }],
          });
        }
      } else {
        member = { tagType: f.tagType, value: f.value as string };
      }
      checkFingerprints(store, [member]);
      const at = deps.now().toISOString();
      const add = () =>
        store.transaction(() => {
          const state = store.labels.labelState(store.labels.getLabelRow(row.composite_tag_id) as LabelRow);
          const peers = member.tagType === 'SVC' ? (store.tags.markingPeersOf([member.fingerprintId]).get(member.fingerprintId) ?? []) : [];
          const decision = decideMemberAdd(state, member, peers);
          if (decision.outcome === 'already_member') return false;
          const { actorId, declaredActor } = actorOf(svc);
          const identifiable = f.options?.indexing !== 'none';
          // A member added to a bound Label binds with it (spec: Bind rules, "the whole Label binds").
          const tagId = store.labels.insertMember(member, {
            compositeTagId: row.composite_tag_id,
            orgId: row.org_id,
            ownerTeamId: row.owner_team_id,
            threadId: row.bound_thread_id,
            identifiable,
            createdById: actorId,
            at,
          });
          if (row.bound_thread_id) {
            store.threads.recordThreadEvent({
              threadId: row.bound_thread_id,
              action: 'tag_bound',
              at,
              actorId,
              declaredActor,
              teamId: svc.teamId,
              targets: [
                { kind: 'identifier', id: tagId },
                { kind: 'label', id: row.composite_tag_id },
              ],
            });
          }
          if (scan) {
            store.optical.setScanOutcome(scan.scanId, 'enrolled', tagId);
            scan = { ...scan, svcId: tagId };
          }
          store.labels.touchLabel(row.composite_tag_id, at);
          store.reels.refreshReelWarnings(row.reel_id);
          return true;
        });
      let added: boolean;
      try {
        added = add();
      } catch (error) {
        // spec: Errors, Scan receipts on failure — a stored capture refused as a duplicate keeps its receipt at detail.scan.
        if (scan && error instanceof LabelRuleError) {
          store.optical.setScanOutcome(scan.scanId, 'bind_refused');
          throw new LabelRuleError(error.code, error.message, { ...error.detail, scan });
        }
        throw error;
      }
      const label = labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow);
      return reply.code(added ? 201 : 200).send({ label, ...(scan ? { scan } : {}) });
    },
  );

  app.delete(
    '/:composite_tag_id/identifiers/:tag_id',
    { schema: { params: MemberParamsSchema, response: { 200: LabelMemberRemoveResponseSchema } } },
    async (request) => {
      const { svc } = request;
      requireWriter(svc);
      const row = visibleLabel(store, svc, request.params.composite_tag_id);
      const at = deps.now().toISOString();
      store.transaction(() => {
        const member = decideMemberRemoval(store.labels.labelState(row), request.params.tag_id);
        // The identifier leaves the Label (and its Thread) and is kept archived, so history still names it.
        const wasThreadId = store.tags.detachMember(member.tagId, at);
        if (wasThreadId) {
          const { actorId, declaredActor } = actorOf(svc);
          store.threads.recordThreadEvent({
            threadId: wasThreadId,
            action: 'tag_unbound',
            at,
            actorId,
            declaredActor,
            teamId: svc.teamId,
            targets: [
              { kind: 'identifier', id: member.tagId },
              { kind: 'label', id: row.composite_tag_id },
            ],
          });
        }
        store.labels.touchLabel(row.composite_tag_id, at);
        store.reels.refreshReelWarnings(row.reel_id);
      });
      return { label: labelView(store, store.labels.getLabelRow(row.composite_tag_id) as LabelRow) };
    },
  );
};
