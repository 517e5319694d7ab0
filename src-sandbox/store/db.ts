import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { statementCache } from '../../src-shared/sqlite/statement-cache';
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
  registerMigrations(db, 'core', CORE_MIGRATIONS);
  return db;
}

const statements = new WeakMap<SandboxDb, (sql: string) => Database.Statement>();

/**
 * The compiled statement for this SQL text on this database, compiled once (src-shared/sqlite/statement-cache.ts
 * says why), as the station's `statement()` (src-main/store/database.ts). Every query of the sandbox goes
 * through here; all of them live in this folder (the lint rule `station/sql-in-store`).
 */
export function statement(db: SandboxDb, sql: string): Database.Statement {
  let prepare = statements.get(db);
  if (!prepare) {
    prepare = statementCache((text: string) => db.prepare(text));
    statements.set(db, prepare);
  }
  return prepare(sql);
}

/** Throws when the database cannot answer a query (the health check). */
export function pingDb(db: SandboxDb): void {
  statement(db, 'SELECT 1').get();
}
