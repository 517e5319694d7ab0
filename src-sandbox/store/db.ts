import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cachePreparedStatements } from '../../src-shared/sqlite/statement-cache';
import { CORE_MIGRATIONS } from './core-schema';
import { registerMigrations } from './migrations';

export type SandboxDb = Database.Database;

const DATABASE_FILE = 'sandbox.sqlite';

/**
 * Opens (creating when needed) the sandbox database under dataDir: WAL journal, synchronous=FULL (a
 * restart must keep every acknowledged write), foreign keys on, core schema migrated.
 * Pass ':memory:' as dataDir for a throwaway database.
 */
export function openSandboxDb(dataDir: string): SandboxDb {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, DATABASE_FILE);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Statements are prepared at the point of use; compile each SQL text once (src-shared/sqlite).
  cachePreparedStatements(db);
  registerMigrations(db, 'core', CORE_MIGRATIONS);
  return db;
}
