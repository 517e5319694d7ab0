import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tmp';
import { openStation, serviceReelsNamed, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// A success answer the station cannot read is never taken as "not landed" and never loops: the write goes to its
// landing check; what is still unread goes to attention naming the field and path, with the request id.

let peer: Peer;
let proxy: Server;
let proxyUrl = '';
const dir = tempDir('core-unreadable-');
/** Which answers the proxy garbles: `METHOD path-prefix` → the body sent instead. */
const garble = new Map<string, string>();
const seen: string[] = [];

beforeAll(async () => {
  peer = await startPeer();
  const target = new URL(peer.sandbox.baseUrl);
  proxy = createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    seen.push(key);
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const body = garble.get(key);
      if (body === undefined || (answer.statusCode ?? 500) >= 300) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      answer.resume();
      res.writeHead(answer.statusCode ?? 200, { 'content-type': 'application/json', 'x-request-id': String(answer.headers['x-request-id'] ?? '') });
      res.end(body);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}, 60_000);

let s: TestStation | undefined;
afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await stopPeerAndStation(peer, undefined, dir);
});

async function station(): Promise<TestStation> {
  s ??= await openStation(join(dir.path, 'station'));
  await s.call('profiles.connect', { kind: 'remote', baseUrl: proxyUrl, apiKey: peer.sandbox.apiKey, orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
  return s;
}

describe('an unreadable success answer', () => {
  it('goes to the landing check, which adopts the Reel the service created: done, exactly once', async () => {
    const st = await station();
    garble.set('POST /api/v1/composite-tags/reels', JSON.stringify({ reel: { collectionId: 42 } }));
    const name = 'Unreadable create A';
    await st.call('reels.create', { name });
    const summary = await st.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    garble.clear();
    expect(summary).toMatchObject({ pending: 0, attention: 0, timedOut: false });
    const remote = await serviceReelsNamed(peer, name);
    expect(remote).toHaveLength(1);
    const shown = (await st.call('reels.list', {})).reels.find((r) => r.name === name);
    expect(shown?.serviceId).toBe(remote[0]?.collectionId);
  }, 60_000);

  it('when the landing check cannot read the service either: attention with the field and path, never resent', async () => {
    const st = await station();
    garble.set('POST /api/v1/composite-tags/reels', JSON.stringify({ reel: { collectionId: 42 } }));
    garble.set('GET /api/v1/composite-tags/reels', JSON.stringify({ reels: [{ collectionId: 'x' }] }));
    const name = 'Unreadable create B';
    await st.call('reels.create', { name });
    seen.length = 0;
    const summary = await st.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    garble.clear();
    expect(summary).toMatchObject({ pending: 0, attention: 1, timedOut: false });
    expect(seen.filter((k) => k === 'POST /api/v1/composite-tags/reels')).toHaveLength(1);
    expect(await serviceReelsNamed(peer, name)).toHaveLength(1);
    const [item] = (await st.call('queue.list', { state: 'attention' })).items;
    expect(item?.attention?.code).toBe('INVALID_RESPONSE');
    expect(item?.attention?.requestId).toBeTruthy();
    expect(item?.attention?.reason).toContain('reel.collectionId');
    expect(item?.attention?.reason).toContain('reels.0.name');
    expect(item?.attention?.reason).toMatch(/defect of the station or of the service/);
    expect(item?.outcomeUnknown).toBe(true);

    // A person retries once the service answers readably again: the landing check adopts the Reel, nothing is resent.
    seen.length = 0;
    await st.call('queue.retry', { opId: item?.opId ?? '' });
    expect(await st.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).toMatchObject({ pending: 0, attention: 0, timedOut: false });
    expect(seen.filter((k) => k === 'POST /api/v1/composite-tags/reels')).toEqual([]);
    expect(await serviceReelsNamed(peer, name)).toHaveLength(1);
  }, 60_000);
});
