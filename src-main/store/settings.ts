import type { z } from 'zod';
import type { Db } from './database';

/** Small typed key/value settings; every value is validated when read back. */
export function readSetting<T>(db: Db, key: string, schema: z.ZodType<T>): T | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (!row) return undefined;
  const parsed = schema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : undefined;
}

export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    JSON.stringify(value),
  );
}
