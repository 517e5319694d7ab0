import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations, type MigrationLedger } from '../../src-shared/domain/migrations';
import { tempDir } from '../../test/helpers/tmp';
import { BULK_CACHE_KIB, bulkTransaction, openDatabase, unsyncedTransaction, type Db } from './database';
import { migrations, type Migration } from './migrations';

let dir: { path: string; remove(): void };
let db: Db;
beforeEach(() => {
  dir = tempDir('database-');
  db = openDatabase({ dataDir: dir.path });
  db.exec('CREATE TABLE t (n INTEGER)');
});
afterEach(() => {
  db.close();
  dir.remove();
});
const cacheSize = () => db.pragma('cache_size', { simple: true }) as number;
const rows = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

describe('bulkTransaction', () => {
  it('writes in one transaction with a small page cache, then puts the cache size back', () => {
    const usual = cacheSize();
    expect(usual).toBeLessThan(-BULK_CACHE_KIB);
    const seen = bulkTransaction(db, () => {
      for (let n = 0; n < 1000; n += 1) db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
      return { inTransaction: db.inTransaction, cache: cacheSize() };
    });
    expect(seen).toEqual({ inTransaction: true, cache: -BULK_CACHE_KIB });
    expect(rows()).toBe(1000);
    expect(cacheSize()).toBe(usual);
  });

  it('rolls everything back when the write throws, and puts the cache size back', () => {
    const usual = cacheSize();
    expect(() =>
      bulkTransaction(db, () => {
        for (let n = 0; n < 1000; n += 1) db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
        throw new Error('row 1000 is wrong');
      }),
    ).toThrow('row 1000 is wrong');
    expect(rows()).toBe(0);
    expect(db.inTransaction).toBe(false);
    expect(cacheSize()).toBe(usual);
  });
});

describe('unsyncedTransaction', () => {
  const synchronous = () => db.pragma('synchronous', { simple: true }) as number;
  const [NORMAL, FULL] = [1, 2];

  it('commits without waiting for the disk (synchronous=NORMAL) for its own commit alone, then waits again (FULL)', () => {
    expect(synchronous()).toBe(FULL);
    const seen = unsyncedTransaction(db, () => {
      db.prepare('INSERT INTO t (n) VALUES (1)').run();
      return { inTransaction: db.inTransaction, level: synchronous() };
    });
    expect(seen).toEqual({ inTransaction: true, level: NORMAL });
    expect(rows()).toBe(1);
    expect(synchronous()).toBe(FULL);
  });

  it('inside another transaction is part of it, whose commit waits for the disk; a throw rolls back and puts FULL back', () => {
    db.transaction(() => {
      unsyncedTransaction(db, () => db.prepare('INSERT INTO t (n) VALUES (1)').run());
      expect(synchronous()).toBe(FULL);
    })();
    expect(() =>
      unsyncedTransaction(db, () => {
        db.prepare('INSERT INTO t (n) VALUES (2)').run();
        throw new Error('page 3 is unreadable');
      }),
    ).toThrow('page 3 is unreadable');
    expect(rows()).toBe(1);
    expect(synchronous()).toBe(FULL);
  });
});

describe('migrate', () => {
  it('records each station migration once in schema_migrations, by version and name; a reopen applies nothing', () => {
    const ledger = () => db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(ledger()).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    db.close();
    db = openDatabase({ dataDir: dir.path });
    expect(ledger()).toEqual(migrations.map(({ version, name }) => ({ version, name })));
  });

  it('makes the same schema on a fresh folder, all in one transaction, as on a folder each release migrated in its turn', () => {
    const schema = (d: Db) => d.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
    const ledgerOf = (d: Db) => d.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    const fresh = openDatabase({ dataDir: join(dir.path, 'fresh') });
    const want = { schema: schema(fresh), ledger: ledgerOf(fresh) };
    fresh.close();
    expect(want.schema.length).toBeGreaterThan(migrations.length);
    // A folder made by an older release, one migration at a time (the ledger as database.ts keeps it), then opened by
    // this one, which applies the rest at once.
    for (let had = 1; had < migrations.length; had += 1) {
      const folder = join(dir.path, `had-${had}`);
      mkdirSync(folder);
      const old = new Database(join(folder, 'station.sqlite3'));
      try {
        old.pragma('foreign_keys = ON');
        const ledger: MigrationLedger<Migration> = {
          applied() {
            old.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
            return old
              .prepare('SELECT version FROM schema_migrations')
              .all()
              .map((row) => (row as { version: number }).version);
          },
          record: (m, appliedAt) => old.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, appliedAt),
        };
        for (const migration of migrations.slice(0, had)) expect(runMigrations(old, [migration], ledger)).toEqual([migration.version]);
      } finally {
        old.close();
      }
      const upgraded = openDatabase({ dataDir: folder });
      try {
        expect({ schema: schema(upgraded), ledger: ledgerOf(upgraded) }, `from version ${migrations[had - 1]?.version}`).toEqual(want);
      } finally {
        upgraded.close();
      }
    }
  });
});

describe('transactions beside another process', () => {
  it('a transaction that reads, then writes, is not broken by another connection committing in between: that one waits', () => {
    const other = openDatabase({ dataDir: dir.path });
    try {
      other.pragma('busy_timeout = 0');
      let otherWrote: string;
      db.transaction(() => {
        rows();
        // Another process commits after this transaction read. Deferred, this transaction's write below would then fail
        // with SQLITE_BUSY ("database is locked"); immediate, the other writer waits for it (here: refused at once).
        try {
          other.prepare('INSERT INTO t (n) VALUES (1)').run();
          otherWrote = 'committed';
        } catch (error) {
          otherWrote = (error as { code?: string }).code ?? String(error);
        }
        db.prepare('INSERT INTO t (n) VALUES (2)').run();
      })();
      expect(otherWrote!).toBe('SQLITE_BUSY');
      expect(rows()).toBe(1);
      // Nested calls are savepoints, and the deferred form is still there.
      db.transaction(() => db.transaction(() => db.prepare('INSERT INTO t (n) VALUES (3)').run())())();
      db.transaction(() => db.prepare('INSERT INTO t (n) VALUES (4)').run()).deferred();
      expect(rows()).toBe(3);
    } finally {
      other.close();
    }
  });
});
