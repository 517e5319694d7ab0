// Labels and their member identifiers in the shared `composite_tags` and `tags` tables.
import { randomUUID } from 'node:crypto';
import { identifierKey } from '../../src-shared/domain/identifier-values';
import type { LabelState, NewMember } from '../domain/labels';
import { statement, type SandboxDb } from './db';
import { toLabelState } from './label-states';
import type { CollectionRow, LabelRow, TagRow } from './rows';
import type { TagType } from '../../src-shared/api/common';
import { planPage, finishPage, type PageSpec } from './pagination';
import type { LabelListQuery } from '../../src-shared/api/labels';
import type { TeamScope } from './threads';

export function getLabelRow(db: SandboxDb, compositeTagId: string): LabelRow | undefined {
  return statement(db, 'SELECT * FROM composite_tags WHERE composite_tag_id = ?').get(compositeTagId) as LabelRow | undefined;
}

export function membersOf(db: SandboxDb, compositeTagId: string): TagRow[] {
  return statement(db, 'SELECT * FROM tags WHERE composite_tag_id = ? ORDER BY created_at, rowid').all(compositeTagId) as TagRow[];
}

/** Members of many Labels at once, grouped by Label id. */
export function membersOfMany(db: SandboxDb, compositeTagIds: readonly string[]): Map<string, TagRow[]> {
  const grouped = new Map<string, TagRow[]>();
  if (compositeTagIds.length === 0) return grouped;
  const rows = statement(db, 'SELECT * FROM tags WHERE composite_tag_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid').all(
    JSON.stringify(compositeTagIds),
  ) as TagRow[];
  for (const row of rows) {
    const id = row.composite_tag_id as string;
    const list = grouped.get(id) ?? [];
    list.push(row);
    grouped.set(id, list);
  }
  return grouped;
}

export function labelRowsOnReel(db: SandboxDb, reelId: string): LabelRow[] {
  return statement(db, 'SELECT * FROM composite_tags WHERE reel_id = ? ORDER BY position').all(reelId) as LabelRow[];
}

export function labelStates(db: SandboxDb, rows: readonly LabelRow[]): LabelState[] {
  const members = membersOfMany(
    db,
    rows.map((r) => r.composite_tag_id),
  );
  return rows.map((r) => toLabelState(r, members.get(r.composite_tag_id) ?? []));
}

export function labelStatesOnReel(db: SandboxDb, reelId: string): LabelState[] {
  return labelStates(db, labelRowsOnReel(db, reelId));
}

/**
 * The Labels an enrollment's decision reads (domain/labels/enrollment.ts): the one at `position` when given and the
 * one at the Reel's last position, by the index composite_tags(reel_id, position), so deciding costs the same on any
 * size of Reel (src-sandbox/store/README.md, core v3).
 */
export function labelStatesForEnrollment(db: SandboxDb, reelId: string, position: number | undefined): LabelState[] {
  const rows = statement(
    db,
    `SELECT * FROM composite_tags WHERE reel_id = @reelId
       AND (position = @position OR position = (SELECT MAX(position) FROM composite_tags WHERE reel_id = @reelId)) ORDER BY position`,
  ).all({ reelId, position: position ?? null }) as LabelRow[];
  return labelStates(db, rows);
}

export function labelState(db: SandboxDb, row: LabelRow): LabelState {
  return toLabelState(row, membersOf(db, row.composite_tag_id));
}

export interface NewLabel {
  reelId: string;
  position: number;
  orgId: string;
  ownerTeamId: string;
  humanReadable: string | null;
  createdById: string;
  at: string;
}

