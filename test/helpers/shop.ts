import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runStationAsync as station, startPeer, stopPeerAndStation, type Peer } from './peer';
import { tempDir } from './tmp';

/**
 * The shop tests' two benches (test/integration/shop/): stations A and B, each its own data folder and CLI processes,
 * connected to one sandbox through the fault and wire-variance proxies for the test file's lifetime.
 * `peer` is there once the file's beforeAll ran.
 */
export function twoBenchesOnOneService(prefix: string): { readonly peer: Peer; a: string; b: string } {
  let peer: Peer | undefined;
  const dir = tempDir(prefix);
  const a = join(dir.path, 'a');
  const b = join(dir.path, 'b');
  beforeAll(async () => {
    peer = await startPeer();
    const { apiKey, orgId, teamId } = peer.sandbox;
    for (const data of [a, b]) {
      const out = await station(['--data', data, '--json', 'connect', '--base-url', peer.proxy.url, '--api-key', apiKey, '--org', orgId, '--team', teamId]);
      expect(out.code, out.stdout + out.stderr).toBe(0);
    }
  }, 120_000);
  afterAll(() => stopPeerAndStation(peer, undefined, dir));
  return {
    get peer(): Peer {
      if (!peer) throw new Error('the shop peer is started in beforeAll');
      return peer;
    },
    a,
    b,
  };
}
