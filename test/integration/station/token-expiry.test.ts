import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logPath } from '../../../src-main/runtime/log';
import { tempDir } from '../../helpers/tmp';
import { byPosition, connectedStation, openStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from '../../helpers/peer';

// Token expiry mid-sync (sandbox token TTL 3 s) with 200 Labels drains without a failed
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
    // The station logs every request at debug level: the token exchanges are counted from its log.
    process.env.STATION_LOG_LEVEL = 'debug';
    const s = await connectedStation(peer, { maxConcurrency: 2 });
    delete process.env.STATION_LOG_LEVEL;
    // Every request takes 40 ms more, so the drain outlives several 3-second tokens for certain.
    peer.proxy.random({ delay: 1, delayMs: 40 });
    try {
      const { reelId } = await s.call('reels.create', { name: 'Short tokens' });
      const csv = ['position,text,qr', ...Array.from({ length: 200 }, (_, n) => `${n + 1},T-${n + 1},q-${n + 1}`)].join('\n');
      const path = join(files.path, 'print.csv');
      writeFileSync(path, csv);
      expect(await s.call('labels.import', { reelId, path })).toMatchObject({ rows: 200, queued: 200, expected: 0 });
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
      // The drain outlived a token, and every operation landed on its first attempt but the one refused
      // with the injected 401 (resent once after a re-exchange).
      expect(elapsed).toBeGreaterThan(3_500);
      expect(attempts.filter((a) => a.outcome === 'done').length).toBe(201);
      await s.close();
      const exchanges = readFileSync(logPath(s.dataDir), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg?: string; path?: string; status?: number })
        .filter((l) => l.msg === 'service request' && l.path === '/api/auth/token' && l.status === 200);
      // One exchange at the start, one after the 401, and at least one per lifetime the drain outlived.
      expect(exchanges.length).toBeGreaterThanOrEqual(1 + 1 + Math.floor(elapsed / 3_000));
    } finally {
      peer.proxy.random({});
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
    const before = Date.now();
    const s = await connectedStation(peer);
    try {
      await s.call('reels.create', { name: 'Token status' });
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
      const { tokenExpiresAt } = await s.call('station.status', {});
      // A 3-second token minted after `before` (its expiry is in whole seconds): the bounds hold
      // however long the calls took, where "still valid now" would not on a loaded machine.
      const expiresAt = Date.parse(tokenExpiresAt ?? '');
      expect(expiresAt).toBeGreaterThan(before + 2_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_000);
    } finally {
      await s.close();
      s.remove();
    }
  });
});
