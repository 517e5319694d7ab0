import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesCipher } from '../../helpers/aes-cipher';
import { StationError } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { openStation, startPeer, stopPeerAndStation, type Peer } from '../../helpers/peer';

// A key sealed by the desktop station's keychain (safeStorage there; AES-GCM here) is used by a
// station that has the keychain; a process without it (CLI, web host) still starts and says plainly
// why it cannot reach the service, instead of failing or asking for a key it already has.

let peer: Peer;
const dir = tempDir('core-sealed-key-');
beforeAll(async () => {
  peer = await startPeer();
}, 60_000);
afterAll(() => stopPeerAndStation(peer, undefined, dir));

describe('a keychain-sealed API key', () => {
  it('serves the keychain station, and a station without the keychain starts and names the reason', async () => {
    const cipher = aesCipher();
    const desktop = await openStation(dir.path, { keyCipher: cipher });
    await desktop.call('profiles.connect', {
      kind: 'remote',
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await desktop.call('reels.create', { name: 'Sealed' });
    expect((await desktop.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).done).toBe(1);
    await desktop.close();

    const cli = await openStation(dir.path);
    expect((await cli.call('station.status', {})).queue.done).toBe(1);
    const error = await cli.call('sync.run', { untilIdle: true, timeoutSeconds: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).code).toBe('STATION_NOT_CONNECTED');
    expect((error as StationError).message).toMatch(/sealed by the desktop station's OS keychain/);
    await cli.close();

    const again = await openStation(dir.path, { keyCipher: cipher });
    await again.call('reels.create', { name: 'Sealed 2' });
    expect((await again.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).done).toBe(2);
    await again.close();
  });
});
