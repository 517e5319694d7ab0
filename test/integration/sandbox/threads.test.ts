import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadCreateResponseSchema, ThreadListResponseSchema, ThreadReadResponseSchema, type ThreadDetail } from '../../../src-shared/api/threads';
import { buildTestSandbox, envelope, type TestSandbox } from '../../helpers/sandbox-harness';

// spec: Endpoints, Threads; States (Thread, Thread field); Events.

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await buildTestSandbox();
  token = await sb.token();
});
afterAll(async () => sb.close());

const h = (extra: Record<string, string | undefined> = {}) => sb.headers(token, extra);

async function createOne(name: string, data: unknown[] = [], extra: Record<string, unknown> = {}): Promise<ThreadDetail> {
  const res = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: h(), payload: { type: 'single', thread: { name }, data, ...extra } });
  expect(res.statusCode).toBe(201);
  return ThreadCreateResponseSchema.parse(res.json()).created[0] as ThreadDetail;
}

async function read(threadId: string, query = '') {
  const res = await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${threadId}${query}`, headers: h() });
  expect(res.statusCode).toBe(200);
  return ThreadReadResponseSchema.parse(res.json());
}

describe('create', () => {
  it('single: owner from the Team header, creator from the token, data stored, uploadResponses empty', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: h(),
      payload: { type: 'single', thread: { name: 'Pump 7', description: 'blue' }, data: [{ name: 'Serial', type: 'text', value: { text: 'SN-1' } }] },
    });
    expect(res.statusCode).toBe(201);
    const body = ThreadCreateResponseSchema.parse(res.json());
    expect(body.uploadResponses).toEqual([]);
    const t = body.created[0] as ThreadDetail;
    expect(t).toMatchObject({ name: 'Pump 7', description: 'blue', ownerId: sb.demo.teamId, archivedAt: null });
    const me = (await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: h() })).json() as { userId: string };
    expect(t.createdById).toBe(me.userId);
    expect(t.data).toEqual([expect.objectContaining({ name: 'Serial', type: 'text', value: { text: 'SN-1' } })]);
  });

  it('list: several Threads in one call', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: h(),
      payload: { type: 'list', threads: [{ thread: { name: 'L1' } }, { thread: { name: 'L2' }, data: [{ name: 'n', type: 'number', value: { number: 3 } }] }] },
    });
    const created = ThreadCreateResponseSchema.parse(res.json()).created;
    expect(created.map((t) => t.name)).toEqual(['L1', 'L2']);
    expect(created[1]?.data?.[0]?.value).toEqual({ number: 3 });
  });

  it('raw: name and description keys, fields from the other pairs', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: h(),
      payload: { type: 'raw', nameKey: 'title', raw: [{ title: 'Raw A', description: 'd', colour: 'red', weight: 2.5, empty: null }] },
    });
    const t = ThreadCreateResponseSchema.parse(res.json()).created[0] as ThreadDetail;
    expect(t).toMatchObject({ name: 'Raw A', description: 'd' });
    expect(t.data?.map((f) => [f.name, f.type, f.value])).toEqual([
      ['colour', 'text', { text: 'red' }],
      ['weight', 'number', { number: 2.5 }],
    ]);
  });

  it('raw without the name key is 400 INVALID_REQUEST naming the row', async () => {
    const res = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: h(), payload: { type: 'raw', raw: [{ name: 'ok' }, { label: 'x' }] } });
    const body = envelope(res);
    expect(body.code).toBe('INVALID_REQUEST');
    expect(JSON.stringify(body.detail)).toContain('"raw",1,"name"');
  });

  it('a text field with a number value is 400 INVALID_REQUEST', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: h(),
      payload: { type: 'single', thread: { name: 'x' }, data: [{ name: 'a', type: 'text', value: { number: 1 } }] },
    });
    expect(envelope(res).code).toBe('INVALID_REQUEST');
  });
});

describe('read and visibility', () => {
  it('returns thread with data and tags, and events with maxEvents limiting the recent ones', async () => {
    const t = await createOne('Evented');
    for (let i = 0; i < 3; i += 1) {
      await sb.app.inject({
        method: 'POST',
        url: `/api/v1/threads/${t.threadId}/data`,
        headers: h(),
        payload: { threadId: t.threadId, update: [{ name: 'step', type: 'number', value: { number: i } }] },
      });
    }
    const all = await read(t.threadId);
    expect(all.thread.tags).toEqual([]);
    expect(all.thread.data).toHaveLength(1);
    expect(all.events.map((e) => e.action)).toEqual(['data_updated', 'data_updated', 'data_updated', 'created']);
    const two = await read(t.threadId, '?maxEvents=2');
    expect(two.events).toHaveLength(2);
    expect(two.events[0]?.eventId).toBe(all.events[0]?.eventId);
  });

  it('a Thread of another Team is 404; shared with the Team it is readable but not editable', async () => {
    const other = (await sb.admin('POST', `/sandbox/orgs/${sb.demo.orgId}/teams`, { name: 'Paint' })).json() as { teamId: string };
    const acct = (
      await sb.admin('POST', '/sandbox/service-accounts', {
        orgId: sb.demo.orgId,
        name: 'painter',
        teams: [
          { teamId: other.teamId, role: 'member' },
          { teamId: sb.demo.teamId, role: 'member' },
        ],
      })
    ).json() as { apiKey: string };
    const t2 = await sb.token(acct.apiKey);
    const mine = await createOne('Private to Bench');
    const inPaint = sb.headers(t2, { 'svc-ctx-team-id': other.teamId });
    const hidden = await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${mine.threadId}`, headers: inPaint });
    expect(envelope(hidden).code).toBe('NOT_FOUND');
    expect((await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${crypto.randomUUID()}`, headers: h() })).statusCode).toBe(404);

    expect((await sb.admin('POST', `/sandbox/threads/${mine.threadId}/share`, { teamId: other.teamId })).statusCode).toBe(204);
    expect((await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${mine.threadId}`, headers: inPaint })).statusCode).toBe(200);
    const edit = await sb.app.inject({ method: 'POST', url: `/api/v1/threads/${mine.threadId}`, headers: inPaint, payload: { thread: { name: 'x' } } });
    expect(envelope(edit).code).toBe('FORBIDDEN');
    const perms = (
      await sb.app.inject({ method: 'POST', url: '/api/v1/threads/permissions', headers: inPaint, payload: { threadIds: [mine.threadId] } })
    ).json() as { permissions: unknown[] };
    expect(perms.permissions).toEqual([{ threadId: mine.threadId, canRead: true, canEdit: false, canArchive: false, canShare: false }]);
    const ownPerms = (
      await sb.app.inject({ method: 'POST', url: '/api/v1/threads/permissions', headers: h(), payload: { threadIds: [mine.threadId] } })
    ).json() as { permissions: { canEdit: boolean }[] };
    expect(ownPerms.permissions[0]?.canEdit).toBe(true);
    const listed = ThreadListResponseSchema.parse((await sb.app.inject({ method: 'GET', url: '/api/v1/threads?pageSize=500', headers: inPaint })).json());
    expect(listed.threads.map((t) => t.threadId)).toContain(mine.threadId);
    const owned = ThreadListResponseSchema.parse((await sb.app.inject({ method: 'GET', url: '/api/v1/threads?ownedByTeam=true', headers: inPaint })).json());
    expect(owned.threads.map((t) => t.threadId)).not.toContain(mine.threadId);
    const shareEvents = (await read(mine.threadId)).events.map((e) => e.action);
    expect(shareEvents).toContain('shared');
  });
});

