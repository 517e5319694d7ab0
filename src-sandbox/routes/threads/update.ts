import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ThreadArchivedDataResponseSchema,
  ThreadDataRestoreBodySchema,
  ThreadDataRestoreResponseSchema,
  ThreadDataUpdateBodySchema,
  ThreadDataUpdateResponseSchema,
  ThreadUpdateBodySchema,
  ThreadUpdateResponseSchema,
  type FieldEntryInput,
} from '../../../src-shared/api/threads';
import type { RoutePluginOptions, SandboxDeps } from '../../deps';
import { firstUnrestorable, planFieldChanges } from '../../domain/threads/fields';
import { nextUpdatedAt, sameInstant } from '../../domain/threads/timestamps';
import { actorOf } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { ERROR_RESPONSES } from '../../http/openapi';
import { SvcError } from '../../http/svc-error';
import { toFieldEntry } from '../../store/thread-views';
import { editableThread, readableThread } from './access';
import { ThreadIdParamsSchema } from './params';
import type { ThreadRow } from '../../store/rows';

function sameThreadId(pathId: string, bodyId: string): void {
  if (pathId.toLowerCase() !== bodyId.toLowerCase()) {
    throw new SvcError(
      'INVALID_REQUEST',
      { reason: 'thread_id_mismatch', issues: [{ path: ['body', 'threadId'], message: 'must equal the path thread_id' }] },
      { message: 'thread_id_mismatch' },
    );
  }
}

/** Field upserts and removals plus optional metadata, in one transaction with one event. */
function writeChanges(
  deps: SandboxDeps,
  svc: SvcContext,
  thread: ThreadRow,
  change: {
    update: FieldEntryInput[];
    remove: string[];
    metadata?: { name?: string; description?: string | null };
    expectedUpdatedAt?: string;
    action: string;
  },
): void {
  deps.store.transaction(() => {
    // Read again inside the transaction so the conflict check and the write see the same row.
    const current = editableThread(deps, svc, thread.thread_id);
    // spec: Threads — "stale expectedUpdatedAt gives 409 THREAD_DATA_CONFLICT"; Retry guidance: re-read, reapply.
    if (change.expectedUpdatedAt !== undefined && !sameInstant(change.expectedUpdatedAt, current.updated_at)) {
      throw new SvcError('THREAD_DATA_CONFLICT', { threadId: current.thread_id, expectedUpdatedAt: change.expectedUpdatedAt, updatedAt: current.updated_at });
    }
    const planned = planFieldChanges(deps.store.threads.fieldsOf(current.thread_id), change.update, change.remove, randomUUID);
    if (!planned.ok)
      throw new SvcError(
        'INVALID_DATA',
        { reason: planned.reason, fieldId: planned.fieldId },
        { message: 'field_not_found', params: { fieldId: planned.fieldId } },
      );
    const at = nextUpdatedAt(current.updated_at, deps.now());
    deps.store.threads.applyFieldPlan(current.thread_id, planned.plan, at);
    deps.store.threads.touchThread(current.thread_id, at, change.metadata);
    const { plan } = planned;
    const fieldTargets = [...plan.inserts, ...plan.updates]
      .map((f) => ({ kind: 'field' as const, id: f.fieldId }))
      .concat(plan.archives.map((id) => ({ kind: 'field' as const, id })));
    deps.store.threads.recordThreadEvent({
      threadId: current.thread_id,
      action: change.action,
      at,
      ...actorOf(svc),
      teamId: svc.teamId,
      targets: fieldTargets,
      detail: {
        added: plan.inserts.length,
        changed: plan.updates.length,
        removed: plan.archives.length,
        ...(change.metadata ? { metadata: Object.keys(change.metadata) } : {}),
      },
    });
  });
}

/** spec: Threads — metadata and field updates, archived fields and their restore. */
export const updateThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  app.post(
    '/:thread_id',
    {
      schema: {
        operationId: 'updateThread',
        summary: 'Change Thread metadata and fields',
        tags: ['Threads'],
        params: ThreadIdParamsSchema,
        body: ThreadUpdateBodySchema,
        response: { 200: ThreadUpdateResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const thread = editableThread(deps, request.svc, request.params.thread_id);
      const { thread: metadata, update = [], remove = [] } = request.body;
      writeChanges(deps, request.svc, thread, { update, remove, metadata, action: 'updated' });
      return { thread: deps.store.threads.threadDetail(thread.thread_id) };
    },
  );

  app.post(
    '/:thread_id/data',
    {
      schema: {
        operationId: 'updateThreadData',
        summary: 'Upsert fields by name or id, archive removed ones',
        tags: ['Threads'],
        params: ThreadIdParamsSchema,
        body: ThreadDataUpdateBodySchema,
        response: { 200: ThreadDataUpdateResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      sameThreadId(request.params.thread_id, request.body.threadId);
      const thread = editableThread(deps, request.svc, request.params.thread_id);
      const { update, remove = [], expectedUpdatedAt } = request.body;
      writeChanges(deps, request.svc, thread, { update, remove, ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }), action: 'data_updated' });
      return { thread: deps.store.threads.threadDetail(thread.thread_id) };
    },
  );

  app.get(
    '/:thread_id/data/archived',
    {
      schema: {
        operationId: 'listArchivedThreadData',
        summary: 'List archived (removed) fields',
        tags: ['Threads'],
        params: ThreadIdParamsSchema,
        response: { 200: ThreadArchivedDataResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const thread = readableThread(deps, request.svc, request.params.thread_id);
      return {
        data: deps.store.threads
          .fieldsOf(thread.thread_id)
          .filter((f) => f.archivedAt !== null)
          .map((f) => toFieldEntry(f, true)),
      };
    },
  );

  app.post(
    '/:thread_id/data/restore',
    {
      schema: {
        operationId: 'restoreThreadData',
        summary: 'Restore archived fields',
        tags: ['Threads'],
        params: ThreadIdParamsSchema,
        body: ThreadDataRestoreBodySchema,
        response: { 200: ThreadDataRestoreResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      sameThreadId(request.params.thread_id, request.body.threadId);
      const svc = request.svc;
      const thread = editableThread(deps, svc, request.params.thread_id);
      const restore = [...new Set(request.body.restore)];
      deps.store.transaction(() => {
        const bad = firstUnrestorable(deps.store.threads.fieldsOf(thread.thread_id), restore);
        if (bad !== null)
          throw new SvcError('INVALID_DATA', { reason: 'not_archived', fieldId: bad }, { message: 'field_not_found', params: { fieldId: bad } });
        const current = editableThread(deps, svc, thread.thread_id);
        const at = nextUpdatedAt(current.updated_at, deps.now());
        deps.store.threads.restoreFields(thread.thread_id, restore, at);
        deps.store.threads.touchThread(thread.thread_id, at);
        deps.store.threads.recordThreadEvent({
          threadId: thread.thread_id,
          action: 'data_restored',
          at,
          ...actorOf(svc),
          teamId: svc.teamId,
          targets: restore.map((id) => ({ kind: 'field' as const, id })),
        });
      });
      return { thread: deps.store.threads.threadDetail(thread.thread_id) };
    },
  );
};