export function insertLabel(db: SandboxDb, l: NewLabel): string {
  const id = randomUUID();
  statement(
    db,
    `INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, human_readable, created_by_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, l.reelId, l.position, l.orgId, l.ownerTeamId, l.humanReadable, l.createdById, l.at, l.at);
  return id;
}

export interface MemberContext {
  compositeTagId: string;
  orgId: string;
  ownerTeamId: string;
  /** The Label's Thread when it is bound: a new member of a bound Label is bound with it. */
  threadId: string | null;
  /** spec: Create Label rules — "Indexing `none` enrolls verify-only; default makes the marking identifiable". */
  identifiable: boolean;
  createdById: string;
  at: string;
}

export function insertMember(db: SandboxDb, m: NewMember, ctx: MemberContext): string {
  const tagId = randomUUID();
  const isOptical = m.tagType === 'SVC';
  statement(
    db,
    `INSERT INTO tags (tag_id, tag_type, value, normalized_value, fingerprint_id, thread_id, composite_tag_id, org_id, owner_team_id,
       identifiable, bound_at, created_by_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    tagId,
    m.tagType,
    isOptical ? null : m.value,
    isOptical ? null : identifierKey(m.tagType, m.value),
    isOptical ? m.fingerprintId : null,
    ctx.threadId,
    ctx.compositeTagId,
    ctx.orgId,
    ctx.ownerTeamId,
    isOptical && ctx.identifiable ? 1 : 0,
    ctx.threadId ? ctx.at : null,
    ctx.createdById,
    ctx.at,
    ctx.at,
  );
  return tagId;
}

export function touchLabel(db: SandboxDb, compositeTagId: string, at: string): void {
  statement(db, 'UPDATE composite_tags SET updated_at = ? WHERE composite_tag_id = ?').run(at, compositeTagId);
}

const LABEL_PAGE: PageSpec = {
  columns: { createdAt: 'ct.created_at', position: 'ct.position', updatedAt: 'ct.updated_at' },
  defaultColumn: 'createdAt',
  defaultOrder: 'asc',
  idColumn: 'ct.composite_tag_id',
};
// Within one Reel the natural order is the print order.
const LABEL_ON_REEL_PAGE: PageSpec = { ...LABEL_PAGE, defaultColumn: 'position' };

/**
 * One page of the Team's Labels with the list filters (spec: Labels and Reels — GET `` with reelCollectionId,
 * bound, transferred, q); 400 INVALID_REQUEST for an unknown orderCol or a foreign cursor (pagination.ts).
 */
export function listLabels(db: SandboxDb, scope: TeamScope, q: LabelListQuery): { rows: LabelRow[]; nextCursor: string | null } {
  const where = ['ct.org_id = ?', 'ct.owner_team_id = ?'];
  const params: (string | number)[] = [scope.orgId, scope.teamId];
  if (q.reelCollectionId !== undefined) {
    where.push('ct.reel_id = ?');
    params.push(q.reelCollectionId);
  }
  if (q.bound === 'only') where.push('ct.bound_thread_id IS NOT NULL');
  if (q.bound === 'unbound') where.push('ct.bound_thread_id IS NULL');
  const shipped = '(ct.transferred_at IS NOT NULL OR c.transferred_at IS NOT NULL)';
  if (q.transferred === 'only') where.push(shipped);
  if (q.transferred === 'hide') where.push(`NOT ${shipped}`);
  if (q.q !== undefined && q.q !== '') {
    const like = `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      "(ct.human_readable LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ct.composite_tag_id AND t.archived_at IS NULL AND t.value LIKE ? ESCAPE '\\'))",
    );
    params.push(like, like);
  }
  const page = planPage(q.reelCollectionId ? LABEL_ON_REEL_PAGE : LABEL_PAGE, q);
  const rows = statement(
    db,
    `SELECT ct.*, ${page.sortSelect} FROM composite_tags ct JOIN collections c ON c.collection_id = ct.reel_id
         WHERE ${where.join(' AND ')} AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`,
  ).all(...params, ...page.params) as (LabelRow & { page_sort: string | number })[];
  const { rows: kept, nextCursor } = finishPage(
    page,
    rows,
    (r) => r.page_sort,
    (r) => r.composite_tag_id,
  );
  return { rows: kept.map(({ page_sort: _sort, ...row }) => row), nextCursor };
}

/**
 * The Team's Labels with an active member of this type and value (SVC: one of these fingerprints), by
 * position on the Reel when one is given, else by creation (spec: POST `/resolve`).
 */
export function labelsWithMember(
  db: SandboxDb,
  scope: TeamScope,
  member: { tagType: TagType; value: string; fingerprintIds: readonly string[] },
  reelCollectionId?: string,
): LabelRow[] {
  const { tagType, value, fingerprintIds } = member;
  const match = tagType === 'SVC' ? "t.tag_type = 'SVC' AND t.fingerprint_id IN (SELECT value FROM json_each(?))" : 't.tag_type = ? AND t.normalized_value = ?';
  const matchParams = tagType === 'SVC' ? [JSON.stringify(fingerprintIds)] : [tagType, identifierKey(tagType, value)];
  return statement(
    db,
    `SELECT DISTINCT ct.* FROM tags t JOIN composite_tags ct ON ct.composite_tag_id = t.composite_tag_id
         WHERE ${match} AND t.archived_at IS NULL AND ct.org_id = ? AND ct.owner_team_id = ? ${reelCollectionId ? 'AND ct.reel_id = ?' : ''}
         ORDER BY ${reelCollectionId ? 'ct.position' : 'ct.created_at'}, ct.composite_tag_id`,
  ).all(...matchParams, scope.orgId, scope.teamId, ...(reelCollectionId ? [reelCollectionId] : [])) as LabelRow[];
}

/** The Labels at positions from..to (inclusive) of a Reel, by position. */
export function labelRowsInRange(db: SandboxDb, reelId: string, fromPosition: number, toPosition: number): LabelRow[] {
  return statement(db, 'SELECT * FROM composite_tags WHERE reel_id = ? AND position BETWEEN ? AND ? ORDER BY position').all(
    reelId,
    fromPosition,
    toPosition,
  ) as LabelRow[];
}

/** Sets (or clears) the Thread a Label is bound to. */
export function setLabelThread(db: SandboxDb, compositeTagId: string, threadId: string | null, at: string): void {
  statement(db, 'UPDATE composite_tags SET bound_thread_id = ?, bound_at = ?, updated_at = ? WHERE composite_tag_id = ?').run(
    threadId,
    threadId ? at : null,
    at,
    compositeTagId,
  );
}

/** Archives (archiving twice keeps the first archivedAt) or restores a Label. */
export function setLabelArchived(db: SandboxDb, compositeTagId: string, archived: boolean, at: string): void {
  statement(db, 'UPDATE composite_tags SET archived_at = CASE WHEN ? THEN COALESCE(archived_at, ?) END, updated_at = ? WHERE composite_tag_id = ?').run(
    archived ? 1 : 0,
    at,
    at,
    compositeTagId,
  );
}

/** Puts a Label at a position of a Reel (a move; positions may be parked negative in between). */
export function placeLabel(db: SandboxDb, compositeTagId: string, reelId: string, position: number, at: string): void {
  statement(db, 'UPDATE composite_tags SET reel_id = ?, position = ?, updated_at = ? WHERE composite_tag_id = ?').run(reelId, position, at, compositeTagId);
}

/** What a Label's view needs of its Reel. */
export function reelOfLabel(db: SandboxDb, row: LabelRow): Pick<CollectionRow, 'expected_identifiers' | 'transferred_at'> {
  return statement(db, 'SELECT expected_identifiers, transferred_at FROM collections WHERE collection_id = ?').get(row.reel_id) as Pick<
    CollectionRow,
    'expected_identifiers' | 'transferred_at'
  >;
}

/** A Label's place as an identifier read shows it: its Reel, position, name and the Reel's name. */
export function labelPlace(
  db: SandboxDb,
  compositeTagId: string,
): (Pick<LabelRow, 'composite_tag_id' | 'reel_id' | 'position' | 'human_readable'> & { reel_name: string }) | undefined {
  return statement(
    db,
    `SELECT ct.composite_tag_id, ct.reel_id, ct.position, ct.human_readable, c.name AS reel_name
         FROM composite_tags ct JOIN collections c ON c.collection_id = ct.reel_id WHERE ct.composite_tag_id = ?`,
  ).get(compositeTagId) as (Pick<LabelRow, 'composite_tag_id' | 'reel_id' | 'position' | 'human_readable'> & { reel_name: string }) | undefined;
}
