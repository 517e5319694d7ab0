import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations, type MigrationLedger } from '../../src-shared/domain/migrations';
import { statementCache } from '../../src-shared/sqlite/statement-cache';
import { migrations, type Migration } from './migrations';

export type Db = Database.Database;

export interface OpenDatabaseOptions {
  dataDir: string;
  /** Path to a better-sqlite3 binary built for another ABI (the Electron host). */
  nativeBinding?: string;
  /**
   * false: open without WAL's shared-memory file (`locking_mode = EXCLUSIVE` before WAL is entered), for a disk with
   * not one byte left for it (docs/storage.md, "A full disk"). This connection then holds the database's lock until
   * it closes: only a one-shot command opens it so. Default true.
   */
  sharedMemory?: boolean;
}

/**
 * Opens the station database under the data dir: WAL, and synchronous=FULL so a
 * transaction that records operator work is on disk before the operator is told
 * "saved" (docs/sync.md, "The queue"). Applies pending migrations in order, all in one transaction.
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(join(options.dataDir, 'station.sqlite3'), {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    db.pragma('busy_timeout = 5000');
    if (options.sharedMemory === false) db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    immediateTransactions(db);
    migrate(db);
    return db;
  } catch (error) {
    // A connection that failed to open holds no lock for the next try (openStationDatabase's).
    db.close();
    throw error;
  }
}

/**
 * Makes `db.transaction(fn)()` begin IMMEDIATE (its `.deferred` stays at hand). Other processes write the same
 * database (a CLI `station enroll` beside `station serve`; docs/sync.md, "Work queued by other processes"). A deferred
 * transaction that reads and then writes fails at once with SQLITE_BUSY when another connection committed in
 * between (its snapshot is stale, so busy_timeout cannot wait it out: "database is locked"). Taking the write lock at
 * BEGIN makes the other writer wait (busy_timeout) instead. Readers are never blocked (WAL). Nested calls stay
 * savepoints.
 */
function immediateTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const made = transaction(fn);
    return Object.assign((...args: never[]) => made.immediate(...args), {
      default: made.immediate,
      deferred: made.deferred,
      immediate: made.immediate,
      exclusive: made.exclusive,
    });
  }) as Db['transaction'];
}

/** SQLite's page cache during a bulk write, in KiB (SQLite's own default; better-sqlite3 sets 16 MB). */
export const BULK_CACHE_KIB = 2000;

/**
 * Runs `write` as one transaction with the page cache held to BULK_CACHE_KIB, then puts the cache
 * size back. A bulk write (the print-data import: 10,000 Labels write about 13 MB of pages) touches
 * each page once or twice; keeping them all cached only grows the process. Dirty pages beyond the
 * cache spill to the WAL inside the transaction, which still commits or rolls back whole.
 */
export function bulkTransaction<T>(db: Db, write: () => T): T {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  try {
    return db.transaction(write)();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

/**
 * Runs `write` as one transaction whose commit is not waited onto the disk (synchronous=NORMAL for this commit
 * alone), for what can be read again: the mirror of a Reel's Labels on the service, page by page (docs/sync.md,
 * "Opening at shop scale"). WAL keeps it whole or not at all after a crash, and the next commit waited onto the disk
 * (every other write of the station: synchronous=FULL) puts it there too. Inside another transaction it is part of that one.
 */
export function unsyncedTransaction<T>(db: Db, write: () => T): T {
  if (db.inTransaction) return db.transaction(write)();
  const level = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(write)();
  } finally {
    db.pragma(`synchronous = ${level}`);
  }
}

const statements = new WeakMap<Db, (sql: string) => Database.Statement>();

/**
 * The compiled statement for this SQL text on this database, compiled once (src-shared/sqlite/statement-cache.ts
 * says why). Every query of the station goes through here; all of them live in src-main/store.
 */
export function statement(db: Db, sql: string): Database.Statement {
  let prepare = statements.get(db);
  if (!prepare) {
    prepare = statementCache((text: string) => db.prepare(text));
    statements.set(db, prepare);
  }
  return prepare(sql);
}

/** Applies the station's pending migrations (src-shared/domain/migrations.ts), recorded in `schema_migrations`. */
function migrate(db: Db): void {
  const ledger: MigrationLedger<Migration> = {
    applied() {
      db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      return db
        .prepare('SELECT version FROM schema_migrations')
        .all()
        .map((row) => (row as { version: number }).version);
    },
    record(migration, appliedAt) {
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, appliedAt);
    },
  };
  runMigrations(db, migrations, ledger, { name: 'station' });
}
