import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../src-main/service';
import { startArrivalsProxy, type ArrivalsProxy } from '../../helpers/arrivals-proxy';
import { startPeer, type Peer } from '../../helpers/peer';
import { suiteVariations } from '../../helpers/wire-proxy';

// A request asked just before long synchronous work is on the wire during that work (src-main/service/on-the-wire.ts;
// docs/sync.md, "Opening at shop scale"): the proxy in front of the peer counts arrivals from a thread of its own while
// the test's thread is blocked, as a station's is while it reads a Reel's rows or merges a page. Exact request counts:
// no rate-limit answers (a resent request would count twice).

const BOUND_MS = 5_000;
let peer: Peer;
let reelId: string;

function clientTo(proxy: ArrivalsProxy): ServiceClient {
  return createServiceClient({ baseUrl: proxy.url, apiKey: peer.sandbox.apiKey, orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
}

beforeAll(async () => {
  peer = await startPeer({ variations: { ...suiteVariations(), rateLimit: false } });
  reelId = (await peer.direct.reels.create({ name: `On the wire ${Math.random().toString(36).slice(2, 8)}` }))?.collectionId as string;
  for (let position = 1; position <= 5; position += 1)
    await peer.direct.labels.enroll(reelId, { position, identifiers: [{ tagType: 'TEXT', value: `WIRE-${position}` }] });
});

afterAll(async () => {
  await peer?.close();
});

describe('onTheWire', () => {
  it('the next page is on the wire while the caller works on the page before, also on a new connection each', async () => {
    const proxy = await startArrivalsProxy(peer.proxy.url, { closeConnections: true });
    try {
      const client = clientTo(proxy);
      await client.reels.get(reelId);
      const before = proxy.arrived();
      const seen: number[] = [];
      let pages = 0;
      // Five Labels two a page: three pages.
      for await (const page of client.labels.listPages({ reelCollectionId: reelId, pageSize: 2 })) {
        seen.push(...page.map((l) => l.position));
        pages += 1;
        // The caller's long synchronous work on this page: the next page must reach the service meanwhile.
        if (pages < 3)
          expect(proxy.blockUntilArrived(before + pages + 1, BOUND_MS), `page ${pages + 1} on the wire during the work on page ${pages}`).toBe(true);
      }
      expect(pages).toBe(3);
      expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      expect(
        proxy
          .lines()
          .slice(before)
          .every((line) => line.startsWith('GET /api/v1/composite-tags?')),
      ).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('waits for the token and new connections before saying the requests are on the wire', async () => {
    // A new proxy: no connection to it yet, and a new client: no token yet.
    const proxy = await startArrivalsProxy(peer.proxy.url);
    try {
      const client = clientTo(proxy);
      const reel = client.reels.get(reelId);
      const page = client.labels.list({ reelCollectionId: reelId, pageSize: 2 });
      await client.onTheWire();
      // The token exchange, then both requests (two connections), all there while this thread is blocked.
      expect(proxy.blockUntilArrived(3, BOUND_MS)).toBe(true);
      expect(proxy.lines()[0]).toBe('GET /api/auth/token');
      expect((await reel).collectionId).toBe(reelId);
      expect((await page).items).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  it('a request that cannot be sent ends the wait', async () => {
    const proxy = await startArrivalsProxy(peer.proxy.url);
    await proxy.close();
    const client = clientTo(proxy);
    const failed = client.reels.get(reelId).catch((error: unknown) => error);
    await client.onTheWire();
    expect(await failed).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
