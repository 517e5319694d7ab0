import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../src-shared/api/paths';
import { ReelOpenProgress } from '../../../src-shared/ipc/reels';
import { connectedStation, openStation, runStationAsync, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';
import { suiteVariations } from '../../helpers/wire-proxy';

// How far an opening of a Reel has read its Labels (docs/sync.md, "Opening at shop scale"): `reels.openProgress` after
// each page, keyed by the caller's progressKey, over HTTP from the sandbox through the fault and wire-variance proxies.
// The wire proxy caps pages at 7 whatever the station asks (500), so a Reel of a few dozen Labels spans several pages.

const PAGE_CAP = 7;
const BIG = 30;
const SMALL = 9;

let peer: Peer;
let s: (TestStation & { remove(): void }) | undefined;

beforeAll(async () => {
  peer = await startPeer({ variations: { ...suiteVariations(), pageCap: PAGE_CAP } });
  s = await connectedStation(peer);
}, 120_000);

afterAll(async () => {
  await stopPeerAndStation(peer, s);
});

async function serviceReel(name: string, labels: number): Promise<string> {
  const serviceId = (await peer.direct.reels.create({ name }))!.collectionId;
  for (let p = 1; p <= labels; p += 1) await peer.direct.labels.enroll(serviceId, { position: p, identifiers: [{ tagType: 'TEXT', value: `${name}-${p}` }] });
  return serviceId;
}

describe('opening a Reel says how far it has read', () => {
  let big = '';

  it('one event per page, keyed by the opening: two openings at once do not mix', async () => {
    big = await serviceReel('Progress big', BIG);
    const small = await serviceReel('Progress small', SMALL);
    const seen: ReelOpenProgress[] = [];
    // Every payload as the contract declares it (the hosts pass them on as they are).
    const stop = s!.station.subscribe((name, payload) => {
      if (name === 'reels.openProgress') seen.push(ReelOpenProgress.parse(payload));
    });
    try {
      await Promise.all([
        s!.call('reels.open', { serviceId: big, progressKey: 'open-big' }),
        s!.call('reels.open', { serviceId: small, progressKey: 'open-small' }),
        // An opening that asks for no progress says none.
        s!.call('reels.open', { serviceId: small }),
      ]);
    } finally {
      stop();
    }
    const of = (key: string) => seen.filter((p) => p.progressKey === key);
    expect(seen.every((p) => p.progressKey === 'open-big' || p.progressKey === 'open-small')).toBe(true);

    const bigPages = Math.ceil(BIG / PAGE_CAP);
    const bigSeen = of('open-big');
    expect(bigSeen.every((p) => p.serviceId === big)).toBe(true);
    // Before the first page: the Reel's Label count as the service answered it; then page by page, in order.
    expect(bigSeen[0]).toMatchObject({ pages: 0, labels: 0, total: BIG, done: false });
    expect(bigSeen.slice(1, -1).map((p) => [p.pages, p.labels, p.total, p.pagesTotal])).toEqual(
      Array.from({ length: bigPages }, (_, n) => [n + 1, Math.min((n + 1) * PAGE_CAP, BIG), BIG, bigPages]),
    );
    expect(bigSeen.at(-1)).toMatchObject({ pages: bigPages, labels: BIG, total: BIG, pagesTotal: bigPages, done: true });

    const smallSeen = of('open-small');
    expect(smallSeen.every((p) => p.serviceId === small)).toBe(true);
    expect(smallSeen.at(-1)).toMatchObject({ pages: Math.ceil(SMALL / PAGE_CAP), labels: SMALL, done: true });
  }, 120_000);

  it('the CLI says it on standard error, page by page', async () => {
    const out = await runStationAsync(['--data', s!.dataDir, 'reel', 'open', big]);
    expect(out.code, out.stderr).toBe(0);
    const bigPages = Math.ceil(BIG / PAGE_CAP);
    const lines = out.stderr.split('\n').filter((l) => l.includes("the Reel's") || l.includes("Reel's Labels"));
    expect(lines[0]).toBe(`Reading the Reel's ${BIG} Labels…`);
    expect(lines).toContain(`Reading the Reel's Labels: page 2 of ${bigPages} (${2 * PAGE_CAP} of ${BIG})`);
    expect(lines.at(-1)).toBe(`Read the Reel's Labels: ${BIG} in ${bigPages} pages.`);
    expect(out.stdout).toMatch(/^Reel \S+ open: 30 Labels known here/);
  }, 120_000);
});

describe('a service that gives no Label count', () => {
  // A proxy of its own in front of the peer takes the counts out of every Reel the service answers: the spec shows
  // only `identifiableCount` among them, so a service may well give none.
  let proxy: Server;
  let bare: TestStation | undefined;
  const dir = tempDir('open-progress-bare-');

  beforeAll(async () => {
    const target = new URL(peer.proxy.url);
    proxy = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const strip = req.method === 'GET' && path.startsWith(`${PATHS.reels}/`);
      const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        if (!strip || (answer.statusCode ?? 500) >= 300) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reel?: Record<string, unknown> } & Record<string, unknown>;
          delete (body.reel ?? body)['counts'];
          res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': String(answer.headers['x-request-id'] ?? '') });
          res.end(JSON.stringify(body));
        });
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    bare = await openStation(join(dir.path, 'station'));
    await bare.call('profiles.connect', { kind: 'remote', baseUrl: url, apiKey: peer.sandbox.apiKey, orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
  }, 120_000);

  afterAll(async () => {
    await bare?.close();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    dir.remove();
  });

  it('says the pages and Labels read, with no total and no pages to read', async () => {
    const serviceId = await serviceReel('Progress uncounted', SMALL + PAGE_CAP);
    const seen: ReelOpenProgress[] = [];
    const stop = bare!.station.subscribe((name, payload) => {
      if (name === 'reels.openProgress') seen.push(ReelOpenProgress.parse(payload));
    });
    try {
      await bare!.call('reels.open', { serviceId, progressKey: 'uncounted' });
    } finally {
      stop();
    }
    const pages = Math.ceil((SMALL + PAGE_CAP) / PAGE_CAP);
    expect(seen.slice(0, -1).map((p) => [p.pages, p.labels, p.total, p.pagesTotal])).toEqual(
      Array.from({ length: pages + 1 }, (_, n) => [n, Math.min(n * PAGE_CAP, SMALL + PAGE_CAP), null, null]),
    );
    expect(seen.at(-1)).toMatchObject({ pages, labels: SMALL + PAGE_CAP, done: true });
  }, 120_000);
});
