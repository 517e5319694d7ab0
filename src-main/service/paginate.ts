import { ServiceError } from './errors';

// spec: Endpoints, Context headers — "Pagination is by cursor (`cursor`, `pageSize`, `order`, `orderCol`)".
// The list envelopes of src-shared/api carry `nextCursor` (null or absent on the last page).

export interface CursorPage {
  nextCursor?: string | null;
}

/** A service that hands out a cursor it already gave would page forever: an invalid answer, said once. */
function repeatedCursor(cursor: string): ServiceError {
  return new ServiceError({
    code: 'INVALID_RESPONSE',
    kind: 'invalid_response',
    method: 'GET',
    path: '(pagination)',
    status: null,
    requestId: null,
    detail: { reason: 'repeated_cursor', cursor },
    outcomeUnknown: false,
  });
}

/** Every item of a cursor-paginated list, page by page. A cursor the service repeats ends with INVALID_RESPONSE. */
export async function* paginate<P extends CursorPage, T>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* items(page);
    const next = page.nextCursor ?? null;
    if (next === null) return;
    if (seen.has(next)) {
      throw repeatedCursor(next);
    }
    seen.add(next);
    cursor = next;
  }
}

/** All items of a paginated list in one array. */
export async function collectAll<P extends CursorPage, T>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly T[],
): Promise<T[]> {
  const out: T[] = [];
  for await (const item of paginate(fetchPage, items)) out.push(item);
  return out;
}

/**
 * The pages of a cursor-paginated list, each page's items as one array, the next page asked before this one is
 * handed over (its caller's work on a page overlaps the next request). `onTheWire` resolves once the requests asked
 * are written (src-main/service/on-the-wire.ts): a page is read and handed over only then, else the next request
 * would leave only after the caller's synchronous work on it. A repeated cursor ends as `paginate` does.
 */
export async function* prefetchPages<P extends CursorPage, T>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly T[],
  onTheWire: () => Promise<void>,
): AsyncGenerator<readonly T[], void, undefined> {
  const seen = new Set<string>();
  let pending: Promise<P> | null = fetchPage(undefined);
  while (pending) {
    const page: P = await pending;
    const next = page.nextCursor ?? null;
    if (next !== null && seen.has(next)) {
      throw repeatedCursor(next);
    }
    if (next !== null) seen.add(next);
    pending = next === null ? null : fetchPage(next);
    // A page fetched ahead whose caller stops early is never awaited: keep its failure from going unhandled.
    pending?.catch(() => undefined);
    if (pending) await onTheWire();
    yield items(page);
  }
}
