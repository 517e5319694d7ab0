import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../src-shared/ipc';
import { logPath } from '../../../src-main/runtime/log';
import { connectedStation, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { until } from '../../helpers/until';

// Every attempt of a queued operation names its request (docs/sync.md, "The queue"; docs/architecture.md, "Renderer", "Plain words first,
// details behind a toggle"): a 5xx, a dropped answer, a refused connection and a request never sent because its
// token could not be had each leave an attempt with the method and path, the status (or none), the code, the
// request id when the service gave one, how long it took and what happened in words; queue.list shows them. The
// API key is in no attempt and not in the log. Through the real sandbox over HTTP, behind the fault proxy.

const REELS = '/api/v1/composite-tags/reels';

let peer: Peer;
/** A service whose tokens last 3 s: a token re-exchanged while the service is unreachable. */
let shortTokens: Peer;
beforeAll(async () => {
  [peer, shortTokens] = await Promise.all([startPeer(), startPeer({ tokenTtlSeconds: 3 })]);
}, 60_000);
afterAll(async () => {
  await stopPeerAndStation(peer, undefined);
  await stopPeerAndStation(shortTokens, undefined);
});

type Station = TestStation & { remove(): void };

/** A station on `on`, online with a token (a read of the service is its first need: docs/architecture.md). */
async function onlineStation(on: Peer): Promise<Station> {
  const s = await connectedStation(on, { requestTimeoutMs: 3_000 });
  await s.call('reels.find', {});
  await until(async () => (await s.call('station.status', {})).online === 'online', { what: 'the station to come online' });
  return s;
}

async function createReelItem(s: Station, name: string): Promise<QueueItem> {
  const { items } = await s.call('queue.list', {});
  const item = items.find((i) => i.kind === 'createReel' && i.place.reelName === name);
  if (!item) throw new Error(`no createReel of "${name}" in the queue`);
  return item;
}

/** Neither the attempts nor the station log hold the API key. */
function expectNoKey(s: Station, on: Peer, items: QueueItem[]): void {
  expect(JSON.stringify(items)).not.toContain(on.sandbox.apiKey);
  expect(readFileSync(logPath(s.dataDir), 'utf8')).not.toContain(on.sandbox.apiKey);
}

describe('each attempt names its request', () => {
  it('a 5xx: the POST with its status, code, request id and duration', async () => {
    const s = await onlineStation(peer);
    try {
      await peer.admin('/faults', { pathPrefix: REELS, method: 'POST', status: 500, code: 'SERVICE_ERROR', count: 1 });
      await s.call('reels.create', { name: 'Attempts 5xx' });
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
      const item = await createReelItem(s, 'Attempts 5xx');
      expect(item.state).toBe('done');
      const failed = item.attempts.find((a) => a.status === 500);
      expect(failed).toMatchObject({ method: 'POST', path: REELS, code: 'SERVICE_ERROR', requestId: expect.stringMatching(/\S/) });
      expect(failed?.durationMs).toEqual(expect.any(Number));
      expect(failed?.message).not.toBe('');
      // The landing check's read and the resend each name theirs too; the last one answered.
      for (const a of item.attempts) expect(a.method && a.path, JSON.stringify(a)).toBeTruthy();
      expect(item.attempts.at(-1)).toMatchObject({ method: 'POST', path: REELS, status: 201 });
      expectNoKey(s, peer, [item]);
    } finally {
      await s.close();
      s.remove();
    }
  });

  it('a dropped answer: the POST with no status, NETWORK_ERROR and the lost connection in words', async () => {
    const s = await onlineStation(peer);
    try {
      await s.call('reels.create', { name: 'Attempts dropped' });
      peer.proxy.next({ kind: 'drop' });
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
      const item = await createReelItem(s, 'Attempts dropped');
      const dropped = item.attempts[0];
      expect(dropped).toMatchObject({ method: 'POST', path: REELS, status: null, code: 'NETWORK_ERROR', requestId: null });
      expect(dropped?.durationMs).toEqual(expect.any(Number));
      expect(dropped?.message).toMatch(/^the connection was lost before the answer arrived/);
      // The Reel had landed: its landing check found it (a GET of the Reels, by name).
      expect(item.attempts.some((a) => a.method === 'GET' && a.path?.startsWith(`${REELS}?`))).toBe(true);
      expect(item).toMatchObject({ state: 'done' });
      expectNoKey(s, peer, [item]);
    } finally {
      await s.close();
      s.remove();
    }
  });

  it('a refused connection: the POST with no status and the failed connection in words', async () => {
    const s = await onlineStation(peer);
    try {
      await s.call('reels.create', { name: 'Attempts refused' });
      await peer.proxy.refuse();
      // The station's kept-alive connection was closed with it: let the station see that, so its request opens a new
      // connection (refused) rather than being written to the closing one (a lost connection, the case above).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 2 });
      const item = await until(
        async () => {
          const found = await createReelItem(s, 'Attempts refused');
          return found.attempts.length > 0 ? found : undefined;
        },
        { what: 'the attempt to be recorded' },
      );
      expect(item.state).toBe('pending');
      // Nothing reached the service, so the client sent it again at once (spec: Retry guidance): each try is an attempt.
      for (const a of item.attempts) {
        expect(a).toMatchObject({ method: 'POST', path: REELS, status: null, code: 'NETWORK_ERROR', requestId: null, durationMs: expect.any(Number) });
        expect(a.message).toMatch(/^the service could not be reached: the connection was refused or failed \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
      }
      expect(item.attempts.at(-1)?.outcome).toBe('retry');
      expectNoKey(s, peer, [item]);
    } finally {
      peer.proxy.up();
      await s.close();
      s.remove();
    }
  });

  it('a request never sent (its token could not be had): the POST it would have sent, and why', async () => {
    const s = await onlineStation(shortTokens);
    try {
      await s.call('reels.create', { name: 'Attempts unsent' });
      // The 3 s token is re-exchanged after half its life; by then the service is unreachable.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      shortTokens.proxy.down();
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 2 });
      const item = await until(
        async () => {
          const found = await createReelItem(s, 'Attempts unsent');
          return found.attempts.length > 0 ? found : undefined;
        },
        { what: 'the attempt to be recorded' },
      );
      expect(item.attempts).toEqual([expect.objectContaining({ method: 'POST', path: REELS, status: null, code: 'NETWORK_ERROR', outcome: 'retry' })]);
      expect(item.attempts[0]?.message).toMatch(/^not sent: the station could not get a token from the service \(GET \/api\/auth\/token: no answer, /);
      expect(item.attempts[0]?.durationMs).toEqual(expect.any(Number));
      expectNoKey(s, shortTokens, [item]);
    } finally {
      shortTokens.proxy.up();
      await s.close();
      s.remove();
    }
  });
});
