import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThreadCreateBodySchema, ThreadCreateResponseSchema, type ThreadCreateBody } from '../../../src-shared/api/threads';
import type { RoutePluginOptions } from '../../deps';
import { normalizeRawThread, type NormalizedThreadInput } from '../../domain/threads/raw';
import { planFieldChanges } from '../../domain/threads/fields';
import { actorOf, requireWriter } from '../../http/authority';
import { ERROR_RESPONSES } from '../../http/openapi';
import { SvcError } from '../../http/svc-error';
import { randomUUID } from 'node:crypto';

/** The three body shapes as one list of Thread inputs. spec: Threads — body selected by `type`. */
function inputsOf(body: ThreadCreateBody): NormalizedThreadInput[] {
  if (body.type === 'single') return [{ thread: body.thread, data: body.data ?? [] }];
  if (body.type === 'list') return body.threads.map((t) => ({ thread: t.thread, data: t.data ?? [] }));
  return body.raw.map((raw, index) => {
    const result = normalizeRawThread(raw, index, body.nameKey, body.descriptionKey);
    if (!result.ok)
      throw new SvcError(
        'INVALID_REQUEST',
        { reason: 'validation', issues: [{ path: ['body', ...result.path], message: result.message }] },
        { message: 'validation' },
      );
    return result.value;
  });
}

/**
 * spec: Threads — `POST /api/v1/threads` returns 201 `{created: Thread[], uploadResponses: []}`.
 * spec: Authentication 5 — creating needs current membership in the selected Team, else 403 FORBIDDEN.
 * Owner and creator come from the context headers and the verified token, never from the body.
 */
export const createThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  app.post(
    '',
    {
      schema: {
        operationId: 'createThreads',
        summary: 'Create Threads (single, list or raw)',
        tags: ['Threads'],
        body: ThreadCreateBodySchema,
        response: { 201: ThreadCreateResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const svc = request.svc;
      requireWriter(svc);
      const inputs = inputsOf(request.body);
      const at = deps.now().toISOString();
      const { actorId, declaredActor } = actorOf(svc);
      const ids = deps.store.transaction(() =>
        inputs.map((input) => {
          const threadId = deps.store.threads.insertThread({
            orgId: svc.orgId,
            ownerTeamId: svc.teamId,
            name: input.thread.name,
            description: input.thread.description ?? null,
            createdById: actorId,
            bundleId: request.body.bundleId ?? null,
            at,
          });
          const planned = planFieldChanges([], input.data, [], randomUUID);
          if (!planned.ok) throw new SvcError('INVALID_DATA', { reason: planned.reason, fieldId: planned.fieldId });
          deps.store.threads.applyFieldPlan(threadId, planned.plan, at);
          // spec: Events 1 — "the audit trail starts at creation".
          deps.store.threads.recordThreadEvent({ threadId, action: 'created', at, actorId, declaredActor, teamId: svc.teamId });
          return threadId;
        }),
      );
      return reply.code(201).send({ created: ids.map((id) => deps.store.threads.threadDetail(id)), uploadResponses: [] });
    },
  );
};
