import type { Db } from '../../src-main/store/database';

// Raw reads of a station database for tests that check what was (or was not) written. The station's own SQL
// lives in src-main/store; these only look.

export function countRows(db: Db, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

export function rawRow<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}
