import type Database from 'better-sqlite3';
import { runMigrations, type Migration } from '../../src-shared/domain/migrations';

const LEDGER_SQL = `CREATE TABLE IF NOT EXISTS schema_versions (
  area TEXT NOT NULL,
  version INTEGER NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (area, version)
)`;

/**
 * Applies the migrations of one area that this database has not seen yet (src-shared/domain/migrations.ts:
 * each once, in order, all in one transaction) and records them in `schema_versions(area, version)`. Each
 * area (core, labels, optical, ...) owns its list, so no shared list of migrations is ever edited by two
 * helpers. Safe to call on every start. Returns the versions applied by this call.
 */
export function registerMigrations(db: Database.Database, area: string, migrations: readonly Migration[]): number[] {
  return runMigrations(
    db,
    migrations,
    {
      applied() {
        db.exec(LEDGER_SQL);
        return (db.prepare('SELECT version FROM schema_versions WHERE area = ?').all(area) as { version: number }[]).map((r) => r.version);
      },
      record(m, appliedAt) {
        db.prepare('INSERT INTO schema_versions (area, version, applied_at) VALUES (?, ?, ?)').run(area, m.version, appliedAt);
      },
    },
    { name: area },
  );
}

/** The highest applied version of an area (0 when none). */
export function schemaVersion(db: Database.Database, area: string): number {
  db.exec(LEDGER_SQL);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_versions WHERE area = ?').get(area) as { v: number | null };
  return row.v ?? 0;
}
