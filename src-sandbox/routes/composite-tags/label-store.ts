// Labels and their member identifiers in the shared `composite_tags` and `tags` tables.
import { randomUUID } from 'node:crypto';
import { identifierKey } from '../../../src-shared/domain/identifier-values';
import type { LabelState, NewMember } from '../../domain/labels';
import type { SandboxDb } from '../../store/db';
import { toLabelState, type LabelRow, type TagRow } from './rows';

export function getLabelRow(db: SandboxDb, compositeTagId: string): LabelRow | undefined {
  return db.prepare('SELECT * FROM composite_tags WHERE composite_tag_id = ?').get(compositeTagId) as LabelRow | undefined;
}

function membersOf(db: SandboxDb, compositeTagId: string): TagRow[] {
  return db.prepare('SELECT * FROM tags WHERE composite_tag_id = ? ORDER BY created_at, rowid').all(compositeTagId) as TagRow[];
}

/** Members of many Labels at once, grouped by Label id. */
function membersOfMany(db: SandboxDb, compositeTagIds: readonly string[]): Map<string, TagRow[]> {
  const grouped = new Map<string, TagRow[]>();
  if (compositeTagIds.length === 0) return grouped;
  const rows = db
    .prepare('SELECT * FROM tags WHERE composite_tag_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid')
    .all(JSON.stringify(compositeTagIds)) as TagRow[];
  for (const row of rows) {
    const id = row.composite_tag_id as string;
    const list = grouped.get(id) ?? [];
    list.push(row);
    grouped.set(id, list);
  }
  return grouped;
}

function labelRowsOnReel(db: SandboxDb, reelId: string): LabelRow[] {
  return db.prepare('SELECT * FROM composite_tags WHERE reel_id = ? ORDER BY position').all(reelId) as LabelRow[];
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
  db.prepare(
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
  db.prepare(
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
  db.prepare('UPDATE composite_tags SET updated_at = ? WHERE composite_tag_id = ?').run(at, compositeTagId);
}
