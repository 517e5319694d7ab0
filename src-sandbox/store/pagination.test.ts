import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, finishPage, MAX_PAGE_SIZE, planPage, type PageSpec } from './pagination';
import { SvcError } from '../http/svc-error';

const spec: PageSpec = { columns: { createdAt: 'x.created_at', name: 'x.name' }, defaultColumn: 'createdAt', defaultOrder: 'desc', idColumn: 'x.id' };

describe('cursor pagination', () => {
  it('defaults, caps pageSize and fetches one extra row', () => {
    const plan = planPage(spec, {});
    expect(plan).toMatchObject({ where: '1', orderBy: 'x.created_at DESC, x.id DESC', pageSize: 50, limit: 51 });
    expect(planPage(spec, { pageSize: 10_000 }).pageSize).toBe(MAX_PAGE_SIZE);
  });

  it('a cursor continues after the last row by (value, id) in the same direction', () => {
    const plan = planPage(spec, { pageSize: 2, orderCol: 'name', order: 'asc' });
    const page = finishPage(
      plan,
      [
        { s: 'a', id: '1' },
        { s: 'b', id: '2' },
        { s: 'c', id: '3' },
      ],
      (r) => r.s,
      (r) => r.id,
    );
    expect(page.rows).toHaveLength(2);
    expect(decodeCursor(page.nextCursor as string)).toEqual({ c: 'name', o: 'asc', v: 'b', id: '2' });
    const next = planPage(spec, { pageSize: 2, orderCol: 'name', order: 'asc', cursor: page.nextCursor as string });
    expect(next.where).toBe('(x.name > ? OR (x.name = ? AND x.id > ?))');
    expect(next.params).toEqual(['b', 'b', '2']);
    expect(
      finishPage(
        next,
        [{ s: 'c', id: '3' }],
        (r) => r.s,
        (r) => r.id,
      ).nextCursor,
    ).toBeNull();
  });

  it('refuses garbage, a cursor made for another ordering, and an unknown orderCol', () => {
    const other = encodeCursor({ c: 'name', o: 'asc', v: 'b', id: '2' });
    for (const query of [{ cursor: 'garbage' }, { cursor: other }, { orderCol: 'colour' }]) {
      try {
        planPage(spec, query);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(SvcError);
        expect((error as SvcError).code).toBe('INVALID_REQUEST');
      }
    }
  });
});
