import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../src-shared/ipc';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { serviceLabels, serviceReelsNamed, startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// Every attention reason (docs/sync.md, "Attention") produced on purpose and shown with its code and request id:
// the reasons the station's own handlers find (landing checks after an unknown outcome, a missing capture).
// The 500s come from the sandbox's fault hook, before any route runs: the write did not land, but the
// station cannot know that, so it runs the landing check first.

let peer: Peer;
let s: TestStation & { remove(): void };
let reelId: string;
let reelServiceId: string;
const files = tempDir('station-attention-found-');

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation({ requestTimeoutMs: 5_000 }));
  reelId = (await s.call('reels.create', { name: 'Attention (handlers) reel' })).reelId;
  for (let position = 1; position <= 3; position += 1) {
    await s.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `AH-${position}` }] });
  }
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  reelServiceId = (await s.call('reels.show', { reelId })).serviceId as string;
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

function drain() {
  return s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
}

async function item(opId: string): Promise<QueueItem> {
  const found = (await s.call('queue.list', {})).items.find((i) => i.opId === opId);
  if (!found) throw new Error(`no operation ${opId}`);
  return found;
}

/** In attention with its code, a reason in words, and the request id of the request that showed it (or none). */
async function expectAttention(opId: string, code: string, requestId: 'request id' | 'none'): Promise<QueueItem> {
  const shown = await item(opId);
  expect(shown.state).toBe('attention');
  expect(shown.attention?.code).toBe(code);
  expect(shown.attention?.reason.length).toBeGreaterThan(20);
  if (requestId === 'request id') {
    expect(shown.attention?.requestId).toMatch(/\S+/);
    // It is the request id of an attempt in the operation's log (the landing check's read).
    expect(shown.attempts.map((a) => a.requestId)).toContain(shown.attention?.requestId);
  } else {
    expect(shown.attention?.requestId).toBeNull();
  }
  expect(shown.attempts.at(-1)?.outcome).toBe('attention');
  expect(shown.attempts.at(-1)?.code).toBe(code);
  // Shown the same way in the attention list (the Queue screen and `station queue --state attention`).
  expect((await s.call('queue.list', { state: 'attention' })).items.map((i) => i.opId)).toContain(opId);
  return shown;
}

/** Every capture image in the station's data folder (not the thumbnails). */
function captureFiles(): string[] {
  const captures = join(s.dataDir, 'captures');
  return readdirSync(captures, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(captures, d.name))
        .filter((n) => !n.includes('.thumb.'))
        .map((n) => join(captures, d.name, n)),
    );
}

/** The first attempt answered 500 (outcome unknown), so the landing check ran before any resend. */
function expectUnknownFirst(shown: QueueItem): void {
  expect(shown.attempts[0]).toMatchObject({ status: 500, outcome: 'unknown' });
}

