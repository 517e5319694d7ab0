import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../src-shared/api/paths';
import { StationError } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { openStation, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { suiteVariations } from '../../helpers/wire-proxy';

// Opening a Reel whose paging fails midway (docs/sync.md, "Opening at shop scale"): the pages before the failure are
// merged, but the mirror is never taken for whole: the Reel's counts are saved only after the last page, so the next
// refresh reads every Label again, and no Label is dropped for not being listed. The station goes through a proxy of
// its own that makes one page of the Labels unreadable, in front of the peer's fault and wire-variance proxies.

const LABELS = 25;
/** Small pages whatever the suite's variations, so that the list takes several. */
const PAGE_CAP = 7;

let peer: Peer;
let proxy: Server;
let proxyUrl = '';
let s: TestStation | undefined;
const dir = tempDir('shop-open-cut-short-');
/** The page of the Labels list (1 = the first) whose answer the proxy makes unreadable; 0: none. */
let spoilPage = 0;
/** The pages asked, by cursor (the first page has none), each with its number: a page resent (after a 429) is one page. */
const pages = new Map<string, number>();

beforeAll(async () => {
  peer = await startPeer({ variations: { ...suiteVariations(), pageCap: PAGE_CAP } });
  const target = new URL(peer.proxy.url);
  proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', proxyUrl);
    let spoil = false;
    if (req.method === 'GET' && url.pathname === PATHS.labels) {
      const cursor = url.searchParams.get('cursor') ?? '';
      if (!pages.has(cursor)) pages.set(cursor, pages.size + 1);
      spoil = pages.get(cursor) === spoilPage;
    }
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (!spoil || (answer.statusCode ?? 500) >= 300) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        // The page as the service sent it (its cursor too), one Label's position not a number.
        const page = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { labels: Record<string, unknown>[] };
        page.labels[0]!['position'] = 'third';
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': String(answer.headers['x-request-id'] ?? '') });
        res.end(JSON.stringify(page));
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  s = await openStation(join(dir.path, 'station'));
  await s.call('profiles.connect', { kind: 'remote', baseUrl: proxyUrl, apiKey: peer.sandbox.apiKey, orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
}, 120_000);

afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await stopPeerAndStation(peer, undefined, dir);
});

/** Opens the Reel with the `page`-th Labels page unreadable: the station's error. */
async function openSpoiled(serviceId: string, page: number): Promise<StationError> {
  pages.clear();
  spoilPage = page;
  try {
    return await s!.call('reels.open', { serviceId }).then(
      () => {
        throw new Error('reels.open answered although a page of the Labels was unreadable');
      },
      (error: unknown) => error as StationError,
    );
  } finally {
    spoilPage = 0;
  }
}

describe('a Reel whose Labels fail to read midway', () => {
  let serviceId = '';
  let reelId = '';

  it('opened the first time: the pages before are kept, the Reel is not taken as read, and the next refresh reads it all', async () => {
    // Another bench's Reel of 25 Labels (pages of 7: 7, 7, 7, 4).
    serviceId = (await peer.direct.reels.create({ name: 'Cut short' }))!.collectionId;
    for (let p = 1; p <= LABELS; p += 1) await peer.direct.labels.enroll(serviceId, { position: p, identifiers: [{ tagType: 'TEXT', value: `CUT-${p}` }] });

    const error = await openSpoiled(serviceId, 3);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, requestId: expect.any(String) });
    expect(pages.size).toBeGreaterThanOrEqual(3);

    // The Reel is open here with the two pages read before the failure, and not as read: no counts, no time.
    reelId = (await s!.call('reels.list', {})).reels.find((r) => r.serviceId === serviceId)!.reelId;
    const partial = await s!.call('reels.show', { reelId, refresh: false });
    expect(partial.labels.map((l) => l.position)).toEqual(Array.from({ length: 2 * PAGE_CAP }, (_, n) => n + 1));
    expect(partial).toMatchObject({ serviceCounts: null, refreshedAt: null });

    // The next refresh (the counts did not move on the service) reads every Label.
    pages.clear();
    const read = await s!.call('reels.show', { reelId, refresh: true });
    expect(pages.size).toBe(Math.ceil(LABELS / PAGE_CAP));
    expect(read.labels.map((l) => [l.position, l.origin, l.identifiers[0]?.value])).toEqual(
      Array.from({ length: LABELS }, (_, n) => [n + 1, 'elsewhere', `CUT-${n + 1}`]),
    );
    expect(read.serviceCounts).toMatchObject({ labelCount: LABELS });
  }, 120_000);

  it('opened again after the Reel changed: nothing listed after the failure is dropped, and the next refresh reads it all', async () => {
    // Another bench archives position 20 and enrolls 26; the open fails on the second page.
    const onService = await peer.direct.labels.listAll({ reelCollectionId: serviceId });
    await peer.direct.labels.archive(onService.find((l) => l.position === 20)!.compositeTagId);
    await peer.direct.labels.enroll(serviceId, { position: LABELS + 1, identifiers: [{ tagType: 'TEXT', value: `CUT-${LABELS + 1}` }] });

    const error = await openSpoiled(serviceId, 2);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    const before = await s!.call('reels.show', { reelId, refresh: false });
    // Every Label read before stays (the pages after the failure were not read: not one is taken for gone), and the
    // counts are those of the last whole read.
    expect(before.labels).toHaveLength(LABELS);
    expect(before.labels.find((l) => l.position === 20)?.state).toBe('enrolled');
    expect(before.serviceCounts).toMatchObject({ labelCount: LABELS });

    const read = await s!.call('reels.show', { reelId, refresh: true });
    expect(read.labels).toHaveLength(LABELS + 1);
    expect(read.labels.find((l) => l.position === 20)?.state).toBe('archived');
    expect(read.labels.at(-1)).toMatchObject({ position: LABELS + 1, origin: 'elsewhere', identifiers: [{ tagType: 'TEXT', value: `CUT-${LABELS + 1}` }] });
  }, 120_000);
});
