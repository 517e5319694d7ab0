import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ThreadArchiveBodySchema,
  ThreadArchiveResponseSchema,
  ThreadPermissionsBodySchema,
  ThreadPermissionsResponseSchema,
  ThreadRestoreBodySchema,
} from '../../../src-shared/api/threads';
import type { RoutePluginOptions, SandboxDeps } from '../../deps';
import { archiveTarget, threadPermissions } from '../../domain/threads/permissions';
import { nextUpdatedAt } from '../../domain/threads/timestamps';
import { actorOf, roleInTeam } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { ERROR_RESPONSES } from '../../http/openapi';
import { editableThread } from './access';

/**
 * Archives, restores or toggles every listed Thread in one transaction: all of them must be editable
 * here, else nothing changes (404 for an invisible one, 403 for one the Team may not change).
 */
function setArchivedState(deps: SandboxDeps, svc: SvcContext, threadIds: string[], mode: 'archive' | 'toggle' | 'restore') {
  return deps.store.transaction(() => {
    const ids = [...new Set(threadIds.map((id) => id.toLowerCase()))];
    const rows = ids.map((id) => editableThread(deps, svc, id));
    return rows.map((row) => {
      const archived = row.archived_at !== null;
      const target = mode === 'restore' ? (archived ? 'restore' : 'none') : archiveTarget(archived, mode === 'toggle');
      if (target === 'none') return { threadId: row.thread_id, archivedAt: row.archived_at };
      const at = nextUpdatedAt(row.updated_at, deps.now());
      const archivedAt = target === 'archive' ? at : null;
      deps.store.threads.setArchived(row.thread_id, archivedAt, at);
      deps.store.threads.recordThreadEvent({
        threadId: row.thread_id,
        action: target === 'archive' ? 'archived' : 'restored',
        at,
        ...actorOf(svc),
        teamId: svc.teamId,
      });
      return { threadId: row.thread_id, archivedAt };
    });
  });
}

/** spec: Threads and States — archive (with toggle), restore, and effective permissions. */
export const archiveThreadRoutes: FastifyPluginAsyncZod<RoutePluginOptions> = async (app, { deps }) => {
  app.patch(
    '/archive',
    {
      schema: {
        operationId: 'archiveThreads',
        summary: 'Archive Threads; with toggle, archived ones are restored and active ones archived',
        tags: ['Threads'],
        body: ThreadArchiveBodySchema,
        response: { 200: ThreadArchiveResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ threads: setArchivedState(deps, request.svc, request.body.threadIds, request.body.toggle ? 'toggle' : 'archive') }),
  );

  app.patch(
    '/restore',
    {
      schema: {
        operationId: 'restoreThreads',
        summary: 'Restore archived Threads (body is a sandbox choice: the spec does not show it)',
        tags: ['Threads'],
        body: ThreadRestoreBodySchema,
        response: { 200: ThreadArchiveResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ threads: setArchivedState(deps, request.svc, request.body.threadIds, 'restore') }),
  );

  app.post(
    '/permissions',
    {
      // A question, not a write: the attribution policy does not apply.
      config: { svc: { write: false } },
      schema: {
        operationId: 'threadPermissions',
        summary: "The caller's effective permissions per Thread in the acting Team",
        tags: ['Threads'],
        body: ThreadPermissionsBodySchema,
        response: { 200: ThreadPermissionsResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const svc = request.svc;
      const member = roleInTeam(svc) !== null;
      return {
        permissions: request.body.threadIds.map((threadId) => {
          const row = deps.store.threads.findVisibleThread(svc, threadId);
          return {
            threadId,
            ...threadPermissions({
              visible: row !== undefined,
              ownedByTeam: row?.owner_team_id === svc.teamId,
              member,
              transferred: row?.transferred_at != null,
            }),
          };
        }),
      };
    },
  );
};
