import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../helpers/until';
import { connectedStation, startPeer, type Peer } from '../../helpers/peer';

// Hosts with a UI (web, Electron) drain on their own: what is saved reaches the service without
// anyone running `sync`, and the service coming back after an outage resumes the drain.

let peer: Peer;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
});

describe('automatic sync', () => {
  it('sends what is saved while online, waits through an outage, and resumes when the probe succeeds', async () => {
    const s = await connectedStation(peer, { autoSync: true, requestTimeoutMs: 3_000 });
    try {
      const { reelId } = await s.call('reels.create', { name: 'Auto reel' });
      await s.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'AUTO-1' }] });
      await until(async () => (await s.call('station.status', {})).queue.done === 2, { everyMs: 100 });

      peer.proxy.down();
      await s.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'AUTO-2' }] });
      await until(async () => (await s.call('station.status', {})).online === 'offline', { everyMs: 100 });
      expect((await s.call('station.status', {})).queue.done).toBe(2);

      peer.proxy.up();
      await until(async () => (await s.call('station.status', {})).queue.done === 3, { everyMs: 100 });
      expect((await s.call('reels.show', { reelId })).labels.map((l) => l.state)).toEqual(['enrolled', 'enrolled']);
    } finally {
      await s.close();
      s.remove();
    }
  }, 60_000);
});
