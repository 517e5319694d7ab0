import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError, type ServiceClient } from '../../../src-main/service';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';

// Reels and Labels through the API client against the real sandbox (spec: Labels and Reels).

let sandbox: RunningSandbox;
let dir: { path: string; remove(): void };
let client: ServiceClient;

function unique(name: string): string {
  return `${name} ${Math.random().toString(36).slice(2, 8)}`;
}

beforeAll(async () => {
  dir = tempDir('service-client-labels-');
  sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
  client = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
});

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

/** The sandbox answers every create with its Reel (the station also copes when a service does not). */
async function mustCreate(body: Parameters<ServiceClient['reels']['create']>[0]) {
  const reel = await client.reels.create(body);
  if (!reel) throw new Error('the sandbox answers a created Reel');
  return reel;
}

describe('Reels and Labels', () => {
  it('creates a Reel, enrolls Labels (multipart, with an SVC image) and lists them', async () => {
    const name = unique('Reel');
    const reel = await mustCreate({ name, description: 'client integration' });
    expect(reel.name).toBe(name);
    expect(reel.counts?.labelCount).toBe(0);

    const first = await client.labels.enroll(reel.collectionId, {
      position: 1,
      identifiers: [
        { tagType: 'TEXT', value: 'L-000001' },
        { tagType: 'QR', value: 'https://example.test/q/1' },
      ],
      humanReadable: 'L-000001',
      options: { indexing: 'none' },
    });
    expect(first.outcome).toBe('created');
    expect(first.label?.position).toBe(1);

    const image = { data: await speckleTag(4101, { width: 800, height: 600 }), mimeType: 'image/png' };
    const second = await client.labels.enroll(reel.collectionId, {
      position: 2,
      identifiers: [{ tagType: 'TEXT', value: 'L-000002' }],
      image,
      humanReadable: 'L-000002',
    });
    expect(second.outcome).toBe('created');
    expect(second.label?.members?.map((m) => m.tagType).sort()).toEqual(['SVC', 'TEXT']);
    expect(second.scan?.scanId).toBeTruthy();

    // spec: Create Label rules — the same optical marking at the same position answers already_enrolled
    // (the landing check the sync engine relies on for SVC enrollments).
    const again = await client.labels.enroll(reel.collectionId, {
      position: 2,
      identifiers: [{ tagType: 'TEXT', value: 'L-000002' }],
      image,
      humanReadable: 'L-000002',
    });
    expect(again.outcome).toBe('already_enrolled');
    expect(again.label?.compositeTagId).toBe(second.label?.compositeTagId);

    const labels = await client.labels.listAll({ reelCollectionId: reel.collectionId });
    expect(labels.map((l) => l.position).sort()).toEqual([1, 2]);
    const one = labels.find((l) => l.position === 1);
    expect(one?.members?.map((m) => m.value).sort()).toEqual(['L-000001', 'https://example.test/q/1']);

    const found = await client.reels.list({ q: name });
    expect(found.items.map((r) => r.collectionId)).toEqual([reel.collectionId]);
  });

  it('a taken position keeps the service error envelope (code, status, reason, request id)', async () => {
    const reel = await mustCreate({ name: unique('Reel') });
    await client.labels.enroll(reel.collectionId, { position: 5, identifiers: [{ tagType: 'TEXT', value: 'A' }] });
    const error = (await client.labels
      .enroll(reel.collectionId, { position: 5, identifiers: [{ tagType: 'TEXT', value: 'B' }] })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'COMPOSITE_TAG_CONFLICT', kind: 'service', status: 409, outcomeUnknown: false });
    expect(error.requestId).toBeTruthy();
    expect(error.reason).toBeTruthy();
    expect(error.serviceMessage).toBeTruthy();
  });
});

