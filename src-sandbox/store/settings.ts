import { statement, type SandboxDb } from './db';

/** Key-value settings of this sandbox instance (secrets, demo ids). */
export function getSetting(db: SandboxDb, key: string): string | null {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setSetting(db: SandboxDb, key: string, value: string): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
