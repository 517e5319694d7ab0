import { openDatabase, type Db } from '../../src-main/store/database';
import { saveProfile } from '../../src-main/store/profiles';
import { tempDir } from './tmp';

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

/** The profile a station database of a unit test acts as: a remote service nobody answers (port 9). */
function saveUnitTestProfile(db: Db): void {
  saveProfile(db, {
    profileId: 'p',
    kind: 'remote',
    name: 'test',
    baseUrl: 'http://127.0.0.1:9',
    orgId: null,
    teamId: null,
    locale: null,
    declaredActor: null,
  });
}

/** A fresh station database in a temp folder, with the profile 'p' active: the start of every local-change and engine unit test. */
export function openUnitTestStation(prefix: string): { dir: ReturnType<typeof tempDir>; db: Db } {
  const dir = tempDir(prefix);
  const db = openDatabase({ dataDir: dir.path });
  saveUnitTestProfile(db);
  return { dir, db };
}
