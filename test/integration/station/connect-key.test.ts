import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tmp';
import { openStation, runStationAsync as station, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// Connecting checks the API key: a key the service refuses is refused at once, with the service's code and
// request id, and nothing is saved; a service that cannot be reached saves the profile with a warning.

let peer: Peer;
const dir = tempDir('core-connect-key-');
let s: TestStation | undefined;
beforeAll(async () => {
  peer = await startPeer();
}, 60_000);
afterAll(async () => {
  await s?.close();
  await stopPeerAndStation(peer, undefined, dir);
});

/** A 127.0.0.1 address where nothing listens (a port taken and released). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('profiles.connect checks the API key', () => {
  it('refuses a key the service rejects, with its code and request id, and saves nothing', async () => {
    s = await openStation(join(dir.path, 'in-process'));
    const { orgId, teamId } = peer.sandbox;
    const refused = await s.station.call('profiles.connect', { kind: 'remote', baseUrl: peer.proxy.url, apiKey: 'sk_wrong_key', orgId, teamId });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(refused.error.requestId).toBeTruthy();
    expect(refused.error.message).toMatch(/refused the API key/);
    expect((await s.call('profiles.list', {})).profiles).toEqual([]);
    expect((await s.call('station.status', {})).profile).toBeNull();
  });

  it('accepts the right key and says it was checked', async () => {
    const { apiKey, orgId, teamId } = peer.sandbox;
    const connected = await s!.call('profiles.connect', { kind: 'remote', baseUrl: peer.proxy.url, apiKey, orgId, teamId });
    expect(connected).toMatchObject({ kind: 'remote', keyChecked: true, warning: null });
  });

  it('offline: saves the profile with a warning that the key is unchecked', async () => {
    const { orgId, teamId } = peer.sandbox;
    const baseUrl = await closedPort();
    const saved = await s!.call('profiles.connect', { kind: 'remote', baseUrl, apiKey: 'sk_not_checked', orgId, teamId });
    expect(saved).toMatchObject({ baseUrl, keyChecked: false });
    expect(saved.warning).toMatch(/could not be reached .*not checked/);
    expect((await s!.call('station.status', {})).profile?.baseUrl).toBe(baseUrl);
  });
});

describe('station connect', () => {
  it('exits 1 on a wrong key, naming UNAUTHORIZED and the request id, and saves nothing', async () => {
    const data = join(dir.path, 'cli');
    const { orgId, teamId } = peer.sandbox;
    const out = await station([
      '--data',
      data,
      '--json',
      'connect',
      '--base-url',
      peer.proxy.url,
      '--api-key',
      'sk_wrong_key',
      '--org',
      orgId,
      '--team',
      teamId,
    ]);
    expect(out.code).toBe(1);
    const error = (out.json() as { error: { code: string; requestId?: string } }).error;
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.requestId).toBeTruthy();
    expect(out.stderr).toContain('UNAUTHORIZED');
    expect(out.stderr).toContain(`request id ${error.requestId}`);
    const status = (await station(['--data', data, '--json', 'status'])).json() as { profile: unknown };
    expect(status.profile).toBeNull();
  }, 60_000);
});
