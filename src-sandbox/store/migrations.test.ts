import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerMigrations, schemaVersion } from './migrations';

describe('registerMigrations', () => {
  it('applies each area version once, in order, and records it per area', () => {
    const db = new Database(':memory:');
    const v1 = { version: 1, sql: 'CREATE TABLE a (x INTEGER)' };
    const v2 = { version: 2, sql: 'ALTER TABLE a ADD COLUMN y TEXT' };
    expect(registerMigrations(db, 'labels', [v2, v1])).toEqual([1, 2]);
    expect(registerMigrations(db, 'labels', [v1, v2])).toEqual([]);
    expect(registerMigrations(db, 'optical', [{ version: 1, sql: 'CREATE TABLE b (x INTEGER)' }])).toEqual([1]);
    expect(schemaVersion(db, 'labels')).toBe(2);
    expect(schemaVersion(db, 'unknown')).toBe(0);
    db.close();
  });

  it('a failing migration leaves nothing half-applied and is retried next time', () => {
    const db = new Database(':memory:');
    expect(() => registerMigrations(db, 'x', [{ version: 1, sql: 'CREATE TABLE t (a INTEGER); CREATE TABLE t (a INTEGER);' }])).toThrow();
    expect(schemaVersion(db, 'x')).toBe(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 't'").get()).toEqual({ n: 0 });
    expect(registerMigrations(db, 'x', [{ version: 1, sql: 'CREATE TABLE t (a INTEGER)' }])).toEqual([1]);
    db.close();
  });

  it('refuses duplicate or non-positive versions', () => {
    const db = new Database(':memory:');
    expect(() =>
      registerMigrations(db, 'x', [
        { version: 1, sql: '' },
        { version: 1, sql: '' },
      ]),
    ).toThrow(/twice/);
    expect(() => registerMigrations(db, 'x', [{ version: 0, sql: '' }])).toThrow(/positive/);
    db.close();
  });
});
