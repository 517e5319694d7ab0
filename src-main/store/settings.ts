import type { z } from 'zod';
import { statement, type Db } from './database';

/** Small typed key/value settings; every value is validated when read back. */
export function readSetting<T>(db: Db, key: string, schema: z.ZodType<T>): T | undefined {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (!row) return undefined;
  const parsed = schema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : undefined;
}

export function writeSetting(db: Db, key: string, value: unknown): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}