describe('attention reasons found by the station', () => {
  it('STATION_AMBIGUOUS_REEL: a Reel creation with an unknown outcome, and several matching Reels on the service', async () => {
    const name = 'Twice on the service';
    await peer.direct.reels.create({ name });
    await peer.direct.reels.create({ name });
    await peer.admin('/faults', { pathPrefix: '/api/v1/composite-tags/reels', method: 'POST', status: 500, count: 1 });
    const { reelId: local } = await s.call('reels.create', { name });
    await drain();
    const op = (await s.call('queue.list', {})).items.find((i) => i.kind === 'createReel' && i.subject === local) as QueueItem;
    const shown = await expectAttention(op.opId, 'STATION_AMBIGUOUS_REEL', 'request id');
    expectUnknownFirst(shown);
    const twins = await serviceReelsNamed(peer, name);
    expect(twins).toHaveLength(2);
    // The reason names both candidates; nothing was adopted and nothing created a third Reel.
    for (const r of twins) expect(shown.attention?.reason).toContain(r.collectionId);
    expect((await s.call('reels.show', { reelId: local })).serviceId).toBeNull();
  });

  it('STATION_BULK_BIND_BLOCKED: after an unknown outcome the dry run shows a blocker of another kind', async () => {
    const threadIds: string[] = [];
    for (let i = 1; i <= 3; i += 1)
      threadIds.push((await peer.direct.threads.create({ type: 'single', thread: { name: `AH thread ${i}` } })).created[0]!.threadId);
    // Someone archives position 2 on the service: the bind cannot land, the dry run says label_archived.
    const two = (await serviceLabels(peer, reelServiceId)).find((l) => l.position === 2)!;
    await peer.direct.labels.archive(two.compositeTagId);
    await peer.admin('/faults', { pathPrefix: `/api/v1/composite-tags/reels/${reelServiceId}/bulk-bind`, method: 'POST', status: 500, count: 1 });
    const { opId } = await s.call('bulkBind.commit', { reelId, fromPosition: 1, toPosition: 3, threadIds });
    await drain();
    const shown = await expectAttention(opId, 'STATION_BULK_BIND_BLOCKED', 'request id');
    expectUnknownFirst(shown);
    expect(shown.attention?.reason).toMatch(/position 2: label archived/);
    expect((await serviceLabels(peer, reelServiceId)).filter((l) => l.boundThreadId !== null)).toEqual([]);
    await peer.direct.labels.unarchive(two.compositeTagId);
    // The person decides: discarded. Later changes of the range's Labels no longer wait for it.
    await s.call('queue.discard', { opId, confirm: true });
  });

  it('STATION_POSITION_TAKEN: after an unknown outcome the landing check finds another Label at the position', async () => {
    await peer.direct.labels.enroll(reelServiceId, { position: 4, identifiers: [{ tagType: 'TEXT', value: 'OTHER-4' }] });
    await peer.admin('/faults', { pathPrefix: `/api/v1/composite-tags/reels/${reelServiceId}/labels`, method: 'POST', status: 500, count: 1 });
    const { opId, labelId } = await s.call('labels.enroll', { reelId, position: 4, identifiers: [{ tagType: 'TEXT', value: 'MINE-4' }] });
    await drain();
    const shown = await expectAttention(opId as string, 'STATION_POSITION_TAKEN', 'request id');
    expectUnknownFirst(shown);
    expect(shown.attention?.reason).toMatch(/Position 4/);
    // The Label shows it too (Reel map, bench rework list).
    const label = (await s.call('reels.show', { reelId })).labels.find((l) => l.labelId === labelId);
    expect(label).toMatchObject({ state: 'attention', attention: { code: 'STATION_POSITION_TAKEN' } });
    // The station sent no second enrollment: position 4 holds only the other Label.
    expect((await serviceLabels(peer, reelServiceId)).filter((l) => l.position === 4).map((l) => l.members?.map((m) => m.value))).toEqual([['OTHER-4']]);
  });

  it('STATION_CAPTURE_MISSING: the capture file of a queued enrollment is gone from the data folder', async () => {
    await s.call('sync.pause', {});
    const svcImagePath = join(files.path, 'gone.jpg');
    writeFileSync(svcImagePath, await speckleTag(9401, { width: 640, height: 480, format: 'jpeg' }));
    const { opId, labelId } = await s.call('labels.enroll', { reelId, position: 5, identifiers: [{ tagType: 'TEXT', value: 'GONE-5' }], svcImagePath });
    expect(captureFiles().map((f) => rmSync(f)).length).toBe(1);
    await s.call('sync.resume', {});
    await drain();
    // No request was made for it: there is no request id to show.
    const shown = await expectAttention(opId as string, 'STATION_CAPTURE_MISSING', 'none');
    expect(shown.attention?.actions).toContain('recapture');
    // Its attempt names the request it did not send (docs/sync.md, "The queue"): the enrollment's POST, no answer.
    expect(shown.attempts.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/v1/composite-tags/reels/${reelServiceId}/labels`,
      status: null,
      durationMs: null,
      code: 'STATION_CAPTURE_MISSING',
      message: expect.stringContaining('so it was not sent'),
    });
    expect((await s.call('reels.show', { reelId })).labels.find((l) => l.labelId === labelId)).toMatchObject({
      state: 'attention',
      attention: { code: 'STATION_CAPTURE_MISSING' },
    });
    expect((await serviceLabels(peer, reelServiceId)).some((l) => l.position === 5)).toBe(false);
  });

  it('STATION_CAPTURE_MISSING also when the file no longer holds the captured bytes (an SVC identifier to add)', async () => {
    const label = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 1)!;
    await s.call('sync.pause', {});
    const svcImagePath = join(files.path, 'damaged.jpg');
    writeFileSync(svcImagePath, await speckleTag(9402, { width: 640, height: 480, format: 'jpeg' }));
    const { opId } = await s.call('labels.addIdentifier', { labelId: label.labelId, tagType: 'SVC', svcImagePath });
    for (const f of captureFiles()) writeFileSync(f, Buffer.from('not the captured image'));
    await s.call('sync.resume', {});
    await drain();
    const shown = await expectAttention(opId as string, 'STATION_CAPTURE_MISSING', 'none');
    expect(shown.attention?.reason).toMatch(/changed or damaged/);
    expect(shown.attempts.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/composite-tags/${label.serviceId}/identifiers`, status: null });
    expect((await peer.direct.labels.get(label.serviceId as string)).members?.map((m) => m.tagType)).toEqual(['TEXT']);
  });
});
