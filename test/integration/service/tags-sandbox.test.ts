import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../src-main/service';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { freshCapture, speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';

// Identifiers through the API client against the real sandbox: multipart bind and identify, and the identify
// outcomes that arrive with an error status. spec: Scanning and identifiers; Errors, Identify outcomes.

let sandbox: RunningSandbox;
let dir: { path: string; remove(): void };
let client: ServiceClient;

beforeAll(async () => {
  dir = tempDir('service-client-tags-');
  sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
  client = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
});

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

describe('identifiers', () => {
  it('binds a TEXT identifier to a new Thread, identifies it, and unbinds it', async () => {
    const { created } = await client.threads.create({ type: 'single', thread: { name: 'Crate 17', description: 'tags test' } });
    const thread = created[0];
    expect(thread?.name).toBe('Crate 17');
    const threadId = thread?.threadId ?? '';

    const bound = await client.tags.bind({ threadId, tagType: 'TEXT', data: 'CRATE-0017' });
    expect(bound.tag.tagType).toBe('TEXT');

    // TEXT matches case-insensitively (spec: Identifier).
    const found = await client.tags.identify({ tagType: 'TEXT', data: 'crate-0017' });
    expect(found.outcome).toBe('identified');
    if (found.outcome === 'identified') expect(found.body.identified.thread.threadId).toBe(threadId);
    expect(found.requestId).toBeTruthy();

    await client.tags.unbind({ tagId: bound.tag.tagId, threadId });
    const read = await client.threads.get(threadId);
    expect(read.thread.tags.filter((t) => t.archivedAt === null || t.archivedAt === undefined).map((t) => t.tagId)).not.toContain(bound.tag.tagId);
  });

  it('returns a no-match as an outcome, not an exception', async () => {
    const answer = await client.tags.identify({ tagType: 'QR', data: 'https://example.test/never-bound' });
    expect(answer.outcome).toBe('no_match');
    expect(answer.requestId).toBeTruthy();
  });

  it('binds an SVC capture sent as a multipart file and identifies a fresh scan of it', async () => {
    const { created } = await client.threads.create({ type: 'single', thread: { name: 'Optical crate' } });
    const threadId = created[0]?.threadId ?? '';
    const image = await speckleTag(5151, { width: 800, height: 600 });
    const bound = await client.tags.bind({ threadId, tagType: 'SVC', image: { data: image, mimeType: 'image/png' } });
    expect(bound.tag.tagType).toBe('SVC');
    expect(bound.scan?.scanId).toBeTruthy();

    const activated = await client.tags.activate({ tagIds: [bound.tag.tagId] });
    expect(activated.results.map((r) => r.tagId)).toEqual([bound.tag.tagId]);
    const rescan = await freshCapture(image, 77);
    const found = await client.tags.identify({ tagType: 'SVC', image: { data: rescan, mimeType: 'image/jpeg' } });
    expect(found.outcome).toBe('identified');
    if (found.outcome === 'identified') expect(found.body.identified.thread.threadId).toBe(threadId);
    expect(found.scan?.scanId).toBeTruthy();
  });
});
