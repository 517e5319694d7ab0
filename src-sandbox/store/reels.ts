// Reels and Label Collections in the shared `collections` table, and the Reel as the wire shows it.
import { randomUUID } from 'node:crypto';
import type { ExpectedIdentifier, LabelCollection, Reel, ReelCounts, ReelListQuery, ReelWarning } from '../../src-shared/api/labels';
import { identifierKey } from '../../src-shared/domain/identifier-values';
import { repeatedValueWarnings, withValueWarning, type ValueHolder } from '../domain/labels';
import { statement, type SandboxDb } from './db';
import { labelStatesOnReel } from './labels';
import { parseExpected, parseWarnings } from './label-states';
import { finishPage, planPage, type PageSpec } from './pagination';
import type { CollectionRow } from './rows';
import type { TeamScope } from './threads';

export function getCollectionRow(db: SandboxDb, collectionId: string): CollectionRow | undefined {
  return statement(db, 'SELECT * FROM collections WHERE collection_id = ?').get(collectionId) as CollectionRow | undefined;
}

export interface NewCollection {
  kind: 'reel' | 'reel_collection';
  orgId: string;
  ownerTeamId: string;
  name: string;
  description: string | null;
  filingCollectionId: string | null;
  expectedIdentifiers: ExpectedIdentifier[];
  createdById: string;
  at: string;
}

