import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../src-shared/ipc';
import { blankImage, freshCapture, speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { runStationAsync as runStation, startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// Every attention reason (docs/sync.md, "Attention") produced on purpose, and shown with its code and
// request id (in the queue and by the CLI).

let peer: Peer;
let s: TestStation & { remove(): void };
let reelId: string;
let reelServiceId: string;
const files = tempDir('core-attention-');

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation({ requestTimeoutMs: 5_000 }));
  reelId = (await s.call('reels.create', { name: 'Attention reel' })).reelId;
  await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
  reelServiceId = (await s.call('reels.show', { reelId })).serviceId as string;
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

async function image(name: string, data: Promise<Buffer>): Promise<string> {
  const path = join(files.path, name);
  writeFileSync(path, await data);
  return path;
}

async function drain(): Promise<void> {
  await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
}

async function attentionOf(opId: string | null): Promise<QueueItem> {
  const item = (await s.call('queue.list', { state: 'attention' })).items.find((i) => i.opId === opId);
  if (!item) throw new Error(`operation ${opId} is not in attention`);
  return item;
}

function expectShown(item: QueueItem, code: string, withRequestId = true): void {
  expect(item.attention?.code).toBe(code);
  expect(item.attention?.reason.length).toBeGreaterThan(10);
  if (withRequestId) expect(item.attention?.requestId).toMatch(/\S+/);
  expect(item.attempts.at(-1)?.outcome).toBe('attention');
}

const labelsPath = () => `/api/v1/composite-tags/reels/${reelServiceId}/labels`;

describe('attention reasons', () => {
  it('a second 401 (key revoked?) needs a person and pauses sync; retry resumes', async () => {
    await peer.admin('/faults', { pathPrefix: labelsPath(), method: 'POST', status: 401, count: 2 });
    const { opId } = await s.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'AUTH-1' }] });
    await drain();
    const item = await attentionOf(opId);
    expectShown(item, 'UNAUTHORIZED');
    expect(item.attention?.reason).toMatch(/API key/);
    // Sync paused itself (no more requests with a refused key), and says why.
    expect((await s.call('station.status', {})).sync).toMatchObject({
      paused: true,
      pauseKind: 'apiKeyRefused',
      pauseReason: expect.stringMatching(/API key/),
    });
    await s.call('queue.retry', { opId: opId as string });
    await drain();
    expect((await s.call('queue.list', { state: 'done' })).items.some((i) => i.opId === opId)).toBe(true);
  });

  it('503 SCAN_ROUTING_UNAVAILABLE: the organization has no optical scanning module', async () => {
    // The organization's module is really off (sandbox admin API), not a fault injected into one answer.
    await peer.admin(`/orgs/${peer.sandbox.orgId}/feature-flags`, { is_scand_enabled: false });
    try {
      const svcImagePath = await image('route.jpg', speckleTag(202, { width: 640, height: 480, format: 'jpeg' }));
      const { opId } = await s.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'ROUTE-2' }], svcImagePath });
      await drain();
      const item = await attentionOf(opId);
      expectShown(item, 'SCAN_ROUTING_UNAVAILABLE');
      // Not retried by itself (the spec's retry table: no); a person may retry once the module is on.
      expect(item.attemptCount).toBe(1);
      expect(item.attention?.actions).toContain('retry');
    } finally {
      await peer.admin(`/orgs/${peer.sandbox.orgId}/feature-flags`, { is_scand_enabled: true });
    }
  });

  it('a capture with no usable detail asks for a recapture; enrolling again at that position replaces it', async () => {
    const { opId } = await s.call('labels.enroll', {
      reelId,
      position: 3,
      identifiers: [{ tagType: 'TEXT', value: 'BLANK-3' }],
      svcImagePath: await image('blank.png', blankImage({ width: 640, height: 480 })),
    });
    await drain();
    const item = await attentionOf(opId);
    expect(['SCAN_NO_KEYPOINTS', 'SCAN_LOW_KEYPOINTS']).toContain(item.attention?.code);
    expect(item.attention?.actions).toContain('recapture');
    expect(item.attention?.requestId).toMatch(/\S+/);
    const label = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 3);
    expect(label?.state).toBe('attention');
    expect(label?.attention?.code).toBe(item.attention?.code);

    const again = await s.call('labels.recapture', {
      labelId: label?.labelId as string,
      svcImagePath: await image('recapture.jpg', speckleTag(303, { width: 640, height: 480, format: 'jpeg' })),
    });
    expect(again.labelId).toBe(label?.labelId);
    await drain();
    const old = (await s.call('queue.list', { state: 'discarded' })).items.find((i) => i.opId === opId);
    expect(old).toBeDefined();
    const recaptured = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 3);
    expect(recaptured?.state).toBe('enrolled');
    expect(recaptured?.identifiers.map((i) => i.tagType).sort()).toEqual(['SVC', 'TEXT']);
  });

  it('SCAN_IDENTICAL_SCAN and SCAN_LOW_KEYPOINTS from the service ask for a recapture', async () => {
    for (const [n, code] of [
      [4, 'SCAN_IDENTICAL_SCAN'],
      [5, 'SCAN_LOW_KEYPOINTS'],
    ] as const) {
      await peer.admin('/faults', { pathPrefix: labelsPath(), method: 'POST', status: 400, code, count: 1 });
      const { opId } = await s.call('labels.enroll', {
        reelId,
        position: n,
        identifiers: [{ tagType: 'TEXT', value: `Q-${n}` }],
        svcImagePath: await image(`q${n}.jpg`, speckleTag(700 + n, { width: 480, height: 360, format: 'jpeg' })),
      });
      await drain();
      const item = await attentionOf(opId);
      expectShown(item, code);
      expect(item.attention?.actions).toContain('recapture');
    }
  });

  it('409 on a taken position: landing check, then attention naming the position', async () => {
    await peer.direct.labels.enroll(reelServiceId, { position: 6, identifiers: [{ tagType: 'TEXT', value: 'SOMEONE-ELSE' }] });
    const { opId } = await s.call('labels.enroll', { reelId, position: 6, identifiers: [{ tagType: 'TEXT', value: 'MINE-6' }] });
    await drain();
    const item = await attentionOf(opId);
    expect(item.attention?.reason).toMatch(/[Pp]osition 6/);
    expect(item.attention?.status).toBe(409);
    expect(item.attention?.requestId).toMatch(/\S+/);
    // The fields a screen says it with in its own language (src-shared/ipc/error-words.ts), on the item and its Label.
    expect(item.attention).toMatchObject({ code: 'STATION_POSITION_TAKEN', detail: { position: 6, reel: 'Attention reel' } });
    const label = (await s.call('reels.show', { reelId })).labels.find((l) => l.labelId === item.subject);
    expect(label?.attention?.detail).toEqual({ position: 6, reel: 'Attention reel' });
  });

  it('409 on a marking already on another Label names the Label that holds it', async () => {
    const printed = await speckleTag(4242, { width: 640, height: 480, format: 'jpeg' });
    await s.call('labels.enroll', {
      reelId,
      position: 7,
      identifiers: [{ tagType: 'TEXT', value: 'HOLDER-7' }],
      svcImagePath: await image('first.jpg', Promise.resolve(printed)),
    });
    await drain();
    const holder = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 7);
    expect(holder?.state).toBe('enrolled');
    // A second photo of the same printed marking (not the same bytes).
    const again = await image('again.jpg', freshCapture(printed, 3));
    const { opId } = await s.call('labels.enroll', { reelId, position: 8, identifiers: [{ tagType: 'TEXT', value: 'COPY-8' }], svcImagePath: again });
    await drain();
    const item = await attentionOf(opId);
    expectShown(item, 'COMPOSITE_TAG_CONFLICT');
    expect(item.attention?.reason).toContain(holder?.serviceId as string);
    // The holder by its position and Reel for a screen's words, never its id.
    expect(item.attention?.detail).toEqual({ case: 'marking', position: 7, reel: 'Attention reel' });
  });

  it('409 IDENTIFIER_ALREADY_BOUND names the holder; another 4xx shows its code and message', async () => {
    const threads = await peer.direct.threads.create({ type: 'single', thread: { name: 'Thread A' } });
    const other = await peer.direct.threads.create({ type: 'single', thread: { name: 'Thread B' } });
    const { labelId } = await s.call('labels.enroll', { reelId, position: 9, identifiers: [{ tagType: 'TEXT', value: 'BIND-9' }] });
    await drain();
    const serviceId = (await s.call('reels.show', { reelId })).labels.find((l) => l.labelId === labelId)?.serviceId as string;
    await peer.direct.labels.bind(serviceId, { threadId: threads.created[0]!.threadId });
    const bind = await s.call('labels.bind', { labelId, threadId: other.created[0]!.threadId });
    await drain();
    const item = await attentionOf(bind.opId);
    expect(item.attention?.code).toBe('IDENTIFIER_ALREADY_BOUND');
    expect(item.attention?.reason).toContain(serviceId);
    expect(item.attention?.requestId).toMatch(/\S+/);

    const { labelId: l10 } = await s.call('labels.enroll', { reelId, position: 10, identifiers: [{ tagType: 'TEXT', value: 'NF-10' }] });
    await drain();
    const missing = await s.call('labels.bind', { labelId: l10, threadId: '00000000-0000-4000-8000-000000000000' });
    await drain();
    const notFound = await attentionOf(missing.opId);
    expect(notFound.attention?.status).toBeGreaterThanOrEqual(400);
    expect(notFound.attention?.status).toBeLessThan(500);
    expect(notFound.attention?.requestId).toMatch(/\S+/);
  });

  it('the CLI lists attention items with code and request id, exits 3, and discards only with --confirm', async () => {
    const list = await runStation(['--data', s.dataDir, '--json', 'queue', '--state', 'attention']);
    expect(list.code).toBe(3);
    const items = (list.json() as { items: QueueItem[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(6);
    const human = await runStation(['--data', s.dataDir, 'queue', '--state', 'attention']);
    expect(human.stdout).toMatch(/SCAN_ROUTING_UNAVAILABLE \(HTTP 503\): .*\[request id \S+\]/);
    const victim = items.find((i) => i.attention?.code === 'SCAN_ROUTING_UNAVAILABLE') as QueueItem;
    const refused = await runStation(['--data', s.dataDir, 'queue', 'discard', victim.opId]);
    expect(refused.code).toBe(2);
    const discarded = await runStation(['--data', s.dataDir, '--json', 'queue', 'discard', victim.opId, '--confirm']);
    expect(discarded.code).toBe(0);
    expect((discarded.json() as QueueItem).state).toBe('discarded');
  }, 60_000);
});
