import Papa from 'papaparse';

// Threads for a bulk-bind arrive as pasted text, a CSV, or scanned codes: each is reduced to
// the Thread ids it carries, in order.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Ids from free text: one per line (or separated by commas or spaces); a line without an id is named. */
export function threadIdsFromText(text: string): { ids: string[]; rejected: string[] } {
  const ids: string[] = [];
  const rejected: string[] = [];
  for (const part of text.split(/[\n,;\t ]+/)) {
    const token = part.trim();
    if (!token) continue;
    const match = UUID.exec(token);
    if (match) ids.push(match[0].toLowerCase());
    else rejected.push(token);
  }
  return { ids, rejected };
}

/**
 * Ids from a CSV: the `threadId` (or `thread_id`, `thread`) column, else the first column. `separator` is the one the
 * station found reading the file (docs/print-run.md, "Files as shops save them"); papaparse guesses without it.
 */
export function threadIdsFromCsv(csv: string, separator?: string): { ids: string[]; rejected: string[] } {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', ...(separator ? { delimiter: separator } : {}) });
  const rows = parsed.data;
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const named = header.findIndex((h) => ['threadid', 'thread_id', 'thread'].includes(h));
  const column = named >= 0 ? named : 0;
  const body = named >= 0 || (rows[0] && !UUID.test(rows[0][0] ?? '')) ? rows.slice(1) : rows;
  return threadIdsFromText(body.map((r) => r[column] ?? '').join('\n'));
}

/** Pairs positions from..to with the ids in order; extra ids or positions are reported. */
export function pairRows(
  from: number,
  to: number,
  ids: readonly string[],
): { pairs: { position: number; threadId: string }[]; missing: number; extra: number } {
  const count = Math.max(0, to - from + 1);
  const pairs = ids.slice(0, count).map((threadId, n) => ({ position: from + n, threadId }));
  return { pairs, missing: Math.max(0, count - ids.length), extra: Math.max(0, ids.length - count) };
}
