import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test/helpers/processes';
import { looksLikeSql, storeFor } from './sql-in-store.js';

const eslint = new ESLint({ cwd: repoRoot });

async function sqlErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'station/sql-in-store').map((m) => m.message);
}

// Each kind of SQL the stores write, as a route or a change might be tempted to write it.
const SQL_TEXT = [
  "const q = 'SELECT * FROM tags WHERE tag_id = ?';",
  "const q = 'SELECT 1';",
  'const q = `SELECT t.*, ${sort} FROM threads t WHERE ${where}`;',
  "const q = 'INSERT INTO jobs (job_id) VALUES (?)';",
  "const q = 'INSERT OR IGNORE INTO thread_shares (thread_id, team_id) VALUES (?, ?)';",
  "const q = 'UPDATE composite_tags SET reel_id = ? WHERE composite_tag_id = ?';",
  "const q = 'DELETE FROM faults';",
  "const q = 'CREATE TABLE t (n INTEGER)';",
  "const q = 'CREATE UNIQUE INDEX i ON t(n)';",
  "const q = 'ALTER TABLE t ADD COLUMN m TEXT';",
  "const q = 'PRAGMA journal_mode = WAL';",
];

const CALLS = ['db.prepare(sql).run();', "deps.db.pragma('foreign_keys = ON');", 'statement(db, sql).get();'];

// Words that name SQL in prose, messages or UI text, which the rule must leave alone.
const NOT_SQL = [
  "const t = 'Select a Reel';",
  "const t = 'select * from the list';",
  "const t = 'Update the profile to set a new key';",
  "const t = 'Delete from the queue';",
  "const t = 'The SELECT button';",
  'const m = /^Bearer\\s+(.+)$/i.exec(header);',
  'const run = db.transaction(() => 1);',
];

describe('SQL only in a store lint rule', () => {
  it.each(['src-sandbox/routes/labels/x.ts', 'src-sandbox/optical/x.ts', 'src-sandbox/app.ts', 'src-main/commands/x.ts', 'src-main/sync/x.ts'])(
    'refuses every kind of SQL text in %s, naming the store it belongs in',
    async (file) => {
      const store = file.startsWith('src-main') ? 'src-main/store' : 'src-sandbox/store';
      for (const code of SQL_TEXT) {
        expect(await sqlErrors(file, `${code}\nexport { q };`), code).toEqual([
          `An SQL statement outside the store. SQL belongs in ${store}: add a named function to its repository and call that.`,
        ]);
      }
    },
  );

  it.each(CALLS)('refuses compiling or running SQL outside the store: %s', async (code) => {
    const errors = await sqlErrors('src-sandbox/routes/threads/x.ts', `declare const db: any, deps: any, sql: string, statement: any;\n${code}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/outside the store\. SQL belongs in src-sandbox\/store/);
  });

  it.each(NOT_SQL)('leaves text and calls that are not SQL alone: %s', async (code) => {
    expect(await sqlErrors('src-sandbox/routes/threads/x.ts', `declare const db: any, header: string;\n${code}\nexport {};`)).toEqual([]);
  });

  it.each(['src-sandbox/store/x.ts', 'src-sandbox/store/sub/x.ts', 'src-main/store/x.ts', 'src-sandbox/routes/x.test.ts', 'src-shared/x.ts', 'test/x.ts'])(
    'allows SQL in %s (a store, a unit test, or outside the programs it watches)',
    async (file) => {
      for (const code of [...SQL_TEXT, ...CALLS]) {
        expect(await sqlErrors(file, `declare const db: any, deps: any, sql: string, statement: any;\n${code}\nexport {};`), code).toEqual([]);
      }
    },
  );

  it('names the store of each program', () => {
    expect(storeFor('src-sandbox/routes/tags/bind.ts')).toBe('src-sandbox/store');
    expect(storeFor('src-main/changes/enroll.ts')).toBe('src-main/store');
    expect(storeFor('src-sandbox/store/tags.ts')).toBeUndefined();
    expect(storeFor('src-sandbox/store-like/tags.ts')).toBe('src-sandbox/store');
    expect(looksLikeSql('SELECT value FROM settings WHERE key = ?')).toBe(true);
    expect(looksLikeSql('Select the Reel to print')).toBe(false);
  });
});
