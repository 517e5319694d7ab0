import { describe, it, expect } from 'vitest';
import { IDS, T0, exampleThread, exampleThreadDetail } from './examples';
import {
  FieldEntryInputSchema,
  ThreadArchiveBodySchema,
  ThreadCreateBodySchema,
  ThreadCreateResponseSchema,
  ThreadDataRestoreBodySchema,
  ThreadDataUpdateBodySchema,
  ThreadListQuerySchema,
  ThreadPermissionsBodySchema,
  ThreadReadResponseSchema,
  ThreadSummarySchema,
} from './threads';

describe('thread create bodies (spec: Endpoints, Threads)', () => {
  it('single: {type, thread: {name, description?}, data?}', () => {
    const body = {
      type: 'single',
      thread: { name: 'Pump housing 17', description: 'cast' },
      data: [
        { name: 'Serial', type: 'text', value: { text: 'SN-1' } },
        { name: 'Mass', type: 'number', value: { number: 2.5 } },
      ],
      bundleId: IDS.collection,
    };
    expect(ThreadCreateBodySchema.parse(body)).toEqual(body);
  });

  it('single: name is the only required input', () => {
    expect(ThreadCreateBodySchema.safeParse({ type: 'single', thread: { name: 'x' } }).success).toBe(true);
    expect(ThreadCreateBodySchema.safeParse({ type: 'single', thread: { description: 'x' } }).success).toBe(false);
    expect(ThreadCreateBodySchema.safeParse({ type: 'single', thread: { name: '' } }).success).toBe(false);
  });

  it('list: normalized {thread, data} objects', () => {
    const r = ThreadCreateBodySchema.parse({
      type: 'list',
      threads: [{ thread: { name: 'a' } }, { thread: { name: 'b' }, data: [{ name: 'n', type: 'number', value: { number: 1 } }] }],
    });
    expect(r.type === 'list' && r.threads).toHaveLength(2);
  });

  it('raw: {type, nameKey?, descriptionKey?, raw: object[]}', () => {
    const r = ThreadCreateBodySchema.parse({ type: 'raw', nameKey: 'Title', raw: [{ Title: 'x', Color: 'red' }] });
    expect(r).toEqual({ type: 'raw', nameKey: 'Title', raw: [{ Title: 'x', Color: 'red' }] });
  });

  it('rejects an unknown type, unknown keys and mismatched field values', () => {
    expect(ThreadCreateBodySchema.safeParse({ type: 'csv', raw: [] }).success).toBe(false);
    expect(ThreadCreateBodySchema.safeParse({ type: 'single', thread: { name: 'x' }, extra: 1 }).success).toBe(false);
    expect(FieldEntryInputSchema.safeParse({ name: 'Serial', type: 'text', value: { number: 1 } }).success).toBe(false);
    expect(FieldEntryInputSchema.safeParse({ name: 'Mass', type: 'number', value: { number: '1' } }).success).toBe(false);
    expect(FieldEntryInputSchema.safeParse({ type: 'text', value: { text: 'x' } }).success).toBe(false);
    // a type the spec does not detail passes through with an object value
    expect(FieldEntryInputSchema.safeParse({ name: 'When', type: 'date', value: { date: '2026-08-01' } }).success).toBe(true);
  });

  it('create response: 201 {created, uploadResponses}', () => {
    const r = ThreadCreateResponseSchema.parse({ created: [exampleThread()], uploadResponses: [] });
    expect(r.created[0]?.threadId).toBe(IDS.thread);
  });
});

describe('thread list query', () => {
  it('parses filters from query strings', () => {
    const q = ThreadListQuerySchema.parse({
      q: 'pump',
      tagType: 'QR',
      includeArchived: 'true',
      archivedOnly: 'false',
      withActiveShipment: '1',
      pageSize: '20',
      cursor: 'abc',
    });
    expect(q).toMatchObject({ q: 'pump', tagType: 'QR', includeArchived: true, archivedOnly: false, withActiveShipment: true, pageSize: 20 });
    expect(ThreadListQuerySchema.safeParse({ tagType: 'ANY' }).success).toBe(false);
    expect(ThreadListQuerySchema.safeParse({ bundleId: 'folder-1' }).success).toBe(false);
  });
});

describe('thread read (spec: Threads; Events 1)', () => {
  it('returns {thread (with data, tags), events} and tolerates unknown fields', () => {
    const body = {
      thread: { ...exampleThreadDetail(), futureField: 1, tags: [{ tagId: IDS.tag, tagType: 'QR', extra: true }] },
      events: [{ eventId: IDS.tag2, action: 'thread.created', occurredAt: T0, somethingElse: 'kept' }],
    };
    const r = ThreadReadResponseSchema.parse(body);
    expect('futureField' in r.thread).toBe(false);
    expect(r.thread.tags[0]).toEqual({ tagId: IDS.tag, tagType: 'QR' });
    expect(r.events[0]?.somethingElse).toBe('kept');
  });

  it('requires data and tags on a single read, and the X|null fields to be present', () => {
    const { data: _data, ...noData } = exampleThreadDetail();
    expect(ThreadReadResponseSchema.safeParse({ thread: noData, events: [] }).success).toBe(false);
    const { archivedAt: _a, ...noArchived } = exampleThread();
    expect(ThreadSummarySchema.safeParse(noArchived).success).toBe(false);
    expect(ThreadSummarySchema.safeParse({ ...exampleThread(), labels: { color: 'red' } }).success).toBe(true);
  });
});

describe('thread data, archive, permissions', () => {
  it('data update {threadId, update, remove?, expectedUpdatedAt?}', () => {
    expect(
      ThreadDataUpdateBodySchema.safeParse({
        threadId: IDS.thread,
        update: [{ fieldId: IDS.tag, type: 'text', value: { text: 'SN-2' } }],
        remove: [IDS.tag2],
        expectedUpdatedAt: T0,
      }).success,
    ).toBe(true);
    expect(ThreadDataUpdateBodySchema.safeParse({ threadId: IDS.thread }).success).toBe(false);
    expect(ThreadDataUpdateBodySchema.safeParse({ threadId: IDS.thread, update: [], expectedUpdatedAt: 'yesterday' }).success).toBe(false);
  });

  it('data restore {threadId, restore}', () => {
    expect(ThreadDataRestoreBodySchema.safeParse({ threadId: IDS.thread, restore: [IDS.tag] }).success).toBe(true);
    expect(ThreadDataRestoreBodySchema.safeParse({ threadId: IDS.thread, restore: [] }).success).toBe(false);
  });

  it('archive {threadIds, toggle?} and permissions {threadIds}', () => {
    expect(ThreadArchiveBodySchema.parse({ threadIds: [IDS.thread], toggle: true }).toggle).toBe(true);
    expect(ThreadArchiveBodySchema.safeParse({ threadIds: [IDS.thread], toggle: 'yes' }).success).toBe(false);
    expect(ThreadPermissionsBodySchema.safeParse({ threadIds: ['x'] }).success).toBe(false);
  });
});
