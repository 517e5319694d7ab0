import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../../src-main/runtime/log';
import { connectedStation, startPeer, stopPeerAndStation, type Peer } from '../../helpers/peer';

// The station log for shop IT: a failed service request is logged with its x-request-id, code and
// status, an operation that needs a person is logged, and the API key appears nowhere in the file.

let peer: Peer;
beforeAll(async () => {
  peer = await startPeer();
}, 60_000);
afterAll(() => stopPeerAndStation(peer, undefined));

describe('station log', () => {
  it('names failed requests by request id and code, and never holds the API key', async () => {
    const s = await connectedStation(peer, { requestTimeoutMs: 5_000 });
    try {
      await peer.admin('/faults', { pathPrefix: '/api/v1/composite-tags/reels', method: 'POST', status: 400, code: 'INVALID_REQUEST', count: 1 });
      const { reelId } = await s.call('reels.create', { name: 'Logged reel' });
      await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
      const item = (await s.call('queue.list', { state: 'attention' })).items.find((i) => i.kind === 'createReel');
      expect(item?.attention?.requestId).toMatch(/\S+/);
      expect(reelId).toBeTruthy();
      await s.close();

      const text = readFileSync(logPath(s.dataDir), 'utf8');
      const lines = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.some((l) => l.msg === 'station started')).toBe(true);
      const failed = lines.find((l) => l.msg === 'service request failed' && l.requestId === item?.attention?.requestId);
      expect(failed).toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
      expect(lines.some((l) => l.msg === 'operation needs attention' && l.opId === item?.opId)).toBe(true);
      expect(text).not.toContain(peer.sandbox.apiKey);
    } finally {
      s.remove();
    }
  });
});
