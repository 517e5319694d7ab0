// Reading and writing identifiers (the shared `tags` table) for the /api/v1/tags routes.
import { randomUUID } from 'node:crypto';
import type { TagType } from '../../../src-shared/api/common';
import { identifierKey } from '../../../src-shared/domain/identifier-values';
import type { SandboxDb } from '../../store/db';

export interface TagRow {
  tag_id: string;
  tag_type: TagType;
  value: string | null;
  normalized_value: string | null;
  fingerprint_id: string | null;
  thread_id: string | null;
  composite_tag_id: string | null;
  org_id: string;
  owner_team_id: string;
  name: string | null;
  description: string | null;
  is_private: number;
  identifiable: number;
  archived_at: string | null;
  bound_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ThreadRow {
  thread_id: string;
  org_id: string;
  owner_team_id: string;
  name: string;
  description: string | null;
  kind: string | null;
  labels: string;
  lifecycle_status: string;
  created_by_id: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  processing_locked_at: string | null;
  processing_operation_id: string | null;
  template_id: string | null;
  thumbnail_id: string | null;
  transfer_id: string | null;
  transferred_at: string | null;
}

export interface LabelRow {
  composite_tag_id: string;
  reel_id: string;
  position: number;
  org_id: string;
  owner_team_id: string;
  human_readable: string | null;
  archived_at: string | null;
  bound_thread_id: string | null;
  bound_at: string | null;
  transferred_at: string | null;
  created_at: string;
  updated_at: string;
}

export function getTag(db: SandboxDb, tagId: string): TagRow | undefined {
  return db.prepare('SELECT * FROM tags WHERE tag_id = ?').get(tagId) as TagRow | undefined;
}

export function getThread(db: SandboxDb, threadId: string): ThreadRow | undefined {
  return db.prepare('SELECT * FROM threads WHERE thread_id = ?').get(threadId) as ThreadRow | undefined;
}

export function getLabel(db: SandboxDb, compositeTagId: string): LabelRow | undefined {
  return db.prepare('SELECT * FROM composite_tags WHERE composite_tag_id = ?').get(compositeTagId) as LabelRow | undefined;
}

export function labelMembers(db: SandboxDb, compositeTagId: string): TagRow[] {
  return db.prepare('SELECT * FROM tags WHERE composite_tag_id = ? ORDER BY created_at, tag_id').all(compositeTagId) as TagRow[];
}

/** Active identifiers of a string type with this value in an organization (no uniqueness: any number). */
export function findTagsByValue(db: SandboxDb, orgId: string, tagType: TagType, value: string): TagRow[] {
  return db
    .prepare('SELECT * FROM tags WHERE tag_type = ? AND normalized_value = ? AND org_id = ? AND archived_at IS NULL ORDER BY created_at, tag_id')
    .all(tagType, identifierKey(tagType, value), orgId) as TagRow[];
}

export function getTagsByIds(db: SandboxDb, tagIds: readonly string[]): TagRow[] {
  if (tagIds.length === 0) return [];
  return db.prepare('SELECT * FROM tags WHERE tag_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(tagIds)) as TagRow[];
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
  db.prepare(
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
  db.prepare('UPDATE tags SET thread_id = ?, bound_at = ?, updated_at = ? WHERE tag_id = ?').run(threadId, threadId ? at : null, at, tagId);
}

export function setLabelThread(db: SandboxDb, compositeTagId: string, threadId: string | null, at: string): void {
  db.prepare('UPDATE composite_tags SET bound_thread_id = ?, bound_at = ?, updated_at = ? WHERE composite_tag_id = ?').run(
    threadId,
    threadId ? at : null,
    at,
    compositeTagId,
  );
}

export function setTagIdentifiable(db: SandboxDb, tagId: string, at: string): void {
  db.prepare('UPDATE tags SET identifiable = 1, updated_at = ? WHERE tag_id = ?').run(at, tagId);
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
  db.prepare(`UPDATE tags SET ${sets.join(', ')} WHERE tag_id = ?`).run(...values, tagId);
}
