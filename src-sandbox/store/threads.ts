import { randomUUID } from 'node:crypto';
import type { ThreadDetail, ThreadEvent, ThreadListQuery, ThreadSummary } from '../../src-shared/api/threads';
import { finishPage, planPage, type PageSpec } from './pagination';
import type { FieldPlan, StoredField } from '../domain/threads/fields';
import { statement, type SandboxDb } from './db';
import type { ThreadEventRow, ThreadFieldRow, ThreadRow } from './rows';
import { toEvent, toFieldEntry, toIdentifier, toStoredField, toThreadSummary, type IdentifierRow } from './thread-views';

// Thread persistence. Visibility: spec: Resources, Thread — "visible only in the organization and Team
// that own it or that it was shared with; otherwise reads answer 404".

export interface TeamScope {
  orgId: string;
  teamId: string;
}

const VISIBLE_SQL = `t.org_id = ? AND (t.owner_team_id = ? OR EXISTS (SELECT 1 FROM thread_shares s WHERE s.thread_id = t.thread_id AND s.team_id = ?))`;
function visibleParams(scope: TeamScope): string[] {
  return [scope.orgId, scope.teamId, scope.teamId];
}

export function getThreadRow(db: SandboxDb, threadId: string): ThreadRow | undefined {
  return statement(db, 'SELECT * FROM threads WHERE thread_id = ?').get(threadId) as ThreadRow | undefined;
}

/** The Thread when it is visible in this organization and Team. */
export function findVisibleThread(db: SandboxDb, scope: TeamScope, threadId: string): ThreadRow | undefined {
  return statement(db, `SELECT t.* FROM threads t WHERE t.thread_id = ? AND ${VISIBLE_SQL}`).get(threadId, ...visibleParams(scope)) as ThreadRow | undefined;
}

export function fieldsOf(db: SandboxDb, threadId: string): StoredField[] {
  return (statement(db, 'SELECT * FROM thread_fields WHERE thread_id = ? ORDER BY position, field_id').all(threadId) as ThreadFieldRow[]).map(toStoredField);
}

export function identifiersOf(db: SandboxDb, threadId: string): ReturnType<typeof toIdentifier>[] {
  const rows = statement(
    db,
    `SELECT g.*, c.reel_id, c.position, r.name AS reel_name
       FROM tags g
       LEFT JOIN composite_tags c ON c.composite_tag_id = g.composite_tag_id
       LEFT JOIN collections r ON r.collection_id = c.reel_id
       WHERE g.thread_id = ? ORDER BY g.bound_at, g.created_at, g.tag_id`,
  ).all(threadId) as IdentifierRow[];
  return rows.map(toIdentifier);
}

/** The Thread with its active fields and its identifiers (spec: Threads — single read). */
export function threadDetail(db: SandboxDb, threadId: string): ThreadDetail {
  const row = getThreadRow(db, threadId);
  if (!row) throw new Error(`Thread ${threadId} vanished while being read.`);
  return {
    ...toThreadSummary(row),
    data: fieldsOf(db, threadId)
      .filter((f) => f.archivedAt === null)
      .map((f) => toFieldEntry(f)),
    tags: identifiersOf(db, threadId),
  };
}

/** The most recent `max` events, newest first (spec: Events 1 — "`maxEvents` limits the recent ones"). */
export function recentEvents(db: SandboxDb, threadId: string, max: number): ThreadEvent[] {
  const rows = statement(db, 'SELECT * FROM thread_events WHERE thread_id = ? ORDER BY seq DESC LIMIT ?').all(threadId, max) as ThreadEventRow[];
  return rows.map(toEvent);
}

export interface NewThread {
  orgId: string;
  ownerTeamId: string;
  name: string;
  description: string | null;
  createdById: string;
  bundleId: string | null;
  at: string;
}

