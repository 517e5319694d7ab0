import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { until } from '../../test/helpers/until';
import { CEILING_PAGES, startCheckpointer, type Checkpointer } from './checkpointer';
import { openDatabase, type Db } from './database';

// The WAL checkpointed on a thread of its own (docs/architecture.md, "Data on disk"), by a real second connection.

let dir: ReturnType<typeof tempDir> | undefined;
let db: Db | undefined;
let checkpointer: Checkpointer | undefined;
afterEach(async () => {
  await checkpointer?.close();
  db?.close();
  dir?.remove();
});

it('copies the WAL into the database while the station’s connection, below its ceiling, never does; closed, SQLite’s own threshold is back', async () => {
  dir = tempDir('checkpointer-');
  db = openDatabase({ dataDir: dir.path });
  const said: string[] = [];
  checkpointer = await startCheckpointer(db, { dataDir: dir.path, said: (message) => said.push(message) });
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(CEILING_PAGES);

  // About 3,000 pages of WAL in 30 commits: past SQLite's own 1,000, far below the ceiling.
  const file = join(dir.path, 'station.sqlite3');
  const before = statSync(file).size;
  db.exec('CREATE TABLE ballast (bytes BLOB)');
  const insert = db.prepare(
    'INSERT INTO ballast (bytes) SELECT randomblob(3900) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) SELECT i FROM n)',
  );
  for (let commit = 0; commit < 30; commit += 1) db.transaction(() => insert.run())();
  // Only a checkpoint writes the database file; this connection makes none below its ceiling, so the thread did.
  await until(() => statSync(file).size >= before + 100 * 3900 * 30, { withinMs: 20_000, what: 'the WAL copied into the database' });
  expect(said).toEqual([]);

  await checkpointer.close();
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
});
