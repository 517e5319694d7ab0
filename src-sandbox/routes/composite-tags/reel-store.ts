// Reels and Label Collections in the shared `collections` table, and the Reel as the wire shows it.
import { randomUUID } from 'node:crypto';
import type { ExpectedIdentifier, LabelCollection, Reel, ReelCounts } from '../../../src-shared/api/labels';
import { repeatedValueWarnings } from '../../domain/labels';
import type { SandboxDb } from '../../store/db';
import { labelStatesOnReel } from './label-store';
import { parseExpected, parseWarnings, type CollectionRow } from './rows';

export function getCollectionRow(db: SandboxDb, collectionId: string): CollectionRow | undefined {
  return db.prepare('SELECT * FROM collections WHERE collection_id = ?').get(collectionId) as CollectionRow | undefined;
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
  db.prepare(
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
  db.prepare(`UPDATE collections SET ${sets.join(', ')} WHERE collection_id = ?`).run(at, ...given.map(([, value]) => value), collectionId);
}

/**
 * Recomputes the Reel's stored `warnings` after a change to its Labels (same transaction as the change).
 * spec: Create Label rules — "repeated TEXT or QR values are accepted and reported in the Reel's `warnings`".
 */
export function refreshReelWarnings(db: SandboxDb, reelId: string): void {
  const warnings = repeatedValueWarnings(labelStatesOnReel(db, reelId));
  db.prepare('UPDATE collections SET warnings = ? WHERE collection_id = ?').run(JSON.stringify(warnings), reelId);
}

// A Label is identifiable when it has at least one active SVC member and every active SVC member is
// activated (spec: States, "Label DUST-type markings verify-only or identifiable").
const COUNTS_SQL = `
SELECT
  COUNT(*) AS labelCount,
  COALESCE(SUM(ct.archived_at IS NULL), 0) AS activeCount,
  COALESCE(SUM(ct.bound_thread_id IS NOT NULL), 0) AS boundCount,
  COALESCE(SUM(ct.archived_at IS NOT NULL), 0) AS archivedCount,
  COALESCE(SUM(ct.transferred_at IS NOT NULL), 0) AS transferredCount,
  COALESCE(SUM(
    EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ct.composite_tag_id AND t.tag_type = 'SVC' AND t.archived_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ct.composite_tag_id AND t.tag_type = 'SVC' AND t.archived_at IS NULL AND t.identifiable = 0)
  ), 0) AS identifiableCount,
  MAX(ct.position) AS lastPosition
FROM composite_tags ct WHERE ct.reel_id = ?`;

function reelCounts(db: SandboxDb, reelId: string): { counts: ReelCounts; lastPosition: number | null } {
  const row = db.prepare(COUNTS_SQL).get(reelId) as ReelCounts & { lastPosition: number | null };
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
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM collections WHERE kind = 'reel' AND filing_collection_id = ?").get(row.collection_id) as { n: number };
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
