import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CORE_MIGRATIONS } from './core-schema';
import { registerMigrations, schemaVersion } from './migrations';
import { reelCounts } from './reels';

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

describe('core v3: Reel counts kept by triggers', () => {
  it('counts the Labels of a sandbox made before it, and keeps counting as they change', () => {
    const db = new Database(':memory:');
    registerMigrations(db, 'core', CORE_MIGRATIONS.slice(0, 2));
    db.exec(`INSERT INTO organizations VALUES ('o', 'o', 'o', 't', 'x', NULL); INSERT INTO teams VALUES ('t', 'o', 't', 1, 'x');
      INSERT INTO collections (collection_id, kind, org_id, owner_team_id, name, created_at, updated_at) VALUES ('r', 'reel', 'o', 't', 'R', 'x', 'x');
      INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, created_at, updated_at, archived_at)
        VALUES ('a', 'r', 1, 'o', 't', 'x', 'x', NULL), ('b', 'r', 2, 'o', 't', 'x', 'x', 'y');
      INSERT INTO tags (tag_id, tag_type, fingerprint_id, composite_tag_id, org_id, owner_team_id, identifiable, created_at, updated_at)
        VALUES ('t1', 'SVC', 'f', 'a', 'o', 't', 1, 'x', 'x');`);
    expect(registerMigrations(db, 'core', CORE_MIGRATIONS)).toEqual([3]);
    expect(reelCounts(db, 'r')).toEqual({
      counts: { labelCount: 2, activeCount: 1, boundCount: 0, archivedCount: 1, transferredCount: 0, identifiableCount: 1 },
      lastPosition: 2,
    });
    db.exec("UPDATE tags SET identifiable = 0 WHERE tag_id = 't1'; UPDATE composite_tags SET archived_at = NULL WHERE composite_tag_id = 'b'");
    expect(reelCounts(db, 'r').counts).toMatchObject({ activeCount: 2, archivedCount: 0, identifiableCount: 0 });
    db.close();
  });
});
