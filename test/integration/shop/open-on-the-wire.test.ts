import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../src-shared/api/paths';
import { startArrivalsProxy, type ArrivalsProxy } from '../../helpers/arrivals-proxy';
import { openStation, startPeer, type Peer, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';
import { suiteVariations } from '../../helpers/wire-proxy';

// Opening a Reel open here already (docs/sync.md, "Opening at shop scale"): the Reel and the first page of its Labels
// are on the wire before the mirror reads the Reel's rows, so the service answers while the station reads. The mirror's
// read is the real one, made long here: it blocks the station's thread until the proxy, on a thread of its own, has
// seen both requests arrive (at most BOUND_MS: the failure's bound, not a tuned wait). The proxy closes every
// connection after its answer, so each request needs a new one, as after a service or a proxy dropped idle ones.

const BOUND_MS = 5_000;
/** Called at the start of each mirror's read while set: stands for a read of many rows. */
let duringRead: (() => void) | null = null;

vi.mock('../../../src-main/changes/shared-reel', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src-main/changes/shared-reel')>();
  return {
    ...real,
    startMirror: (...args: Parameters<typeof real.startMirror>) => {
      duringRead?.();
      return real.startMirror(...args);
    },
  };
});

let peer: Peer;
let proxy: ArrivalsProxy;
let s: TestStation;
let serviceId: string;
const dir = tempDir('shop-open-on-the-wire-');

beforeAll(async () => {
  peer = await startPeer({ variations: { ...suiteVariations(), rateLimit: false } });
  serviceId = (await peer.direct.reels.create({ name: `Opened on the wire ${Math.random().toString(36).slice(2, 8)}` }))?.collectionId as string;
  for (let position = 1; position <= 3; position += 1)
    await peer.direct.labels.enroll(serviceId, { position, identifiers: [{ tagType: 'TEXT', value: `ON-WIRE-${position}` }] });
  proxy = await startArrivalsProxy(peer.proxy.url, { closeConnections: true });
  s = await openStation(dir.path);
  await s.call('profiles.connect', { kind: 'remote', baseUrl: proxy.url, apiKey: peer.sandbox.apiKey, orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
});

afterAll(async () => {
  duringRead = null;
  await s?.close();
  await proxy?.close();
  await peer?.close();
  dir.remove();
});

describe('opening a Reel open here', () => {
  it('asks the Reel and the first page, both on the wire, before the mirror reads its rows', async () => {
    await s.call('reels.open', { serviceId });
    const before = proxy.arrived();
    let arrived: boolean | null = null;
    duringRead = () => {
      duringRead = null;
      arrived = proxy.blockUntilArrived(before + 2, BOUND_MS);
    };
    const out = (await s.call('reels.open', { serviceId })) as { labels: { position: number }[] };
    expect(arrived, 'the Reel and the first page reached the service during the mirror’s read').toBe(true);
    const asked = proxy.lines().slice(before, before + 2);
    expect(asked).toContain(`GET ${PATHS.reel(serviceId)}`);
    expect(asked.some((line) => line.startsWith(`GET ${PATHS.labels}?`))).toBe(true);
    expect(out.labels.map((l) => l.position)).toEqual([1, 2, 3]);
  });
});
