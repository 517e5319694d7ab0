import type { SandboxDb } from './db';
import type { Migration } from '../../src-shared/domain/migrations';
import { registerMigrations } from './migrations';

/**
 * The optical area's own tables (the shared `scans` and `tags` tables are in core-schema.ts):
 * - optical_fingerprints: every fingerprint extracted from a stored capture, as 32 raw bytes.
 * - optical_index: the multi-index (index-keys.ts); one row per band of each fingerprint, keyed for probing.
 * - optical_scan_images: the bytes of every stored capture (spec: a rejected image "is kept").
 * - optical_unreachable_teams: a sandbox test hook; Teams whose partition answers "could not be searched"
 *   (spec: Identify outcomes, Incomplete search).
 */
const OPTICAL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE optical_fingerprints (
  fp_row INTEGER PRIMARY KEY,
  fingerprint_id TEXT NOT NULL UNIQUE,
  bits BLOB NOT NULL,
  keypoints INTEGER NOT NULL,
  org_id TEXT,
  team_id TEXT,
  scan_id TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE optical_index (
  band_key INTEGER NOT NULL,
  fp_row INTEGER NOT NULL,
  PRIMARY KEY (band_key, fp_row)
) WITHOUT ROWID;
CREATE TABLE optical_scan_images (
  scan_id TEXT PRIMARY KEY,
  bytes BLOB NOT NULL
);
CREATE TABLE optical_unreachable_teams (
  team_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);
`,
  },
];

const migrated = new WeakSet<SandboxDb>();

/** Applies the optical migrations once per open database; every optical entry point calls it. */
export function ensureOpticalSchema(db: SandboxDb): void {
  if (migrated.has(db)) return;
  registerMigrations(db, 'optical', OPTICAL_MIGRATIONS);
  migrated.add(db);
}
