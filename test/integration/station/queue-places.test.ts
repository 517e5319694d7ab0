import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectedStation, startPeer, type Peer } from '../../helpers/peer';

// The Queue names what each operation is about (docs/sync.md, "What the operator sees"): the Reel by its name,
// the Label's position, the Label Collection's name; never only ids or a request's method and path.

let peer: Peer;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
});

it('queue.list gives each operation its Reel name, position and Label Collection name', async () => {
  const s = await connectedStation(peer, { requestTimeoutMs: 5_000 });
  try {
    // Offline: the operations stay queued.
    peer.proxy.down();
    const { reelId } = await s.call('reels.create', { name: 'Shared reel 7' });
    const { collectionId } = await s.call('collections.create', { name: 'Line A' });
    await s.call('labels.enroll', { reelId, position: 7, identifiers: [{ tagType: 'QR', value: 'PLACE-7' }] });
    const { items } = await s.call('queue.list', {});
    const of = (kind: string) => items.find((i) => i.kind === kind)?.place;
    expect(of('createReel')).toEqual({ reelName: 'Shared reel 7', position: null, toPosition: null, collectionName: null });
    expect(of('enrollLabel')).toEqual({ reelName: 'Shared reel 7', position: 7, toPosition: null, collectionName: null });
    expect(items.find((i) => i.kind === 'createCollection' && i.subject === collectionId)?.place).toEqual({
      reelName: null,
      position: null,
      toPosition: null,
      collectionName: 'Line A',
    });
  } finally {
    peer.proxy.up();
    await s.close();
    s.remove();
  }
});
