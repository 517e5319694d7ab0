import type { ExpectedIdentifier } from '../../src-shared/api/labels';
import { statement, type Db } from './database';

// Reels and Label Collections: local id (made by the station, valid offline) ↔ service id.

/** The service's Reel as last read (the fields the station shows; the rest is kept as read). */
export interface ReelSnapshot {
  counts: { identifiableCount?: number; labelCount?: number; activeCount?: number; boundCount?: number; archivedCount?: number } | null;
  transferredAt: string | null;
}

export interface LocalReel {
  reelId: string;
  profileId: string;
  serviceId: string | null;
  name: string;
  description: string | null;
  collectionId: string | null;
  expectedIdentifiers: ExpectedIdentifier[];
  createOpId: string | null;
  serviceSnapshot: ReelSnapshot | null;
  refreshedAt: string | null;
  /** The Reel's counts when its Labels were last read in full (null: never); equal counts → no Labels to read. */
  labelsCounts: ReelSnapshot['counts'];
  /** The positions this bench enrolls on the Reel (docs/sync.md, "Benches sharing a Reel"); null: the whole Reel. */
  benchRange: BenchRange | null;
  /** The direction this bench enrolls the Reel in: `down` from its end (a rewound Reel; docs/architecture.md, "The Bench's session"). */
  direction: ReelDirection;
}

export type ReelDirection = 'up' | 'down';

/** First to last position, both included. */
export interface BenchRange {
  first: number;
  last: number;
}

interface Row {
  reel_id: string;
  profile_id: string;
  service_id: string | null;
  name: string;
  description: string | null;
  collection_id: string | null;
  expected_identifiers: string;
  create_op_id: string | null;
  service_snapshot: string | null;
  refreshed_at: string | null;
  labels_counts: string | null;
  bench_range_first: number | null;
  bench_range_last: number | null;
  direction: ReelDirection;
}

function fromRow(row: Row): LocalReel {
  return {
    reelId: row.reel_id,
    profileId: row.profile_id,
    serviceId: row.service_id,
    name: row.name,
    description: row.description,
    collectionId: row.collection_id,
    expectedIdentifiers: JSON.parse(row.expected_identifiers) as ExpectedIdentifier[],
    createOpId: row.create_op_id,
    serviceSnapshot: row.service_snapshot ? readSnapshot(row.service_snapshot) : null,
    refreshedAt: row.refreshed_at,
    labelsCounts: row.labels_counts ? (JSON.parse(row.labels_counts) as ReelSnapshot['counts']) : null,
    benchRange: row.bench_range_first !== null && row.bench_range_last !== null ? { first: row.bench_range_first, last: row.bench_range_last } : null,
    direction: row.direction === 'down' ? 'down' : 'up',
  };
}