export function insertThread(db: SandboxDb, t: NewThread): string {
  const threadId = randomUUID();
  statement(
    db,
    `INSERT INTO threads (thread_id, org_id, owner_team_id, name, description, created_by_id, bundle_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(threadId, t.orgId, t.ownerTeamId, t.name, t.description, t.createdById, t.bundleId, t.at, t.at);
  return threadId;
}

/** Writes a planned field change (see planFieldChanges). */
export function applyFieldPlan(db: SandboxDb, threadId: string, plan: FieldPlan, at: string): void {
  const insert = statement(
    db,
    'INSERT INTO thread_fields (field_id, thread_id, name, type, value, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = statement(db, 'UPDATE thread_fields SET name = ?, type = ?, value = ?, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  const archive = statement(db, 'UPDATE thread_fields SET archived_at = ?, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  for (const f of plan.inserts) insert.run(f.fieldId, threadId, f.name, f.type, JSON.stringify(f.value), f.position, at, at);
  for (const f of plan.updates) update.run(f.name, f.type, JSON.stringify(f.value), at, f.fieldId, threadId);
  for (const id of plan.archives) archive.run(at, at, id, threadId);
}

export function restoreFields(db: SandboxDb, threadId: string, fieldIds: readonly string[], at: string): void {
  const restore = statement(db, 'UPDATE thread_fields SET archived_at = NULL, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  for (const id of fieldIds) restore.run(at, id, threadId);
}

export function touchThread(db: SandboxDb, threadId: string, updatedAt: string, patch: { name?: string; description?: string | null } = {}): void {
  statement(
    db,
    `UPDATE threads SET updated_at = ?,
       name = CASE WHEN ? THEN ? ELSE name END,
       description = CASE WHEN ? THEN ? ELSE description END
     WHERE thread_id = ?`,
  ).run(updatedAt, patch.name !== undefined ? 1 : 0, patch.name ?? null, patch.description !== undefined ? 1 : 0, patch.description ?? null, threadId);
}

export function setArchived(db: SandboxDb, threadId: string, archivedAt: string | null, updatedAt: string): void {
  statement(db, 'UPDATE threads SET archived_at = ?, updated_at = ? WHERE thread_id = ?').run(archivedAt, updatedAt, threadId);
}

/** Whether the Thread is shared with this Team (readable, not editable, by it). */
export function isSharedWith(db: SandboxDb, threadId: string, teamId: string): boolean {
  return statement(db, 'SELECT 1 FROM thread_shares WHERE thread_id = ? AND team_id = ?').get(threadId, teamId) !== undefined;
}

/** Shares the Thread with a Team; false when it already was. */
export function shareThread(db: SandboxDb, threadId: string, teamId: string, at: string): boolean {
  return statement(db, 'INSERT OR IGNORE INTO thread_shares (thread_id, team_id, shared_at) VALUES (?, ?, ?)').run(threadId, teamId, at).changes > 0;
}

/** One page of the visible Threads with the list filters (threadFilterSql below), and how many match in all. */
export function listThreads(db: SandboxDb, scope: TeamScope, query: ThreadListQuery): { threads: ThreadSummary[]; nextCursor: string | null; total: number } {
  const { cursor, pageSize, order, orderCol, ...filters } = query;
  const plan = planPage(THREAD_PAGE, { cursor, pageSize, order, orderCol });
  const filter = threadFilterSql(scope, filters);
  const rows = statement(db, `SELECT t.*, ${plan.sortSelect} FROM threads t WHERE ${filter.where} AND ${plan.where} ORDER BY ${plan.orderBy} LIMIT ?`).all(
    ...filter.params,
    ...plan.params,
    plan.limit,
  ) as (ThreadRow & { page_sort: string })[];
  const page = finishPage(
    plan,
    rows,
    (r) => r.page_sort,
    (r) => r.thread_id,
  );
  return { threads: page.rows.map(toThreadSummary), nextCursor: page.nextCursor, total: countThreads(db, scope, filters) };
}

/** How many visible Threads match the list filters. */
export function countThreads(db: SandboxDb, scope: TeamScope, filters: ThreadFilter): number {
  const filter = threadFilterSql(scope, filters);
  return (statement(db, `SELECT COUNT(*) AS n FROM threads t WHERE ${filter.where}`).get(...filter.params) as { n: number }).n;
}

// spec: Threads — "Thread list filters: q, queryCol, bundleId, templateId, tagType, hasResources,
// includeArchived, archivedOnly, createdBy, ownedByTeam, excludeTransferred, transferredOnly,
// withActiveShipment. Archived Threads are hidden by default."
// Our readings where the spec is silent: q is a case-insensitive substring; queryCol `name` (default) or
// `description`, any other value names a field whose text or number is searched; ownedByTeam=true keeps
// only Threads the acting Team owns (false: no filter); hasResources=true matches nothing because the
// sandbox stores no files; withActiveShipment is accepted and annotates nothing (no Shipments here).

const THREAD_PAGE: PageSpec = {
  columns: { createdAt: 't.created_at', updatedAt: 't.updated_at', name: 't.name' },
  defaultColumn: 'createdAt',
  defaultOrder: 'desc',
  idColumn: 't.thread_id',
};

export type ThreadFilter = Omit<ThreadListQuery, 'cursor' | 'pageSize' | 'order' | 'orderCol'>;

function threadFilterSql(scope: TeamScope, f: ThreadFilter): { where: string; params: (string | number)[] } {
  const clauses = [VISIBLE_SQL];
  const params: (string | number)[] = [...visibleParams(scope)];
  if (f.q !== undefined && f.q !== '') {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const col = f.queryCol ?? 'name';
    if (col === 'name' || col === 'description') {
      clauses.push(`t.${col} LIKE ? ESCAPE '\\'`);
      params.push(like);
    } else {
      clauses.push(
        `EXISTS (SELECT 1 FROM thread_fields fq WHERE fq.thread_id = t.thread_id AND fq.archived_at IS NULL AND fq.name = ?
           AND COALESCE(json_extract(fq.value, '$.text'), CAST(json_extract(fq.value, '$.number') AS TEXT)) LIKE ? ESCAPE '\\')`,
      );
      params.push(col, like);
    }
  }
  if (f.bundleId) {
    clauses.push('t.bundle_id = ?');
    params.push(f.bundleId);
  }
  if (f.templateId) {
    clauses.push('t.template_id = ?');
    params.push(f.templateId);
  }
  if (f.tagType) {
    clauses.push('EXISTS (SELECT 1 FROM tags g WHERE g.thread_id = t.thread_id AND g.tag_type = ? AND g.archived_at IS NULL)');
    params.push(f.tagType);
  }
  if (f.hasResources === true) clauses.push('0');
  if (f.archivedOnly === true) clauses.push('t.archived_at IS NOT NULL');
  else if (f.includeArchived !== true) clauses.push('t.archived_at IS NULL');
  if (f.createdBy) {
    clauses.push('t.created_by_id = ?');
    params.push(f.createdBy);
  }
  if (f.ownedByTeam === true) {
    clauses.push('t.owner_team_id = ?');
    params.push(scope.teamId);
  }
  if (f.transferredOnly === true) clauses.push('t.transferred_at IS NOT NULL');
  else if (f.excludeTransferred === true) clauses.push('t.transferred_at IS NULL');
  return { where: clauses.map((c) => `(${c})`).join(' AND '), params };
}
