// Reading and writing identifiers (the shared `tags` table) for the /api/v1/tags routes.
import { randomUUID } from 'node:crypto';
import type { TagType } from '../../src-shared/api/common';
import { identifierKey } from '../../src-shared/domain/identifier-values';
import { statement, type SandboxDb } from './db';
import type { TagRow } from './rows';

export function getTag(db: SandboxDb, tagId: string): TagRow | undefined {
  return statement(db, 'SELECT * FROM tags WHERE tag_id = ?').get(tagId) as TagRow | undefined;
}

export function labelMembers(db: SandboxDb, compositeTagId: string): TagRow[] {
  return statement(db, 'SELECT * FROM tags WHERE composite_tag_id = ? ORDER BY created_at, tag_id').all(compositeTagId) as TagRow[];
}

/** Active identifiers of a string type with this value in an organization (no uniqueness: any number). */
export function findTagsByValue(db: SandboxDb, orgId: string, tagType: TagType, value: string): TagRow[] {
  return statement(db, 'SELECT * FROM tags WHERE tag_type = ? AND normalized_value = ? AND org_id = ? AND archived_at IS NULL ORDER BY created_at, tag_id').all(
    tagType,
    identifierKey(tagType, value),
    orgId,
  ) as TagRow[];
}

export function getTagsByIds(db: SandboxDb, tagIds: readonly string[]): TagRow[] {
  if (tagIds.length === 0) return [];
  return statement(db, 'SELECT * FROM tags WHERE tag_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(tagIds)) as TagRow[];
}

export interface NewTag {
  tagType: TagType;
  value: string | null;
  fingerprintId: string | null;
  threadId: string | null;
  orgId: string;
  ownerTeamId: string;
  description: string | null;
  identifiable: boolean;
  createdById: string;
}

export function insertTag(db: SandboxDb, tag: NewTag, at: string): TagRow {
  const tagId = randomUUID();
  statement(
    db,
    `INSERT INTO tags (tag_id, tag_type, value, normalized_value, fingerprint_id, thread_id, composite_tag_id, org_id, owner_team_id,
       name, description, is_private, identifiable, archived_at, bound_at, created_by_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL, ?, 0, ?, NULL, ?, ?, ?, ?)`,
  ).run(
    tagId,
    tag.tagType,
    tag.value,
    tag.value === null ? null : identifierKey(tag.tagType, tag.value),
    tag.fingerprintId,
    tag.threadId,
    tag.orgId,
    tag.ownerTeamId,
    tag.description,
    tag.identifiable ? 1 : 0,
    tag.threadId ? at : null,
    tag.createdById,
    at,
    at,
  );
  return getTag(db, tagId) as TagRow;
}

export function setTagThread(db: SandboxDb, tagId: string, threadId: string | null, at: string): void {
  statement(db, 'UPDATE tags SET thread_id = ?, bound_at = ?, updated_at = ? WHERE tag_id = ?').run(threadId, threadId ? at : null, at, tagId);
}

export function setTagIdentifiable(db: SandboxDb, tagId: string, at: string): void {
  statement(db, 'UPDATE tags SET identifiable = 1, updated_at = ? WHERE tag_id = ?').run(at, tagId);
}

export interface TagChanges {
  name?: string | null;
  description?: string | null;
  isPrivate?: boolean;
  archivedAt?: string | null;
}

/** Applies the editable fields given (undefined leaves a field as it is). spec: Identifier — name, description, isPrivate, archivedAt. */
export function updateTag(db: SandboxDb, tagId: string, changes: TagChanges, at: string): void {
  const columns: [keyof TagChanges, string][] = [
    ['name', 'name'],
    ['description', 'description'],
    ['isPrivate', 'is_private'],
    ['archivedAt', 'archived_at'],
  ];
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  for (const [field, column] of columns) {
    const value = changes[field];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }
  sets.push('updated_at = ?');
  values.push(at);
  statement(db, `UPDATE tags SET ${sets.join(', ')} WHERE tag_id = ?`).run(...values, tagId);
}

/** The active members of a Label, in the order they joined it (a Label bind binds these). */
export function activeMemberIds(db: SandboxDb, compositeTagId: string): string[] {
  const rows = statement(db, 'SELECT tag_id FROM tags WHERE composite_tag_id = ? AND archived_at IS NULL ORDER BY created_at, rowid').all(
    compositeTagId,
  ) as Pick<TagRow, 'tag_id'>[];
  return rows.map((r) => r.tag_id);
}

/** The members of a Label bound to this Thread, in the order they joined it (a Label unbind detaches these). */
export function memberIdsBoundTo(db: SandboxDb, compositeTagId: string, threadId: string): string[] {
  const rows = statement(db, 'SELECT tag_id FROM tags WHERE composite_tag_id = ? AND thread_id = ? ORDER BY created_at, rowid').all(
    compositeTagId,
    threadId,
  ) as Pick<TagRow, 'tag_id'>[];
  return rows.map((r) => r.tag_id);
}

/** Binds one member to a Label's Thread. */
export function bindMember(db: SandboxDb, tagId: string, threadId: string, at: string): void {
  statement(db, 'UPDATE tags SET thread_id = ?, bound_at = ?, updated_at = ? WHERE tag_id = ?').run(threadId, at, at, tagId);
}

/** Detaches every member of a Label from its Thread. */
export function unbindMembers(db: SandboxDb, compositeTagId: string, at: string): void {
  statement(db, 'UPDATE tags SET thread_id = NULL, bound_at = NULL, updated_at = ? WHERE composite_tag_id = ?').run(at, compositeTagId);
}

/** Makes these optical members identifiable (Label activation). */
export function setTagsIdentifiable(db: SandboxDb, tagIds: readonly string[], at: string): void {
  statement(db, 'UPDATE tags SET identifiable = 1, updated_at = ? WHERE tag_id IN (SELECT value FROM json_each(?))').run(at, JSON.stringify(tagIds));
}

/**
 * Takes a member out of its Label (and its Thread) and keeps it archived, so history still names it.
 * Returns the Thread it was bound to (null when none).
 */
export function detachMember(db: SandboxDb, tagId: string, at: string): string | null {
  const was = statement(db, 'SELECT thread_id FROM tags WHERE tag_id = ?').get(tagId) as Pick<TagRow, 'thread_id'>;
  statement(
    db,
    'UPDATE tags SET composite_tag_id = NULL, thread_id = NULL, bound_at = NULL, archived_at = COALESCE(archived_at, ?), updated_at = ? WHERE tag_id = ?',
  ).run(at, at, tagId);
  return was.thread_id;
}
