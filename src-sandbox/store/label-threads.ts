// Threads as the Label rules see them (domain/labels/bulk-bind.ts, ThreadView), read from the shared `threads`
// table. spec: Thread — "visible only in the organization and Team that own it or that it was shared with".
import type { ThreadView } from '../domain/labels';
import { statement, type SandboxDb } from './db';
import type { LabelRow, ThreadRow } from './rows';
import type { TeamScope } from './threads';

type ThreadViewRow = Pick<
  ThreadRow,
  'thread_id' | 'owner_team_id' | 'name' | 'description' | 'archived_at' | 'transfer_id' | 'transferred_at' | 'processing_locked_at'
>;
type BoundLabelRow = Pick<LabelRow, 'composite_tag_id' | 'human_readable' | 'reel_id' | 'position'> & { bound_thread_id: string };

/** The Threads among `threadIds` visible in the caller's context (others are absent: thread_unavailable). */
export function threadViews(db: SandboxDb, svc: TeamScope, threadIds: readonly string[]): Map<string, ThreadView> {
  const ids = JSON.stringify([...new Set(threadIds)]);
  const rows = statement(
    db,
    `SELECT thread_id, owner_team_id, name, description, archived_at, transfer_id, transferred_at, processing_locked_at FROM threads
       WHERE thread_id IN (SELECT value FROM json_each(?)) AND org_id = ?
         AND (owner_team_id = ? OR EXISTS (SELECT 1 FROM thread_shares s WHERE s.thread_id = threads.thread_id AND s.team_id = ?))`,
  ).all(ids, svc.orgId, svc.teamId, svc.teamId) as ThreadViewRow[];
  const bound = statement(
    db,
    `SELECT bound_thread_id, composite_tag_id, human_readable, reel_id, position FROM composite_tags
       WHERE bound_thread_id IN (SELECT value FROM json_each(?)) ORDER BY bound_at, composite_tag_id`,
  ).all(ids) as BoundLabelRow[];
  const views = new Map<string, ThreadView>();
  for (const r of rows) {
    views.set(r.thread_id, {
      threadId: r.thread_id,
      name: r.name,
      description: r.description,
      ownerTeamId: r.owner_team_id,
      archivedAt: r.archived_at,
      transferId: r.transfer_id,
      transferredAt: r.transferred_at,
      processingLockedAt: r.processing_locked_at,
      // A shared Thread is readable, not editable, by the Team it was shared with (src-sandbox/store/README.md).
      canEdit: r.owner_team_id === svc.teamId,
      boundLabels: [],
    });
  }
  for (const b of bound) {
    views
      .get(b.bound_thread_id)
      ?.boundLabels.push({ compositeTagId: b.composite_tag_id, name: b.human_readable, reelCollectionId: b.reel_id, position: b.position });
  }
  return views;
}
