import type { PaginationQuery, SortOrder } from '../../src-shared/api/common';
import { SvcError } from '../http/svc-error';

// Cursor pagination shared by every list route. spec: Context headers — "Pagination is by cursor
// (`cursor`, `pageSize`, `order`, `orderCol`)". The spec shows neither the cursor format nor the largest
// pageSize; ours: an opaque base64url token naming the ordering and the last row's (sort value, id), so
// rows inserted between pages never shift a page; pageSize defaults to 50 and is capped at 500.

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface PageSpec {
  /** orderCol value (wire name) → SQL expression; the expression must never be NULL. */
  columns: Record<string, string>;
  defaultColumn: string;
  defaultOrder: SortOrder;
  /** SQL expression of the unique tie-breaker (the row id). */
  idColumn: string;
}

interface CursorState {
  c: string;
  o: SortOrder;
  v: string | number;
  id: string;
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function invalidCursor(): SvcError {
  return new SvcError(
    'INVALID_REQUEST',
    { reason: 'invalid_cursor', issues: [{ path: ['cursor'], message: 'invalid cursor' }] },
    { message: 'invalid_cursor' },
  );
}

export function decodeCursor(cursor: string): CursorState {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorState>;
    if (
      typeof parsed.c === 'string' &&
      (parsed.o === 'asc' || parsed.o === 'desc') &&
      (typeof parsed.v === 'string' || typeof parsed.v === 'number') &&
      typeof parsed.id === 'string'
    ) {
      return parsed as CursorState;
    }
  } catch {
    // falls through to the same answer as a well-formed but wrong cursor
  }
  throw invalidCursor();
}

export interface PagePlan {
  /** Extra WHERE condition (AND it with the list's own filters); '1' when on the first page. */
  where: string;
  params: (string | number)[];
  orderBy: string;
  /** Fetch one row more than the page so the plan knows whether a next page exists. */
  limit: number;
  pageSize: number;
  column: string;
  order: SortOrder;
  /** Add to the SELECT list to read the sort value back as `page_sort` (for finishPage). */
  sortSelect: string;
}

/** Resolves the query's ordering and cursor into SQL pieces; 400 INVALID_REQUEST for unknown orderCol or a foreign cursor. */
export function planPage(spec: PageSpec, query: PaginationQuery): PagePlan {
  const column = query.orderCol ?? spec.defaultColumn;
  const expr = spec.columns[column];
  if (!expr) {
    throw new SvcError('INVALID_REQUEST', {
      reason: 'unknown_order_column',
      issues: [{ path: ['orderCol'], message: `orderCol must be one of: ${Object.keys(spec.columns).join(', ')}` }],
    });
  }
  const order = query.order ?? spec.defaultOrder;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const cmp = order === 'asc' ? '>' : '<';
  let where = '1';
  let params: (string | number)[] = [];
  if (query.cursor) {
    const state = decodeCursor(query.cursor);
    if (state.c !== column || state.o !== order) throw invalidCursor();
    where = `(${expr} ${cmp} ? OR (${expr} = ? AND ${spec.idColumn} ${cmp} ?))`;
    params = [state.v, state.v, state.id];
  }
  return {
    where,
    params,
    orderBy: `${expr} ${dir}, ${spec.idColumn} ${dir}`,
    limit: pageSize + 1,
    pageSize,
    column,
    order,
    sortSelect: `${expr} AS page_sort`,
  };
}

/**
 * Cuts the fetched rows (plan.limit of them at most) to one page and makes the next cursor from the last
 * row kept. `sortValue` and `id` read the ordering value and id back from a row.
 */
export function finishPage<R>(
  plan: PagePlan,
  rows: R[],
  sortValue: (row: R) => string | number,
  id: (row: R) => string,
): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= plan.pageSize) return { rows, nextCursor: null };
  const page = rows.slice(0, plan.pageSize);
  const last = page[page.length - 1] as R;
  return { rows: page, nextCursor: encodeCursor({ c: plan.column, o: plan.order, v: sortValue(last), id: id(last) }) };
}
