import type { FieldEntryInput } from '../../../src-shared/api/threads';

// spec: Endpoints, Threads — `raw` = `{type, nameKey?, descriptionKey?, raw: object[]}` (defaults `name`,
// `description`; fields derived from key-value pairs). The spec names only `text` and `number` field
// types; for other JSON values our choice is `boolean` {boolean} and `json` {json}; null values are skipped.

export interface NormalizedThreadInput {
  thread: { name: string; description?: string };
  data: FieldEntryInput[];
}

export type RawResult = { ok: true; value: NormalizedThreadInput } | { ok: false; path: (string | number)[]; message: string };

export function fieldFromValue(name: string, value: unknown): FieldEntryInput | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { name, type: 'text', value: { text: value } };
  if (typeof value === 'number' && Number.isFinite(value)) return { name, type: 'number', value: { number: value } };
  if (typeof value === 'boolean') return { name, type: 'boolean', value: { boolean: value } };
  return { name, type: 'json', value: { json: value } };
}

/** One raw object → a Thread input with its fields, or where it is unusable. */
export function normalizeRawThread(raw: Record<string, unknown>, index: number, nameKey = 'name', descriptionKey = 'description'): RawResult {
  const name = raw[nameKey];
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, path: ['raw', index, nameKey], message: `raw[${index}].${nameKey} must be a non-empty string (it becomes the Thread name)` };
  }
  const description = raw[descriptionKey];
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return { ok: false, path: ['raw', index, descriptionKey], message: `raw[${index}].${descriptionKey} must be a string when given` };
  }
  const data: FieldEntryInput[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === nameKey || key === descriptionKey) continue;
    const field = fieldFromValue(key, value);
    if (field) data.push(field);
  }
  return { ok: true, value: { thread: typeof description === 'string' ? { name, description } : { name }, data } };
}
