import type { SandboxDeps } from '../../deps';
import { requireMember } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import type { ThreadRow } from '../../store/rows';

/** A Thread the caller may read in this context; 404 NOT_FOUND when it is not visible here. */
export function readableThread(deps: SandboxDeps, svc: SvcContext, threadId: string): ThreadRow {
  requireMember(svc);
  const row = deps.store.threads.findVisibleThread(svc, threadId);
  if (!row) throw new SvcError('NOT_FOUND', { threadId }, { message: 'thread_not_found', params: { threadId } });
  return row;
}

/**
 * A Thread the caller may change: visible, owned by the acting Team (a merely shared Thread is read-only
 * there) and not transferred. 404 when invisible, 403 FORBIDDEN when visible but not editable.
 */
export function editableThread(deps: SandboxDeps, svc: SvcContext, threadId: string): ThreadRow {
  const row = readableThread(deps, svc, threadId);
  if (row.owner_team_id !== svc.teamId || row.transferred_at !== null) {
    throw new SvcError('FORBIDDEN', { threadId, reason: 'thread_not_editable' }, { message: 'thread_not_editable', params: { threadId } });
  }
  return row;
}
