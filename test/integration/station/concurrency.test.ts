import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationError } from '../../../src-shared/ipc';
import { NO_VARIATIONS } from '../../helpers/wire-proxy';
import { tempDir } from '../../helpers/tmp';
import { openStation, runStationAsync, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// The sync engine's adaptive concurrency (src-main/sync/concurrency.ts) over a link with latency: it rises while
// answers come back fast and clean, falls on 429, stays within the bounds chosen in Settings, which outlive a restart.

let peer: Peer;
const dir = tempDir('core-concurrency-');
beforeAll(async () => {
  peer = await startPeer({ variations: { ...NO_VARIATIONS, latency: { oneWayMs: 15, jitterMs: 2 } } });
}, 60_000);
afterAll(() => stopPeerAndStation(peer, undefined, dir));

async function station(): Promise<TestStation> {
  const s = await openStation(`${dir.path}/station`);
  if ((await s.call('station.status', {})).profile === null) {
    await s.call('profiles.connect', {
      kind: 'remote',
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
  }
  return s;
}

function csv(from: number, to: number, prefix: string): string {
  const rows = ['position,text,qr'];
  for (let p = from; p <= to; p += 1) rows.push(`${p},${prefix}-${p},${prefix}-q${p}`);
  return `${rows.join('\n')}\n`;
}

/** Drains the queue and returns the lowest and highest concurrency the engine reported while doing it. */
async function drainWatching(s: TestStation): Promise<{ lowest: number; highest: number }> {
  let lowest = Infinity;
  let highest = 0;
  const off = s.station.subscribe((name, payload) => {
    if (name !== 'queue.progress') return;
    const { concurrency } = payload as { concurrency: number };
    lowest = Math.min(lowest, concurrency);
    highest = Math.max(highest, concurrency);
  });
  expect(await s.call('sync.run', { untilIdle: true, timeoutSeconds: 120 })).toMatchObject({ pending: 0, attention: 0 });
  off();
  return { lowest, highest };
}

describe('adaptive sync concurrency', () => {
  it('rises on clean answers, falls on 429, within the bounds from Settings that outlive a restart', async () => {
    let s = await station();
    expect(await s.call('sync.concurrency.get', {})).toEqual({ min: 1, max: 16, current: 4 });
    expect(await s.call('sync.concurrency.set', { min: 2, max: 10 })).toEqual({ min: 2, max: 10, current: 4 });
    const { reelId } = await s.call('reels.create', { name: 'Concurrency reel' });
    await s.call('labels.import', { reelId, csv: csv(1, 300, 'C') });
    const clean = await drainWatching(s);
    expect(clean.highest).toBe(10);
    const risen = (await s.call('sync.concurrency.get', {})).current;
    expect(risen).toBe(10);

    // Every third request refused with 429: the engine backs off, never below the lowest bound.
    peer.wire.set({ rateLimit: { every: 3, retryAfterSeconds: 1 } });
    await s.call('labels.import', { reelId, csv: csv(301, 340, 'C') });
    const limited = await drainWatching(s);
    peer.wire.set({ rateLimit: false });
    expect(peer.wire.counts.rateLimited).toBeGreaterThan(3);
    expect(limited.lowest).toBeLessThan(risen);
    expect(limited.lowest).toBeGreaterThanOrEqual(2);

    await s.close();
    s = await station();
    expect(await s.call('sync.concurrency.get', {})).toMatchObject({ min: 2, max: 10 });
    const refused = await s.call('sync.concurrency.set', { min: 9, max: 3 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StationError);
    expect((refused as StationError).message).toMatch(/lowest number of requests at once must not be above the highest/);
    await s.close();
  }, 120_000);

  it('the CLI shows and sets the same bounds; a bound out of range is refused with the reason, nothing changed', async () => {
    const data = `${dir.path}/cli`;
    const shown = await runStationAsync(['--data', data, '--json', 'sync', 'concurrency']);
    expect(shown.code).toBe(0);
    expect(shown.json()).toEqual({ min: 1, max: 16, current: 4 });
    const set = await runStationAsync(['--data', data, '--json', 'sync', 'concurrency', '--max', '3']);
    expect(set.json()).toEqual({ min: 1, max: 3, current: 3 });
    const refused = await runStationAsync(['--data', data, '--json', 'sync', 'concurrency', '--min', '5']);
    expect(refused.code).toBe(1);
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(/lowest number of requests at once must not be above the highest/);
    const usage = await runStationAsync(['--data', data, '--json', 'sync', 'concurrency', '--max', 'many']);
    expect(usage.code).toBe(2);
    const human = await runStationAsync(['--data', data, 'sync', 'concurrency']);
    expect(human.stdout).toContain('requests at once: 1 to 3 (now 3)');
  }, 60_000);
});
