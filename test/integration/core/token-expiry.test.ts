import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers/tmp';
import { byPosition, connectedStation, openStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from './peer';

// Issue 4: token expiry mid-sync (sandbox token TTL 3 s) with 200 Labels drains without a failed
// item. The Labels come from a print-data import (offline batch creation).

let peer: Peer;
const files = tempDir('core-ttl-');
beforeAll(async () => {
  peer = await startPeer({ tokenTtlSeconds: 3 });
});
afterAll(async () => {
  await peer.close();
  files.remove();
});

describe('a long sync across many token lifetimes', () => {
  it('drains 200 imported Labels with 3-second tokens and no failed item', async () => {
    const s = await connectedStation(peer, { maxConcurrency: 2 });
    try {
      const { reelId } = await s.call('reels.create', { name: 'Short tokens' });
      const csv = ['position,text,qr', ...Array.from({ length: 200 }, (_, n) => `${n + 1},T-${n + 1},q-${n + 1}`)].join('\n');
      const path = join(files.path, 'print.csv');
      writeFileSync(path, csv);
      expect(await s.call('labels.import', { reelId, path })).toEqual({ rows: 200, queued: 200, expected: 0 });
      // A plain 401, as an expired token gives: one re-exchange and one resend.
      await peer.admin('/faults', { pathPrefix: '/api/v1/composite-tags/reels/', method: 'POST', status: 401, count: 1 });
      const started = Date.now();
      const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 120 });
      expect(summary).toMatchObject({ done: 201, pending: 0, attention: 0 });
      const elapsed = Date.now() - started;
      const reels = await serviceReelsNamed(peer, 'Short tokens');
      expect(reels).toHaveLength(1);
      const held = byPosition(await serviceLabels(peer, reels[0]!.collectionId));
      expect(held.size).toBe(200);
      expect(held.get(137)).toEqual(['QR=q-137', 'TEXT=T-137']);
      const attempts = (await s.call('queue.list', { state: 'done' })).items.flatMap((i) => i.attempts);
      expect(attempts.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(1);
      // When the drain outlived a token, later attempts must still have succeeded (nothing failed).
      if (elapsed > 3_500) expect(attempts.filter((a) => a.outcome === 'done').length).toBe(201);
    } finally {
      await s.close();
      s.remove();
    }
  }, 150_000);
});

describe('station.status', () => {
  it('carries the expiry of the token in use (null before any exchange)', async () => {
    const dir = tempDir('core-ttl-status-');
    const fresh = await openStation(dir.path);
    try {
      expect((await fresh.call('station.status', {})).tokenExpiresAt).toBeNull();
    } finally {
      await fresh.close();
      dir.remove();
    }
    const s = await connectedStation(peer);
    try {
      await s.call('reels.create', { name: 'Token status' });
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
      const { tokenExpiresAt } = await s.call('station.status', {});
      const left = Date.parse(tokenExpiresAt ?? '') - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(3_000);
    } finally {
      await s.close();
      s.remove();
    }
  });
});