export function insertCollection(db: SandboxDb, c: NewCollection): string {
  const id = randomUUID();
  statement(
    db,
    `INSERT INTO collections (collection_id, kind, org_id, owner_team_id, name, description, filing_collection_id, expected_identifiers,
       created_by_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, c.kind, c.orgId, c.ownerTeamId, c.name, c.description, c.filingCollectionId, JSON.stringify(c.expectedIdentifiers), c.createdById, c.at, c.at);
  return id;
}

export interface CollectionPatch {
  name?: string;
  description?: string | null;
  filingCollectionId?: string | null;
  expectedIdentifiers?: ExpectedIdentifier[];
}

export function updateCollection(db: SandboxDb, collectionId: string, patch: CollectionPatch, at: string): void {
  const columns: [string, string | null | undefined][] = [
    ['name', patch.name],
    ['description', patch.description],
    ['filing_collection_id', patch.filingCollectionId],
    ['expected_identifiers', patch.expectedIdentifiers === undefined ? undefined : JSON.stringify(patch.expectedIdentifiers)],
  ];
  const given = columns.filter((c): c is [string, string | null] => c[1] !== undefined);
  const sets = ['updated_at = ?', ...given.map(([column]) => `${column} = ?`)];
  statement(db, `UPDATE collections SET ${sets.join(', ')} WHERE collection_id = ?`).run(at, ...given.map(([, value]) => value), collectionId);
}

/**
 * Recomputes the Reel's stored `warnings` after a change to its Labels (same transaction as the change).
 * spec: Create Label rules — "repeated TEXT or QR values are accepted and reported in the Reel's `warnings`".
 */
export function refreshReelWarnings(db: SandboxDb, reelId: string): void {
  const warnings = repeatedValueWarnings(labelStatesOnReel(db, reelId));
  statement(db, 'UPDATE collections SET warnings = ? WHERE collection_id = ?').run(JSON.stringify(warnings), reelId);
}

/**
 * The Reel's stored `warnings` after the Label `compositeTagId` joined it (same transaction as the enrollment): only
 * the TEXT and QR values that Label carries can have changed, so only their holders are read (the index
 * tags(tag_type, normalized_value)), not the whole Reel (src-sandbox/store/README.md, core v3). Falls back to
 * refreshReelWarnings when the order of the warnings needs the whole Reel (withValueWarning).
 */
export function refreshReelWarningsForLabel(db: SandboxDb, reelId: string, compositeTagId: string): void {
  const values = statement(
    db,
    "SELECT tag_type, value FROM tags WHERE composite_tag_id = ? AND archived_at IS NULL AND tag_type IN ('TEXT', 'QR') AND value IS NOT NULL",
  ).all(compositeTagId) as { tag_type: 'TEXT' | 'QR'; value: string }[];
  if (values.length === 0) return;
  const row = getCollectionRow(db, reelId);
  if (!row) return;
  let warnings: ReelWarning[] | null = parseWarnings(row);
  const seen = new Set<string>();
  for (const { tag_type: tagType, value } of values) {
    const key = identifierKey(tagType, value);
    if (seen.has(`${tagType} ${key}`)) continue;
    seen.add(`${tagType} ${key}`);
    const rows = statement(
      db,
      `SELECT ct.composite_tag_id, ct.position, t.value FROM tags t JOIN composite_tags ct ON ct.composite_tag_id = t.composite_tag_id
         WHERE t.tag_type = ? AND t.normalized_value = ? AND t.archived_at IS NULL AND ct.reel_id = ? AND ct.archived_at IS NULL
         ORDER BY ct.position, t.created_at, t.rowid`,
    ).all(tagType, key, reelId) as { composite_tag_id: string; position: number; value: string }[];
    const holders: ValueHolder[] = [];
    for (const r of rows) {
      if (holders.at(-1)?.compositeTagId !== r.composite_tag_id) holders.push({ compositeTagId: r.composite_tag_id, position: r.position, value: r.value });
    }
    warnings = withValueWarning(warnings, tagType, key, holders);
    if (warnings === null) break;
  }
  if (warnings === null) {
    refreshReelWarnings(db, reelId);
    return;
  }
  statement(db, 'UPDATE collections SET warnings = ? WHERE collection_id = ?').run(JSON.stringify(warnings), reelId);
}

// The counts are kept by triggers as Labels change (core-schema.ts, version 3: `reel_counts`, and
// composite_tags.svc_identifiable for "identifiable": at least one active SVC member and every active SVC member
// activated, spec: States), so reading them does not grow with the Reel. The last position is the top of the index
// composite_tags(reel_id, position).
const COUNTS_SQL = `
SELECT
  COALESCE(rc.label_count, 0) AS labelCount,
  COALESCE(rc.active_count, 0) AS activeCount,
  COALESCE(rc.bound_count, 0) AS boundCount,
  COALESCE(rc.archived_count, 0) AS archivedCount,
  COALESCE(rc.transferred_count, 0) AS transferredCount,
  COALESCE(rc.identifiable_count, 0) AS identifiableCount,
  (SELECT MAX(ct.position) FROM composite_tags ct WHERE ct.reel_id = r.id) AS lastPosition
FROM (SELECT ? AS id) r LEFT JOIN reel_counts rc ON rc.reel_id = r.id`;

export function reelCounts(db: SandboxDb, reelId: string): { counts: ReelCounts; lastPosition: number | null } {
  const row = statement(db, COUNTS_SQL).get(reelId) as ReelCounts & { lastPosition: number | null };
  const { lastPosition, ...counts } = row;
  return { counts, lastPosition };
}

export function reelView(db: SandboxDb, row: CollectionRow): Reel {
  const { counts, lastPosition } = reelCounts(db, row.collection_id);
  return {
    collectionId: row.collection_id,
    kind: 'reel',
    name: row.name,
    description: row.description,
    filedInCollectionId: row.filing_collection_id,
    ownerTeamId: row.owner_team_id,
    expectedIdentifiers: parseExpected(row),
    counts,
    warnings: parseWarnings(row),
    transferredAt: row.transferred_at,
    lastPosition,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function collectionView(db: SandboxDb, row: CollectionRow): LabelCollection {
  const { n } = statement(db, "SELECT COUNT(*) AS n FROM collections WHERE kind = 'reel' AND filing_collection_id = ?").get(row.collection_id) as { n: number };
  return {
    collectionId: row.collection_id,
    kind: 'reel_collection',
    name: row.name,
    description: row.description,
    ownerTeamId: row.owner_team_id,
    reelCount: n,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The Team's Label Collections, oldest first. */
export function labelCollectionsOf(db: SandboxDb, scope: TeamScope): CollectionRow[] {
  return statement(db, "SELECT * FROM collections WHERE kind = 'reel_collection' AND org_id = ? AND owner_team_id = ? ORDER BY created_at, collection_id").all(
    scope.orgId,
    scope.teamId,
  ) as CollectionRow[];
}

const REEL_PAGE: PageSpec = {
  columns: { createdAt: 'created_at', name: 'name', updatedAt: 'updated_at' },
  defaultColumn: 'createdAt',
  defaultOrder: 'desc',
  idColumn: 'collection_id',
};

/**
 * One page of the Team's Reels with the list filters (spec: Labels and Reels — GET `/reels` with collectionId,
 * unfiled, transferred, q); 400 INVALID_REQUEST for an unknown orderCol or a foreign cursor (pagination.ts).
 */
export function listReels(db: SandboxDb, scope: TeamScope, q: ReelListQuery): { rows: CollectionRow[]; nextCursor: string | null } {
  const where = ["kind = 'reel'", 'org_id = ?', 'owner_team_id = ?'];
  const params: (string | number)[] = [scope.orgId, scope.teamId];
  if (q.collectionId !== undefined) {
    where.push('filing_collection_id = ?');
    params.push(q.collectionId);
  }
  if (q.unfiled === true) where.push('filing_collection_id IS NULL');
  if (q.transferred === 'only') where.push('transferred_at IS NOT NULL');
  if (q.transferred === 'hide') where.push('transferred_at IS NULL');
  if (q.q !== undefined && q.q !== '') {
    where.push("(name LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')");
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  const page = planPage(REEL_PAGE, q);
  const rows = statement(
    db,
    `SELECT *, ${page.sortSelect} FROM collections WHERE ${where.join(' AND ')} AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`,
  ).all(...params, ...page.params) as (CollectionRow & { page_sort: string })[];
  return finishPage(
    page,
    rows,
    (r) => r.page_sort,
    (r) => r.collection_id,
  );
}
