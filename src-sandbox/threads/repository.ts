import { randomUUID } from 'node:crypto';
import type { ThreadDetail, ThreadEvent } from '../../src-shared/api/threads';
import type { FieldPlan, StoredField } from '../domain/threads/fields';
import type { SandboxDb } from '../store/db';
import { toEvent, toFieldEntry, toIdentifier, toStoredField, toThreadSummary, type EventRow, type FieldRow, type TagRow, type ThreadRow } from './rows';

// Thread persistence. Visibility: spec: Resources, Thread — "visible only in the organization and Team
// that own it or that it was shared with; otherwise reads answer 404".

export interface TeamScope {
  orgId: string;
  teamId: string;
}

export const VISIBLE_SQL = `t.org_id = ? AND (t.owner_team_id = ? OR EXISTS (SELECT 1 FROM thread_shares s WHERE s.thread_id = t.thread_id AND s.team_id = ?))`;
export function visibleParams(scope: TeamScope): string[] {
  return [scope.orgId, scope.teamId, scope.teamId];
}

function getThreadRow(db: SandboxDb, threadId: string): ThreadRow | undefined {
  return db.prepare('SELECT * FROM threads WHERE thread_id = ?').get(threadId) as ThreadRow | undefined;
}

/** The Thread when it is visible in this organization and Team. */
export function findVisibleThread(db: SandboxDb, scope: TeamScope, threadId: string): ThreadRow | undefined {
  return db.prepare(`SELECT t.* FROM threads t WHERE t.thread_id = ? AND ${VISIBLE_SQL}`).get(threadId, ...visibleParams(scope)) as ThreadRow | undefined;
}

export function fieldsOf(db: SandboxDb, threadId: string): StoredField[] {
  return (db.prepare('SELECT * FROM thread_fields WHERE thread_id = ? ORDER BY position, field_id').all(threadId) as FieldRow[]).map(toStoredField);
}

function identifiersOf(db: SandboxDb, threadId: string): ReturnType<typeof toIdentifier>[] {
  const rows = db
    .prepare(
      `SELECT g.*, c.reel_id, c.position, r.name AS reel_name
       FROM tags g
       LEFT JOIN composite_tags c ON c.composite_tag_id = g.composite_tag_id
       LEFT JOIN collections r ON r.collection_id = c.reel_id
       WHERE g.thread_id = ? ORDER BY g.bound_at, g.created_at, g.tag_id`,
    )
    .all(threadId) as TagRow[];
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
  const rows = db.prepare('SELECT * FROM thread_events WHERE thread_id = ? ORDER BY seq DESC LIMIT ?').all(threadId, max) as EventRow[];
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
  db.prepare(
    `INSERT INTO threads (thread_id, org_id, owner_team_id, name, description, created_by_id, bundle_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(threadId, t.orgId, t.ownerTeamId, t.name, t.description, t.createdById, t.bundleId, t.at, t.at);
  return threadId;
}

/** Writes a planned field change (see planFieldChanges). */
export function applyFieldPlan(db: SandboxDb, threadId: string, plan: FieldPlan, at: string): void {
  const insert = db.prepare(
    'INSERT INTO thread_fields (field_id, thread_id, name, type, value, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE thread_fields SET name = ?, type = ?, value = ?, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  const archive = db.prepare('UPDATE thread_fields SET archived_at = ?, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  for (const f of plan.inserts) insert.run(f.fieldId, threadId, f.name, f.type, JSON.stringify(f.value), f.position, at, at);
  for (const f of plan.updates) update.run(f.name, f.type, JSON.stringify(f.value), at, f.fieldId, threadId);
  for (const id of plan.archives) archive.run(at, at, id, threadId);
}

export function restoreFields(db: SandboxDb, threadId: string, fieldIds: readonly string[], at: string): void {
  const restore = db.prepare('UPDATE thread_fields SET archived_at = NULL, updated_at = ? WHERE field_id = ? AND thread_id = ?');
  for (const id of fieldIds) restore.run(at, id, threadId);
}

export function touchThread(db: SandboxDb, threadId: string, updatedAt: string, patch: { name?: string; description?: string | null } = {}): void {
  db.prepare(
    `UPDATE threads SET updated_at = ?,
       name = CASE WHEN ? THEN ? ELSE name END,
       description = CASE WHEN ? THEN ? ELSE description END
     WHERE thread_id = ?`,
  ).run(updatedAt, patch.name !== undefined ? 1 : 0, patch.name ?? null, patch.description !== undefined ? 1 : 0, patch.description ?? null, threadId);
}

export function setArchived(db: SandboxDb, threadId: string, archivedAt: string | null, updatedAt: string): void {
  db.prepare('UPDATE threads SET archived_at = ?, updated_at = ? WHERE thread_id = ?').run(archivedAt, updatedAt, threadId);
}
