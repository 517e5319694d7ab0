// Label enrollment. spec: Labels and Reels — `POST /reels/{reel_collection_id}/labels` and "Create Label rules".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScanReceipt } from '../../../src-shared/api/scan';
import { expandEnrollmentIdentifiers, LabelEnrollmentFieldsSchema, LabelEnrollmentResponseSchema } from '../../../src-shared/api/labels';
import { decideEnrollment, LabelRuleError, type NewMember } from '../../domain/labels';
import type { RoutePluginOptions } from '../../deps';
import { actorOf, requireWriter } from '../../http/authority';
import { imageSha256, ingestOpticalCapture, scanReceipt } from '../../optical';
import { visibleReel } from './access';
import { labelError } from './errors';
import { checkFingerprints, fieldIssues } from './input';
import { labelView } from './label-view';
import { readLabelRequest } from './multipart';
import { ReelParamsSchema } from './params';
import { toReelState } from '../../store/label-states';
import type { CollectionRow, LabelRow } from '../../store/rows';

export const enrollRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/reels/:reel_collection_id/labels',
    {
      config: { multipartFields: LabelEnrollmentFieldsSchema },
      schema: {
        params: ReelParamsSchema,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: LabelEnrollmentResponseSchema, 201: LabelEnrollmentResponseSchema },
      },
    },
    async (request, reply) => {
      const { svc } = request;
      requireWriter(svc);
      const reelRow = visibleReel(store, svc, request.params.reel_collection_id);
      const { fields: raw, image } = await readLabelRequest(request);
      const parsed = LabelEnrollmentFieldsSchema.safeParse(raw);
      if (!parsed.success) throw labelError('INVALID_REQUEST', { reason: 'validation', issues: fieldIssues(parsed.error) });
      const fields = parsed.data;
      const identifiers: NewMember[] = expandEnrollmentIdentifiers(fields);
      checkFingerprints(store, identifiers);
      const reel = toReelState(reelRow);
      const decide = (extra: NewMember[]) => {
        const all = [...identifiers, ...extra];
        const fps = all.flatMap((i) => (i.tagType === 'SVC' ? [i.fingerprintId] : []));
        return decideEnrollment({
          reel,
          labelsOnReel: store.labels.labelStatesForEnrollment(reel.collectionId, fields.position),
          position: fields.position,
          identifiers: all,
          markingPeers: store.tags.markingPeersOf(fps),
        });
      };

      let scan: ScanReceipt | undefined;
      const extra: NewMember[] = [];
      if (image) {
        // spec: identical bytes are SCAN_IDENTICAL_SCAN (Errors), except the retry of the same enrollment at
        // the same position, which answers already_enrolled (Labels and Reels, Create Label rules): check that
        // before ingesting.
        const earlier = store.optical.findScanBySha(imageSha256(image));
        if (earlier?.fingerprintId) {
          const retry = decideRetry(() => decide([{ tagType: 'SVC', fingerprintId: earlier.fingerprintId as string }]));
          if (retry) {
            return reply.code(200).send({
              outcome: 'already_enrolled',
              label: labelView(store, retry),
              reel: store.reels.reelView(reelRow),
              scan: scanReceipt(earlier.scanId, earlier.fingerprintId, earlier.svcId),
            });
          }
        }
        const capture = await ingestOpticalCapture(store, image, { orgId: svc.orgId, teamId: svc.teamId, enrollmentSessionId: null, now: deps.now });
        extra.push({ tagType: 'SVC', fingerprintId: capture.fingerprintId });
        scan = capture.receipt;
      }

      const at = deps.now().toISOString();
      const commit = () =>
        store.transaction(() => {
          const decision = decide(extra);
          if (decision.outcome === 'already_enrolled')
            return { outcome: decision.outcome, row: store.labels.getLabelRow(decision.label.compositeTagId) as LabelRow };
          const { actorId } = actorOf(svc);
          const compositeTagId = store.labels.insertLabel({
            reelId: reel.collectionId,
            position: decision.position,
            orgId: svc.orgId,
            ownerTeamId: reelRow.owner_team_id,
            humanReadable: fields.humanReadable ?? null,
            createdById: actorId,
            at,
          });
          const identifiable = fields.options?.indexing !== 'none';
          let svcId: string | null = null;
          for (const m of decision.members) {
            const tagId = store.labels.insertMember(m, {
              compositeTagId,
              orgId: svc.orgId,
              ownerTeamId: reelRow.owner_team_id,
              threadId: null,
              identifiable,
              createdById: actorId,
              at,
            });
            if (m.tagType === 'SVC' && scan && m.fingerprintId === scan.fingerprintId) svcId = tagId;
          }
          if (scan && svcId) {
            store.optical.setScanOutcome(scan.scanId, 'enrolled', svcId);
            scan = { ...scan, svcId };
          }
          store.reels.refreshReelWarningsForLabel(reel.collectionId, compositeTagId);
          return { outcome: decision.outcome, row: store.labels.getLabelRow(compositeTagId) as LabelRow };
        });
      let result: ReturnType<typeof commit>;
      try {
        result = commit();
      } catch (error) {
        // spec: Errors, Scan receipts on failure — a stored capture refused as a duplicate keeps its receipt at detail.scan.
        if (scan && error instanceof LabelRuleError) {
          store.optical.setScanOutcome(scan.scanId, 'bind_refused');
          throw new LabelRuleError(error.code, error.message, { ...error.detail, scan });
        }
        throw error;
      }
      // spec: "success returns `outcome: created`"; a retry answers `already_enrolled` with the existing Label.
      return reply.code(result.outcome === 'created' ? 201 : 200).send({
        outcome: result.outcome,
        label: labelView(store, result.row),
        reel: store.reels.reelView(store.reels.getCollectionRow(reel.collectionId) as CollectionRow),
        ...(scan ? { scan } : {}),
      });
    },
  );

  /** The existing Label when the decision is a retry; null when the request is not one (then it goes on). */
  function decideRetry(run: () => ReturnType<typeof decideEnrollment>): LabelRow | null {
    try {
      const decision = run();
      return decision.outcome === 'already_enrolled' ? (store.labels.getLabelRow(decision.label.compositeTagId) ?? null) : null;
    } catch {
      return null;
    }
  }
};