describe('fields', () => {
  it('upserts by name or id, removes by archiving, lists and restores archived fields; every write is an event', async () => {
    const t = await createOne('Fields', [
      { name: 'a', type: 'text', value: { text: 'one' } },
      { name: 'b', type: 'number', value: { number: 1 } },
    ]);
    const [a, b] = t.data ?? [];
    const res = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: {
        threadId: t.threadId,
        update: [
          { name: 'a', type: 'text', value: { text: 'two' } },
          { fieldId: b?.fieldId, name: 'b2', type: 'number', value: { number: 2 } },
          { name: 'c', type: 'text', value: { text: 'new' } },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = (res.json() as { thread: ThreadDetail }).thread;
    expect(after.data.map((f) => [f.fieldId === a?.fieldId || f.fieldId === b?.fieldId, f.name, f.value])).toEqual([
      [true, 'a', { text: 'two' }],
      [true, 'b2', { number: 2 }],
      [false, 'c', { text: 'new' }],
    ]);

    const removed = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: t.threadId, update: [], remove: [a?.fieldId] },
    });
    expect((removed.json() as { thread: ThreadDetail }).thread.data.map((f) => f.name)).toEqual(['b2', 'c']);
    const archived = (await sb.app.inject({ method: 'GET', url: `/api/v1/threads/${t.threadId}/data/archived`, headers: h() })).json() as {
      data: { fieldId: string; archivedAt: string | null }[];
    };
    expect(archived.data).toEqual([expect.objectContaining({ fieldId: a?.fieldId, archivedAt: expect.any(String) })]);

    const restored = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data/restore`,
      headers: h(),
      payload: { threadId: t.threadId, restore: [a?.fieldId] },
    });
    expect((restored.json() as { thread: ThreadDetail }).thread.data.map((f) => f.name)).toEqual(['a', 'b2', 'c']);
    const again = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data/restore`,
      headers: h(),
      payload: { threadId: t.threadId, restore: [a?.fieldId] },
    });
    expect(envelope(again).code).toBe('INVALID_DATA');

    expect((await read(t.threadId)).events.map((e) => e.action)).toEqual(['data_restored', 'data_updated', 'data_updated', 'created']);
  });

  it('stale expectedUpdatedAt is 409 THREAD_DATA_CONFLICT and changes nothing; the fresh one succeeds', async () => {
    const t = await createOne('Conflict', [{ name: 'x', type: 'text', value: { text: '1' } }]);
    const first = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: t.threadId, update: [{ name: 'x', type: 'text', value: { text: '2' } }], expectedUpdatedAt: t.updatedAt },
    });
    expect(first.statusCode).toBe(200);
    const fresh = (first.json() as { thread: ThreadDetail }).thread.updatedAt;
    expect(fresh).not.toBe(t.updatedAt);
    const stale = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: t.threadId, update: [{ name: 'x', type: 'text', value: { text: '3' } }], expectedUpdatedAt: t.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    expect(envelope(stale)).toMatchObject({ code: 'THREAD_DATA_CONFLICT', detail: { updatedAt: fresh } });
    expect((await read(t.threadId)).thread.data[0]?.value).toEqual({ text: '2' });
    const ok = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: t.threadId, update: [{ name: 'x', type: 'text', value: { text: '3' } }], expectedUpdatedAt: fresh },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unknown field ids and a body threadId differing from the path are refused', async () => {
    const t = await createOne('Refusals');
    const unknown = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: t.threadId, update: [{ fieldId: crypto.randomUUID(), type: 'text', value: { text: 'x' } }] },
    });
    expect(envelope(unknown)).toMatchObject({ code: 'INVALID_DATA', detail: { reason: 'unknown_field' } });
    const mismatch = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}/data`,
      headers: h(),
      payload: { threadId: crypto.randomUUID(), update: [] },
    });
    expect(envelope(mismatch).code).toBe('INVALID_REQUEST');
  });

  it('metadata update changes name and description and fields in one write', async () => {
    const t = await createOne('Old name');
    const res = await sb.app.inject({
      method: 'POST',
      url: `/api/v1/threads/${t.threadId}`,
      headers: h(),
      payload: { thread: { name: 'New name', description: null }, update: [{ name: 'k', type: 'text', value: { text: 'v' } }] },
    });
    const after = (res.json() as { thread: ThreadDetail }).thread;
    expect(after).toMatchObject({ name: 'New name', description: null });
    expect(after.data.map((f) => f.name)).toEqual(['k']);
    expect((await read(t.threadId)).events.map((e) => e.action)).toEqual(['updated', 'created']);
  });
});

describe('archive, restore, toggle', () => {
  it('archives, hides from the default list, restores, and toggles in one call', async () => {
    const a = await createOne('Arch A');
    const b = await createOne('Arch B');
    const archived = await sb.app.inject({ method: 'PATCH', url: '/api/v1/threads/archive', headers: h(), payload: { threadIds: [a.threadId] } });
    expect((archived.json() as { threads: { archivedAt: string | null }[] }).threads[0]?.archivedAt).toEqual(expect.any(String));
    const q = (query: string) =>
      sb.app.inject({ method: 'GET', url: `/api/v1/threads?q=Arch&${query}`, headers: h() }).then((r) =>
        ThreadListResponseSchema.parse(r.json())
          .threads.map((t) => t.name)
          .sort(),
      );
    expect(await q('')).toEqual(['Arch B']);
    expect(await q('includeArchived=true')).toEqual(['Arch A', 'Arch B']);
    expect(await q('archivedOnly=true')).toEqual(['Arch A']);

    const toggled = await sb.app.inject({
      method: 'PATCH',
      url: '/api/v1/threads/archive',
      headers: h(),
      payload: { threadIds: [a.threadId, b.threadId], toggle: true },
    });
    const states = Object.fromEntries(
      (toggled.json() as { threads: { threadId: string; archivedAt: string | null }[] }).threads.map((t) => [t.threadId, t.archivedAt !== null]),
    );
    expect(states).toEqual({ [a.threadId]: false, [b.threadId]: true });

    await sb.app.inject({ method: 'PATCH', url: '/api/v1/threads/restore', headers: h(), payload: { threadIds: [b.threadId] } });
    expect(await q('')).toEqual(['Arch A', 'Arch B']);
    expect((await read(a.threadId)).events.map((e) => e.action)).toEqual(['restored', 'archived', 'created']);
  });

  it('is all or nothing: an invisible Thread in the list is 404 and nothing is archived', async () => {
    const a = await createOne('AllOrNothing');
    const res = await sb.app.inject({
      method: 'PATCH',
      url: '/api/v1/threads/archive',
      headers: h(),
      payload: { threadIds: [a.threadId, crypto.randomUUID()] },
    });
    expect(envelope(res).code).toBe('NOT_FOUND');
    expect((await read(a.threadId)).thread.archivedAt).toBeNull();
  });
});

describe('list, search and count', () => {
  it('pages with cursor and pageSize in order without repeats, with total and count agreeing', async () => {
    const team = (await sb.admin('POST', `/sandbox/orgs/${sb.demo.orgId}/teams`, { name: 'Pager' })).json() as { teamId: string };
    const acct = (
      await sb.admin('POST', '/sandbox/service-accounts', { orgId: sb.demo.orgId, name: 'pager', teams: [{ teamId: team.teamId, role: 'member' }] })
    ).json() as { apiKey: string };
    const headers = sb.headers(await sb.token(acct.apiKey), { 'svc-ctx-team-id': team.teamId });
    const names = Array.from({ length: 7 }, (_, i) => `P${i}`);
    await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers, payload: { type: 'list', threads: names.map((name) => ({ thread: { name } })) } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/threads?pageSize=3&orderCol=name&order=asc${cursor ? `&cursor=${cursor}` : ''}`;
      const page = ThreadListResponseSchema.parse((await sb.app.inject({ method: 'GET', url, headers })).json());
      expect(page.total).toBe(7);
      seen.push(...page.threads.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(names);
    const count = (await sb.app.inject({ method: 'GET', url: '/api/v1/threads/count?q=p', headers })).json();
    expect(count).toEqual({ count: 7 });
    const bad = await sb.app.inject({ method: 'GET', url: '/api/v1/threads?cursor=garbage', headers });
    expect(envelope(bad)).toMatchObject({ code: 'INVALID_REQUEST', detail: { reason: 'invalid_cursor' } });
    const badCol = await sb.app.inject({ method: 'GET', url: '/api/v1/threads?orderCol=colour', headers });
    expect(envelope(badCol).code).toBe('INVALID_REQUEST');
  });

  it('filters by field value (queryCol), creator, tagType and transfer state', async () => {
    await createOne('Searchable', [{ name: 'Serial', type: 'text', value: { text: 'ZX-991' } }]);
    const byField = ThreadListResponseSchema.parse(
      (await sb.app.inject({ method: 'GET', url: '/api/v1/threads?q=zx-99&queryCol=Serial', headers: h() })).json(),
    );
    expect(byField.threads.map((t) => t.name)).toEqual(['Searchable']);
    const me = (await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers: h() })).json() as { userId: string };
    const mine = (await sb.app.inject({ method: 'GET', url: `/api/v1/threads/count?createdBy=${me.userId}`, headers: h() })).json() as { count: number };
    const nobody = (await sb.app.inject({ method: 'GET', url: '/api/v1/threads/count?createdBy=someone-else', headers: h() })).json() as { count: number };
    expect(mine.count).toBeGreaterThan(0);
    expect(nobody.count).toBe(0);
    expect(((await sb.app.inject({ method: 'GET', url: '/api/v1/threads/count?tagType=QR', headers: h() })).json() as { count: number }).count).toBe(0);
    expect(((await sb.app.inject({ method: 'GET', url: '/api/v1/threads/count?transferredOnly=true', headers: h() })).json() as { count: number }).count).toBe(
      0,
    );
  });
});
