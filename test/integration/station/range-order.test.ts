import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceLabels, serviceReelsNamed, startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// Operations on the same Label go in order (docs/sync.md, "Range operations"): a move or a bulk-bind
// is queued with the Reel as its subject, so a later change of one Label in its range must wait for it explicitly, or it reaches the
// service first (an unbind before the bind it undoes, an archive before the move that takes the Label).

let peer: Peer;
let s: TestStation & { remove(): void };
beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation({ requestTimeoutMs: 5_000 }));
}, 60_000);
// A test that fails while paused must not leave the next one paused.
afterEach(async () => {
  await s.call('sync.resume', {});
});
afterAll(() => stopPeerAndStation(peer, s));

const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

async function reelWith(name: string, count: number) {
  const { reelId } = await s.call('reels.create', { name });
  for (let p = 1; p <= count; p += 1) await s.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'TEXT', value: `${name}-${p}` }] });
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  const shown = await s.call('reels.show', { reelId });
  return { reelId, serviceId: shown.serviceId as string, labels: shown.labels };
}

async function dependsOn(opId: string | null): Promise<string[]> {
  return (await s.call('queue.list', {})).items.find((i) => i.opId === opId)?.dependsOn ?? [];
}

describe('a Label change queued after a range operation covering it', () => {
  it('an unbind waits for the bulk-bind it follows: the Label ends unbound', async () => {
    const reel = await reelWith('Order bulk', 3);
    const threadIds: string[] = [];
    for (let i = 1; i <= 3; i += 1)
      threadIds.push((await peer.direct.threads.create({ type: 'single', thread: { name: `Order thread ${i}` } })).created[0]!.threadId);
    await s.call('sync.pause', {});
    const { opId: bind } = await s.call('bulkBind.commit', { reelId: reel.reelId, fromPosition: 1, toPosition: 3, threadIds });
    const second = reel.labels.find((l) => l.position === 2)!;
    const { opId: unbind } = await s.call('labels.unbind', { labelId: second.labelId });
    expect(await dependsOn(unbind)).toContain(bind);
    await s.call('sync.resume', {});
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const remote = await serviceLabels(peer, reel.serviceId);
    expect(remote.map((l) => [l.position, l.boundThreadId]).sort()).toEqual([
      [1, threadIds[0]],
      [2, null],
      [3, threadIds[2]],
    ]);
  });

  it('an archive waits for the move that takes the Label: moved, then archived', async () => {
    const reel = await reelWith('Order move', 2);
    const first = reel.labels.find((l) => l.position === 1)!;
    await s.call('sync.pause', {});
    const { opId: move } = await s.call('labels.move', {
      reelId: reel.reelId,
      fromPosition: 1,
      toPosition: 2,
      target: { newReel: { name: 'Order move tail' } },
    });
    const { opId: archive } = await s.call('labels.archive', { labelId: first.labelId });
    expect(await dependsOn(archive)).toContain(move);
    await s.call('sync.resume', {});
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const [tail] = await serviceReelsNamed(peer, 'Order move tail');
    const moved = await serviceLabels(peer, tail!.collectionId);
    expect(moved.map((l) => [l.position, l.archived]).sort()).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await serviceLabels(peer, reel.serviceId)).toEqual([]);
  });

  it('a Label outside the range does not wait', async () => {
    const reel = await reelWith('Order outside', 3);
    const threadIds: string[] = [];
    for (let i = 1; i <= 2; i += 1)
      threadIds.push((await peer.direct.threads.create({ type: 'single', thread: { name: `Outside thread ${i}` } })).created[0]!.threadId);
    await s.call('sync.pause', {});
    await s.call('bulkBind.commit', { reelId: reel.reelId, fromPosition: 1, toPosition: 2, threadIds });
    const third = reel.labels.find((l) => l.position === 3)!;
    const { opId } = await s.call('labels.archive', { labelId: third.labelId });
    expect(await dependsOn(opId)).toEqual([]);
    await s.call('sync.resume', {});
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  });
});