export function insertReel(db: Db, reel: Omit<LocalReel, 'serviceSnapshot' | 'refreshedAt' | 'labelsCounts' | 'benchRange' | 'direction'>): void {
  const now = new Date().toISOString();
  statement(
    db,
    `INSERT INTO reels (reel_id, profile_id, service_id, name, description, collection_id, expected_identifiers, create_op_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    reel.reelId,
    reel.profileId,
    reel.serviceId,
    reel.name,
    reel.description,
    reel.collectionId,
    JSON.stringify(reel.expectedIdentifiers),
    reel.createOpId,
    now,
    now,
  );
}

export function getReel(db: Db, reelId: string): LocalReel | undefined {
  const row = statement(db, 'SELECT * FROM reels WHERE reel_id = ?').get(reelId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function getReelByServiceId(db: Db, serviceId: string): LocalReel | undefined {
  const row = statement(db, 'SELECT * FROM reels WHERE service_id = ?').get(serviceId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

/** The active profile's Reel with this service id (a Reel opened or created here), if any. */
export function getProfileReelByServiceId(db: Db, profileId: string, serviceId: string): LocalReel | undefined {
  const row = statement(db, 'SELECT * FROM reels WHERE profile_id = ? AND service_id = ?').get(profileId, serviceId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function listReels(db: Db, profileId: string): LocalReel[] {
  return (statement(db, 'SELECT * FROM reels WHERE profile_id = ? ORDER BY created_at').all(profileId) as Row[]).map(fromRow);
}

export function knownReelServiceIds(db: Db): Set<string> {
  return new Set((statement(db, 'SELECT service_id FROM reels WHERE service_id IS NOT NULL').all() as { service_id: string }[]).map((r) => r.service_id));
}

export function setReelServiceId(db: Db, reelId: string, serviceId: string): void {
  statement(db, 'UPDATE reels SET service_id = ?, updated_at = ? WHERE reel_id = ?').run(serviceId, new Date().toISOString(), reelId);
}

export function setReelCreateOp(db: Db, reelId: string, opId: string): void {
  statement(db, 'UPDATE reels SET create_op_id = ? WHERE reel_id = ?').run(opId, reelId);
}

export function updateReelFields(
  db: Db,
  reelId: string,
  patch: { name?: string; description?: string | null; collectionId?: string | null; expectedIdentifiers?: ExpectedIdentifier[] },
): void {
  const current = getReel(db, reelId);
  if (!current) return;
  statement(db, 'UPDATE reels SET name = ?, description = ?, collection_id = ?, expected_identifiers = ?, updated_at = ? WHERE reel_id = ?').run(
    patch.name ?? current.name,
    patch.description === undefined ? current.description : patch.description,
    patch.collectionId === undefined ? current.collectionId : patch.collectionId,
    JSON.stringify(patch.expectedIdentifiers ?? current.expectedIdentifiers),
    new Date().toISOString(),
    reelId,
  );
}

/** Snapshots saved before the station read Reels tolerantly may lack fields: absent reads as null. */
function readSnapshot(json: string): ReelSnapshot {
  const raw = JSON.parse(json) as Partial<ReelSnapshot>;
  return { ...raw, counts: raw.counts ?? null, transferredAt: raw.transferredAt ?? null };
}

export function saveReelSnapshot(db: Db, reelId: string, snapshot: ReelSnapshot): void {
  const now = new Date().toISOString();
  statement(db, 'UPDATE reels SET service_snapshot = ?, refreshed_at = ? WHERE reel_id = ?').run(JSON.stringify(snapshot), now, reelId);
}

/** Notes the counts at which the Reel's Labels were read in full. */
export function saveLabelsCounts(db: Db, reelId: string, counts: ReelSnapshot['counts']): void {
  statement(db, 'UPDATE reels SET labels_counts = ? WHERE reel_id = ?').run(counts ? JSON.stringify(counts) : null, reelId);
}

/** Sets the direction this bench enrolls the Reel in (a local setting, as the range). */
export function saveReelDirection(db: Db, reelId: string, direction: ReelDirection): void {
  statement(db, 'UPDATE reels SET direction = ?, updated_at = ? WHERE reel_id = ?').run(direction, new Date().toISOString(), reelId);
}

/** Sets (or, with null, clears) this bench's range of the Reel. */
export function saveBenchRange(db: Db, reelId: string, range: BenchRange | null): void {
  statement(db, 'UPDATE reels SET bench_range_first = ?, bench_range_last = ?, updated_at = ? WHERE reel_id = ?').run(
    range?.first ?? null,
    range?.last ?? null,
    new Date().toISOString(),
    reelId,
  );
}

// --- Label Collections --------------------------------------------------------------------------

export interface LocalCollection {
  collectionId: string;
  profileId: string;
  serviceId: string | null;
  name: string;
  description: string | null;
}

export function insertCollection(db: Db, c: LocalCollection): void {
  const now = new Date().toISOString();
  statement(
    db,
    'INSERT INTO label_collections (collection_id, profile_id, service_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(c.collectionId, c.profileId, c.serviceId, c.name, c.description, now, now);
}

export function getCollection(db: Db, collectionId: string): LocalCollection | undefined {
  const row = statement(db, 'SELECT collection_id, profile_id, service_id, name, description FROM label_collections WHERE collection_id = ?').get(
    collectionId,
  ) as { collection_id: string; profile_id: string; service_id: string | null; name: string; description: string | null } | undefined;
  return row
    ? { collectionId: row.collection_id, profileId: row.profile_id, serviceId: row.service_id, name: row.name, description: row.description }
    : undefined;
}

export function listCollections(db: Db, profileId: string): LocalCollection[] {
  return (
    statement(db, 'SELECT collection_id, profile_id, service_id, name, description FROM label_collections WHERE profile_id = ? ORDER BY created_at').all(
      profileId,
    ) as {
      collection_id: string;
      profile_id: string;
      service_id: string | null;
      name: string;
      description: string | null;
    }[]
  ).map((row) => ({ collectionId: row.collection_id, profileId: row.profile_id, serviceId: row.service_id, name: row.name, description: row.description }));
}

export function updateCollectionFields(db: Db, collectionId: string, patch: { name?: string; description?: string | null }): void {
  const current = getCollection(db, collectionId);
  if (!current) return;
  statement(db, 'UPDATE label_collections SET name = ?, description = ?, updated_at = ? WHERE collection_id = ?').run(
    patch.name ?? current.name,
    patch.description === undefined ? current.description : patch.description,
    new Date().toISOString(),
    collectionId,
  );
}

export function setCollectionServiceId(db: Db, collectionId: string, serviceId: string): void {
  statement(db, 'UPDATE label_collections SET service_id = ?, updated_at = ? WHERE collection_id = ?').run(serviceId, new Date().toISOString(), collectionId);
}
