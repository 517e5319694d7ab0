import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../src-shared/ipc';
import { speckleTag } from '../../fixtures';
import type { Fault } from '../../helpers/fault-proxy';
import { tempDir } from '../../helpers/tmp';
import { serviceLabels, serviceReelsNamed, startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// docs/sync.md, "Landing checks": for every operation kind whose outcome can be unknown, the service commits
// the request but the station loses the answer (the fault proxy drops it after the service answered).
// The station must then learn from the landing check that it landed: the change happens exactly once and
// the operation is `done` (landed), never `attention`, never doubled.

let peer: Peer;
let s: TestStation & { remove(): void };
const files = tempDir('core-landing-');
beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation({ requestTimeoutMs: 5_000 }));
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
/** The request passes untouched (a fault slot for a request before the one whose answer is dropped). */
const pass: Fault = { kind: 'delay', ms: 0 };
const drop: Fault = { kind: 'drop' };

async function reelWith(
  name: string,
  count: number,
): Promise<{ reelId: string; serviceId: string; labels: { labelId: string; serviceId: string; position: number }[] }> {
  const { reelId } = await s.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  for (let p = 1; p <= count; p += 1) {
    await s.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'TEXT', value: `${name}-${p}` },
        { tagType: 'QR', value: `${name}-q${p}` },
      ],
    });
  }
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  const shown = await s.call('reels.show', { reelId });
  return {
    reelId,
    serviceId: shown.serviceId as string,
    labels: shown.labels.map((l) => ({ labelId: l.labelId, serviceId: l.serviceId as string, position: l.position })),
  };
}

async function threads(n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push((await peer.direct.threads.create({ type: 'single', thread: { name: `${prefix} ${i + 1}` } })).created[0]!.threadId);
  return out;
}

/**
 * Queues the operation with `faults` waiting in the proxy (the last one drops the answer of the write),
 * syncs to idle and returns the finished queue item: done through the landing check.
 */
async function answerLost(faults: Fault[], queue: () => Promise<string | null>): Promise<QueueItem> {
  const drops = peer.proxy.counts.drop;
  // The lost answer must be the service's own: a 429 from the wire proxy's every-23rd-request variation would
  // mean the request never reached it (then the check rightly resends), whichever request count the run is at.
  const rateLimit = peer.wire.variations.rateLimit;
  peer.wire.set({ rateLimit: false });
  peer.proxy.next(...faults);
  const opId = await queue();
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  peer.wire.set({ rateLimit });
  // The answer really was lost (and nothing else was).
  expect(peer.proxy.counts.drop).toBe(drops + 1);
  const item = (await s.call('queue.list', {})).items.find((i) => i.opId === opId);
  expect(item?.state).toBe('done');
  const outcomes = item?.attempts.map((a) => a.outcome) ?? [];
  // The lost answer made the outcome unknown; the landing check found it landed, so nothing was resent.
  expect(outcomes).toContain('unknown');
  expect(outcomes.at(-1)).toBe('landed');
  expect(item?.outcomeUnknown).toBe(false);
  return item as QueueItem;
}

/** How many bind operations the Thread's events record. */
async function bindOperations(threadId: string): Promise<number> {
  const { events } = await peer.direct.threads.get(threadId, { maxEvents: 100 });
  return new Set(events.filter((e) => e.action === 'tag_bound').map((e) => e.operationId)).size;
}

const activeMembers = async (serviceId: string) =>
  (await peer.direct.labels.get(serviceId)).members
    ?.filter((m) => m.archivedAt === null)
    .map((m) => `${m.tagType}=${m.value}`)
    .sort();

