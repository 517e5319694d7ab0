import type Database from 'better-sqlite3';

/** One schema step of one area. Versions are positive integers, applied in ascending order, once. */
export interface Migration {
  version: number;
  sql: string;
}

const LEDGER_SQL = `CREATE TABLE IF NOT EXISTS schema_versions (
  area TEXT NOT NULL,
  version INTEGER NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (area, version)
)`;

/**
 * Applies the migrations of one area that this database has not seen yet, each in its own transaction,
 * and records them in `schema_versions(area, version)`. Each area (core, labels, optical, ...) owns its
 * list, so no shared list of migrations is ever edited by two helpers. Safe to call on every start.
 * Returns the versions applied by this call.
 */
export function registerMigrations(db: Database.Database, area: string, migrations: readonly Migration[]): number[] {
  db.exec(LEDGER_SQL);
  const seen = new Set<number>();
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version < 1) throw new Error(`Migration ${area}#${m.version}: the version must be a positive integer.`);
    if (seen.has(m.version)) throw new Error(`Migration ${area}#${m.version} is listed twice; give each migration its own version.`);
    seen.add(m.version);
  }
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_versions WHERE area = ?').all(area) as { version: number }[]).map((r) => r.version),
  );
  const record = db.prepare('INSERT INTO schema_versions (area, version, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(area, m.version, new Date().toISOString());
    })();
    done.push(m.version);
  }
  return done;
}

/** The highest applied version of an area (0 when none). */
export function schemaVersion(db: Database.Database, area: string): number {
  db.exec(LEDGER_SQL);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_versions WHERE area = ?').get(area) as { v: number | null };
  return row.v ?? 0;
}
