import type { Db } from '../../src-main/store/database';

// Raw reads of a station database for tests that check what was (or was not) written. The station's own SQL
// lives in src-main/store; these only look.

function countRows(db: Db, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

export function rawRow<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

/** Row counts of everything a local change writes: Labels, queued operations and their dependencies, captures, audit entries. */
export function storeCounts(db: Db): { labels: number; outbox: number; deps: number; captures: number; audit: number } {
  return {
    labels: countRows(db, 'labels'),
    outbox: countRows(db, 'outbox'),
    deps: countRows(db, 'outbox_deps'),
    captures: countRows(db, 'captures'),
    audit: countRows(db, 'audit_log'),
  };
}