describe('landing checks after a lost answer', () => {
  it('bulkBind: bound once, done', async () => {
    const reel = await reelWith('LC bulk', 4);
    const ids = await threads(4, 'LC bulk thread');
    await answerLost([drop], async () => (await s.call('bulkBind.commit', { reelId: reel.reelId, fromPosition: 1, toPosition: 4, threadIds: ids })).opId);
    const remote = await serviceLabels(peer, reel.serviceId);
    expect(remote.map((l) => [l.position, l.boundThreadId]).sort()).toEqual(ids.map((id, n) => [n + 1, id]));
    // One bind operation per Thread (its events share one operation id), not two.
    for (const id of ids) expect(await bindOperations(id)).toBe(1);
    expect((await peer.direct.reels.get(reel.serviceId)).counts?.boundCount).toBe(4);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels.map((l) => [l.state, l.boundThreadId])).toEqual(ids.map((id) => ['bound', id]));
  });

  it('bindLabel and unbindLabel: bound, then unbound, each done', async () => {
    const reel = await reelWith('LC bind', 1);
    const [thread] = await threads(1, 'LC bind thread');
    const label = reel.labels[0]!;
    await answerLost([drop], async () => (await s.call('labels.bind', { labelId: label.labelId, threadId: thread as string })).opId);
    expect((await peer.direct.labels.get(label.serviceId)).boundThreadId).toBe(thread);
    expect(await bindOperations(thread as string)).toBe(1);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[0]).toMatchObject({ state: 'bound', boundThreadId: thread });

    await answerLost([drop], async () => (await s.call('labels.unbind', { labelId: label.labelId })).opId);
    expect((await peer.direct.labels.get(label.serviceId)).boundThreadId).toBeNull();
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[0]).toMatchObject({ state: 'enrolled', boundThreadId: null });
  });

  it('archiveLabel and unarchiveLabel: archived, then active again, each done', async () => {
    const reel = await reelWith('LC archive', 1);
    const label = reel.labels[0]!;
    await answerLost([drop], async () => (await s.call('labels.archive', { labelId: label.labelId })).opId);
    expect((await peer.direct.labels.get(label.serviceId)).archived).toBe(true);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[0]?.state).toBe('archived');

    await answerLost([drop], async () => (await s.call('labels.unarchive', { labelId: label.labelId })).opId);
    expect((await peer.direct.labels.get(label.serviceId)).archived).toBe(false);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[0]?.state).toBe('enrolled');
  });

  it('moveLabels to an existing Reel: the Labels move once (kept positions, not appended again)', async () => {
    const source = await reelWith('LC move src', 4);
    const target = await reelWith('LC move dst', 2);
    const moving = source.labels.filter((l) => l.position >= 3).map((l) => l.serviceId);
    await answerLost(
      [drop],
      async () => (await s.call('labels.move', { reelId: source.reelId, fromPosition: 3, toPosition: 4, target: { reelId: target.reelId } })).opId,
    );
    const onTarget = await serviceLabels(peer, target.serviceId);
    expect(onTarget.map((l) => l.position).sort()).toEqual([1, 2, 3, 4]);
    expect(onTarget.filter((l) => l.position >= 3).map((l) => l.compositeTagId)).toEqual(moving);
    expect((await serviceLabels(peer, source.serviceId)).map((l) => l.position).sort()).toEqual([1, 2]);
    // The local mirror follows the service.
    expect((await s.call('reels.show', { reelId: target.reelId })).labels.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect((await s.call('reels.show', { reelId: source.reelId })).labels.map((l) => l.position)).toEqual([1, 2]);
  });

  it('moveLabels to a new Reel: one new Reel, the Labels on it once', async () => {
    const source = await reelWith('LC cut src', 5);
    const name = 'LC cut tail';
    const moving = source.labels.filter((l) => l.position >= 4).map((l) => l.serviceId);
    await answerLost(
      [drop],
      async () => (await s.call('labels.move', { reelId: source.reelId, fromPosition: 4, toPosition: 5, target: { newReel: { name } } })).opId,
    );
    const reels = await serviceReelsNamed(peer, name);
    expect(reels).toHaveLength(1);
    const onTail = await serviceLabels(peer, reels[0]!.collectionId);
    expect(onTail.map((l) => l.compositeTagId).sort()).toEqual([...moving].sort());
    expect(onTail.map((l) => l.position).sort()).toEqual([4, 5]);
    expect((await serviceLabels(peer, source.serviceId)).map((l) => l.position).sort()).toEqual([1, 2, 3]);
    // The new Reel is known locally under the service's id.
    const tail = (await s.call('reels.list', {})).reels.find((r) => r.name === name);
    expect(tail?.serviceId).toBe(reels[0]!.collectionId);
    expect((await s.call('reels.show', { reelId: tail!.reelId })).labels.map((l) => l.position)).toEqual([4, 5]);
  });

  it('addIdentifier and removeIdentifier: the member is added once, then removed, each done', async () => {
    const reel = await reelWith('LC ident', 1);
    const label = reel.labels[0]!;
    await answerLost([drop], async () => (await s.call('labels.addIdentifier', { labelId: label.labelId, tagType: 'NFC', value: '04:A1:B2:C3' })).opId);
    const remote = await peer.direct.labels.get(label.serviceId);
    expect(remote.members?.filter((m) => m.tagType === 'NFC')).toHaveLength(1);
    expect(await activeMembers(label.serviceId)).toEqual(['NFC=04A1B2C3', 'QR=LC ident-q1', 'TEXT=LC ident-1']);

    // removeIdentifier reads the Label first, then deletes the member: the delete's answer is lost.
    await answerLost([pass, drop], async () => (await s.call('labels.removeIdentifier', { labelId: label.labelId, tagType: 'QR' })).opId);
    expect(await activeMembers(label.serviceId)).toEqual(['NFC=04A1B2C3', 'TEXT=LC ident-1']);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[0]?.identifiers.map((i) => i.tagType).sort()).toEqual(['NFC', 'TEXT']);
  });

  it('createCollection: one Label Collection, adopted', async () => {
    const name = 'LC collection';
    let collectionId = '';
    await answerLost([drop], async () => {
      collectionId = (await s.call('collections.create', { name, description: 'lost answer' })).collectionId;
      return (await s.call('queue.list', {})).items.find((i) => i.kind === 'createCollection' && i.subject === collectionId)?.opId as string;
    });
    const remote = (await peer.direct.collections.list()).filter((c) => c.name === name);
    expect(remote).toHaveLength(1);
    const local = (await s.call('collections.list', {})).collections.find((c) => c.collectionId === collectionId);
    expect(local?.serviceId).toBe(remote[0]!.collectionId);
  });

  it('addIdentifier with an SVC capture: the marking is added once (a resend of the same bytes would be refused as identical)', async () => {
    const reel = await reelWith('LC svc', 2);
    const label = reel.labels[1]!;
    const svcImagePath = join(files.path, 'added.jpg');
    writeFileSync(svcImagePath, await speckleTag(8101, { width: 640, height: 480, format: 'jpeg' }));
    await answerLost([drop], async () => (await s.call('labels.addIdentifier', { labelId: label.labelId, tagType: 'SVC', svcImagePath })).opId);
    expect(await activeMembers(label.serviceId)).toEqual(['QR=LC svc-q2', 'SVC=null', 'TEXT=LC svc-2']);
    expect((await s.call('reels.show', { reelId: reel.reelId })).labels[1]).toMatchObject({ state: 'enrolled', attention: null });
  });
});

describe('moveLabels over a range with an archived Label', () => {
  it('moves the active Labels once; the archived one stays behind as a gap', async () => {
    const source = await reelWith('LC gap src', 4);
    const archived = source.labels[2]!;
    await s.call('labels.archive', { labelId: archived.labelId });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const name = 'LC gap tail';
    await answerLost(
      [drop],
      async () => (await s.call('labels.move', { reelId: source.reelId, fromPosition: 2, toPosition: 4, target: { newReel: { name } } })).opId,
    );
    const reels = await serviceReelsNamed(peer, name);
    expect(reels).toHaveLength(1);
    expect((await serviceLabels(peer, reels[0]!.collectionId)).map((l) => l.position).sort()).toEqual([2, 4]);
    expect((await serviceLabels(peer, source.serviceId)).map((l) => [l.position, l.archived]).sort()).toEqual([
      [1, false],
      [3, true],
    ]);
  });
});
