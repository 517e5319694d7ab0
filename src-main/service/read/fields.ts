import { z } from 'zod';

// How the station reads what the spec leaves open (field ledger: ../README.md).
// - Unknown members are ignored: every reader is a plain z.object (never strict), which drops them.
// - An absent optional field means the same as null: `orNull`.
// - A list envelope and its cursor field are "not shown" by the spec: `listAnswer` finds them.

/** A field the station reads when present: absent and null both read as null. */
export function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

/** A list the station reads when present: absent and null both read as an empty list. */
export function orEmpty<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value): z.output<T>[] => value ?? []);
}

export interface ListAnswer<T> {
  items: T[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

const CURSOR_NAME = /cursor/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The next page's cursor (spec: Context headers, "Pagination is by cursor (`cursor`, ...)"; the answer's field is
 * not shown). Our reading is `nextCursor`; otherwise the first string member whose name contains "cursor", at the
 * top level or one level down (a `pagination`/`page` object). A null or empty cursor ends the list.
 */
export function discoverCursor(answer: Record<string, unknown>): string | null {
  const direct = answer['nextCursor'];
  if (typeof direct === 'string') return direct === '' ? null : direct;
  if ('nextCursor' in answer) return null;
  for (const scope of [answer, ...Object.values(answer).filter(isRecord)]) {
    for (const [name, value] of Object.entries(scope)) {
      if (CURSOR_NAME.test(name) && typeof value === 'string' && value !== '') return value;
    }
  }
  return null;
}

/**
 * A list answer (the spec does not show list envelopes): the items under `key` (our reading, the sandbox's), or
 * else the answer's only array member, or the answer itself when it is an array. Each item is parsed with `item`;
 * an item that cannot be read fails the whole answer with the item's real path (e.g. `labels.3.position`).
 */
export function listAnswer<T extends z.ZodType>(key: string, item: T): z.ZodType<ListAnswer<z.output<T>>> {
  // The items read in one parse (a page of 500 Labels: one call rather than 500; docs/sync.md, "Opening at shop scale").
  const items = z.array(item);
  return z.unknown().transform((raw, ctx): ListAnswer<z.output<T>> => {
    let where: string | null = null;
    let array: unknown[] | null = null;
    if (Array.isArray(raw)) {
      array = raw;
    } else if (isRecord(raw)) {
      if (Array.isArray(raw[key])) {
        where = key;
        array = raw[key] as unknown[];
      } else {
        const arrays = Object.entries(raw).filter(([, value]) => Array.isArray(value));
        if (arrays.length === 1) [where, array] = arrays[0] as [string, unknown[]];
      }
    }
    if (array === null) {
      ctx.addIssue({ code: 'custom', path: [key], message: `expected a list of items under "${key}" (or a single array member)` });
      return z.NEVER;
    }
    const parsed = items.safeParse(array);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({
          code: 'custom',
          path: [...(where === null ? [] : [where]), ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
          message: issue.message,
        });
      }
      return z.NEVER;
    }
    return { items: parsed.data, nextCursor: isRecord(raw) ? discoverCursor(raw) : null };
  });
}

/** A list page whose next cursor is read at once and its items (as listAnswer reads them) only when asked. */
export interface DeferredListAnswer<T> {
  nextCursor: string | null;
  read(): z.ZodSafeParseResult<ListAnswer<T>>;
}

/**
 * listAnswer, its items read later: a caller paging through a long list asks for the next page before it reads this
 * one's items, so the service prepares the next page meanwhile (docs/sync.md, "Opening at shop scale").
 */
export function deferredListAnswer<T extends z.ZodType>(key: string, item: T): z.ZodType<DeferredListAnswer<z.output<T>>> {
  const full = listAnswer(key, item);
  return z.unknown().transform((raw) => ({ nextCursor: isRecord(raw) ? discoverCursor(raw) : null, read: () => full.safeParse(raw) }));
}
