// Which Threads the caller may read or bind to. spec: Thread — "visible only in the organization and Team
// that own it or that it was shared with; otherwise reads answer 404"; States, Identifier bind — "edit
// permission on Thread".
import type { SvcContext } from '../../http/context';
import { requireWriter } from '../../http/authority';
import { SvcError } from '../../http/svc-error';
import type { SandboxStore } from '../../store';

import type { ThreadRow } from '../../store/rows';

function isThreadVisible(store: SandboxStore, svc: SvcContext, thread: ThreadRow): boolean {
  if (thread.org_id !== svc.orgId) return false;
  if (thread.owner_team_id === svc.teamId) return true;
  return store.threads.isSharedWith(thread.thread_id, svc.teamId);
}

export function visibleThread(store: SandboxStore, svc: SvcContext, threadId: string): ThreadRow {
  const thread = store.threads.getThreadRow(threadId);
  if (!thread || !isThreadVisible(store, svc, thread)) throw new SvcError('NOT_FOUND', { threadId });
  return thread;
}

/**
 * A Thread the caller may change: visible, owned by the selected Team (a merely shared Thread is read-only,
 * our reading, as for bulk-bind's thread_not_owned), and the caller writes in that Team.
 */
export function editableThread(store: SandboxStore, svc: SvcContext, threadId: string): ThreadRow {
  requireWriter(svc);
  const thread = visibleThread(store, svc, threadId);
  if (thread.owner_team_id !== svc.teamId) throw new SvcError('FORBIDDEN', { reason: 'thread_not_editable', threadId });
  return thread;
}
