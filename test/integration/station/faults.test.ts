import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src-shared/domain/random';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { byPosition, connectedStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from '../../helpers/peer';

// A TCP fault proxy between station and sandbox — reset before the request reaches the
// service, response dropped after the service committed, delays past the timeout — plus 503 and
// 429 bursts from the sandbox's fault hook. After the run: no loss, no duplicate, no Reel twice.

let peer: Peer;
const files = tempDir('core-fault-captures-');
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
  files.remove();
});

async function waitOnline(call: (n: 'station.status', i: unknown) => Promise<{ online: string }>): Promise<void> {
  await until(async () => (await call('station.status', {})).online === 'online', { what: 'the station to come online' });
}

describe('sync through network faults and error bursts', () => {
  it('loses nothing, doubles nothing and creates the Reel once', async () => {
    const s = await connectedStation(peer, { requestTimeoutMs: 1_500 });
    try {
      // A station without background sending probes the service on its first need, not at start (docs/architecture.md,
      // "The embedded sandbox"): a read of the service is that need, and it also takes the token, so the fault
      // below meets the Reel's creation and not the token's exchange.
      await s.call('reels.find', {});
      await waitOnline((n, i) => s.call(n, i));
      const name = 'Faulty network reel';
      const { reelId } = await s.call('reels.create', { name, description: 'faults' });
      const expected = new Map<number, string[]>();
      for (let position = 1; position <= 80; position += 1) {
        const identifiers = [
          { tagType: 'TEXT', value: `F-${position}` },
          { tagType: 'QR', value: `q-${position}` },
        ];
        let svcImagePath: string | undefined;
        if (position % 8 === 0) {
          svcImagePath = join(files.path, `f-${position}.jpg`);
          writeFileSync(svcImagePath, await speckleTag(5000 + position, { width: 640, height: 480, format: 'jpeg' }));
        }
        await s.call('labels.enroll', { reelId, position, identifiers, ...(svcImagePath ? { svcImagePath } : {}) });
        expected.set(position, [...identifiers.map((i) => `${i.tagType}=${i.value}`), ...(svcImagePath ? ['SVC'] : [])].sort());
      }

      // The Reel's creation lands and its answer is lost: the station must adopt it, not create another.
      peer.proxy.next({ kind: 'drop' });
      const labelsPath = '/api/v1/composite-tags/reels/';
      await peer.admin('/faults', { pathPrefix: labelsPath, method: 'POST', status: 503, code: 'SCAN_BACKEND_UNAVAILABLE', count: 8 });
      await peer.admin('/faults', { pathPrefix: labelsPath, method: 'POST', status: 429, count: 8, retryAfter: 1 });
      await peer.admin('/faults', { pathPrefix: labelsPath, method: 'POST', status: 500, code: 'SERVICE_ERROR', count: 5 });
      const prng = seededRandom(42);
      peer.proxy.random({ reset: 0.07, drop: 0.07, delay: 0.03, delayMs: 2_000 }, () => prng.next());

      let lowest = Infinity;
      const off = s.station.subscribe((name, payload) => {
        if (name === 'queue.progress') lowest = Math.min(lowest, (payload as { concurrency: number }).concurrency);
      });
      const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 150 });
      off();
      peer.proxy.random({});
      // 429 lowered the concurrency below its default of 4.
      expect(lowest).toBeLessThan(4);
      expect(summary).toMatchObject({ pending: 0, attention: 0 });
      expect(peer.proxy.counts.drop).toBeGreaterThan(2);
      expect(peer.proxy.counts.reset).toBeGreaterThan(2);
      expect(peer.proxy.counts.delay).toBeGreaterThan(0);

      const reels = await serviceReelsNamed(peer, name);
      expect(reels).toHaveLength(1);
      expect(byPosition(await serviceLabels(peer, reels[0]!.collectionId))).toEqual(expected);

      const queue = await s.call('queue.list', { state: 'done' });
      const attempts = queue.items.flatMap((i) => i.attempts);
      // Every attempt is in the log, with the service's request id when it answered.
      expect(attempts.some((a) => a.code === 'RATE_LIMITED' && a.requestId)).toBe(true);
      expect(attempts.some((a) => a.code === 'SCAN_BACKEND_UNAVAILABLE')).toBe(true);
      expect(queue.items.some((i) => i.attempts.some((a) => a.outcome === 'landed'))).toBe(true);
      const createReel = queue.items.find((i) => i.kind === 'createReel');
      expect(createReel?.attempts.map((a) => a.outcome)).toContain('landed');
    } finally {
      await s.close();
      s.remove();
    }
  }, 180_000);
});