describe('move, resolve, archive and bulk-bind', () => {
  it('previews and moves a range to a new Reel, resolves a value, archives and unarchives', async () => {
    const reel = await mustCreate({ name: unique('Source'), expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    for (const position of [1, 2, 3]) {
      await client.labels.enroll(reel.collectionId, { position, identifiers: [{ tagType: 'TEXT', value: `MV-${position}` }] });
    }
    const resolved = await client.labels.resolve({ tagType: 'TEXT', value: 'mv-2', reelCollectionId: reel.collectionId });
    expect(resolved.detail?.position).toBe(2);

    const move = { source: { reelCollectionId: reel.collectionId, fromPosition: 2, toPosition: 3 }, target: { newReel: { name: unique('Target') } } };
    const preview = await client.labels.movePreview({ ...move, expectedCount: 2 });
    expect(preview.count).toBe(2);
    expect(preview.countMatches).toBe(true);
    const moved = await client.labels.move({ ...move, expectedCount: 2 });
    expect(moved.moved).toHaveLength(2);
    expect(moved.cut?.count).toBe(2);

    const mismatch = (await client.labels
      .move({
        source: { reelCollectionId: reel.collectionId, fromPosition: 1, toPosition: 1 },
        target: { reelCollectionId: reel.collectionId },
        expectedCount: 5,
      })
      .catch((e: unknown) => e)) as ServiceError;
    expect(mismatch).toBeInstanceOf(ServiceError);
    expect(mismatch).toMatchObject({ code: 'INVALID_REQUEST', status: 400, reason: 'count_mismatch' });

    const [left] = await client.labels.listAll({ reelCollectionId: reel.collectionId });
    expect(left?.position).toBe(1);
    const id = left?.compositeTagId ?? '';
    expect((await client.labels.archive(id))?.archived).toBe(true);
    expect((await client.labels.unarchive(id))?.archived).toBe(false);
  });

  it('bulk-binds a range to Threads: dry run changes nothing, commit binds', async () => {
    const reel = await mustCreate({ name: unique('Bind'), expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    for (const position of [1, 2]) {
      await client.labels.enroll(reel.collectionId, { position, identifiers: [{ tagType: 'TEXT', value: `BB-${position}` }] });
    }
    const { created } = await client.threads.create({ type: 'list', threads: [{ thread: { name: 'Item 1' } }, { thread: { name: 'Item 2' } }] });
    const threadIds = created.map((t) => t.threadId);
    const body = { fromPosition: 1, toPosition: 2, threadIds };

    const dry = await client.reels.bulkBind(reel.collectionId, { ...body, dryRun: true });
    expect(dry.outcome).toBe('preflight');
    expect(dry.blockers).toEqual([]);
    expect((await client.labels.list({ reelCollectionId: reel.collectionId, bound: 'only' })).items).toHaveLength(0);

    const done = await client.reels.bulkBind(reel.collectionId, body);
    expect(done.outcome).toBe('bound');
    const bound = await client.labels.listAll({ reelCollectionId: reel.collectionId, bound: 'only' });
    expect(bound.map((l) => l.boundThreadId).sort()).toEqual([...threadIds].sort());

    const again = (await client.reels.bulkBind(reel.collectionId, body).catch((e: unknown) => e)) as ServiceError;
    expect(again).toMatchObject({ code: 'COMPOSITE_TAG_CONFLICT', status: 409, outcomeUnknown: false });
    expect(Array.isArray(again.detail?.['blockers'])).toBe(true);
  });

  it('creates and updates a Label Collection and files a Reel in it', async () => {
    const collection = await client.collections.create({ name: unique('Shelf') });
    if (!collection) throw new Error('the sandbox answers a created collection');
    const renamed = await client.collections.update(collection.collectionId, { name: 'Shelf B' });
    expect(renamed?.name).toBe('Shelf B');
    const reel = await mustCreate({ name: unique('Filed') });
    const filed = await client.reels.update(reel.collectionId, { collectionId: collection.collectionId });
    expect(filed?.filedInCollectionId).toBe(collection.collectionId);
    const inShelf = await client.reels.list({ collectionId: collection.collectionId });
    expect(inShelf.items.map((r) => r.collectionId)).toEqual([reel.collectionId]);
    expect((await client.collections.list()).map((c) => c.collectionId)).toContain(collection.collectionId);
  });
});
