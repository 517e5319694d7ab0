import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { runStationAsync as station, serviceLabels, startPeer, stopPeerAndStation, type Peer } from '../../helpers/peer';

// The CLI forms (README, "Command line") against a remote service (the sandbox through the fault proxy): connect with a
// base URL and key, bulk-bind committed with --threads @FILE and --activate, move --to-reel, and an
// attention item retried with `queue retry ID`.

let peer: Peer;
const dir = tempDir('core-cli-remote-');
const data = join(dir.path, 'data');
beforeAll(async () => {
  peer = await startPeer();
}, 60_000);
afterAll(() => stopPeerAndStation(peer, undefined, dir));

const json = <T>(out: { json(): unknown }) => out.json() as T;

describe('station CLI with a remote service', () => {
  let reelId = '';

  it('connects with --base-url, --api-key, --org and --team; the key stays out of the output', async () => {
    const { apiKey, orgId, teamId } = peer.sandbox;
    const out = await station(['--data', data, '--json', 'connect', '--base-url', peer.proxy.url, '--api-key', apiKey, '--org', orgId, '--team', teamId]);
    expect(out.code).toBe(0);
    expect(json<{ kind: string; orgId: string; teamId: string }>(out)).toMatchObject({ kind: 'remote', orgId, teamId });
    expect(out.stdout + out.stderr).not.toContain(apiKey);
    const status = json<{ profile: { baseUrl: string } }>(await station(['--data', data, '--json', 'status']));
    expect(status.profile.baseUrl).toBe(peer.proxy.url);
  }, 60_000);

  it('commits a bulk-bind with --threads @FILE and --activate: bound, and the optical markings become identifiable', async () => {
    reelId = json<{ reelId: string }>(
      await station(['--data', data, '--json', 'reel', 'create', '--name', 'Remote CLI reel', '--expect', 'TEXT=1,SVC=1']),
    ).reelId;
    for (const position of [1, 2, 3]) {
      const svc = join(dir.path, `tag-${position}.jpg`);
      writeFileSync(svc, await speckleTag(900 + position, { width: 640, height: 480, format: 'jpeg' }));
      expect(
        (
          await station([
            '--data',
            data,
            '--json',
            'enroll',
            '--reel',
            reelId,
            '--position',
            String(position),
            '--text',
            `RC-${position}`,
            '--svc',
            svc,
            '--indexing',
            'none',
          ])
        ).code,
      ).toBe(0);
    }
    expect(json(await station(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '60']))).toMatchObject({ pending: 0, attention: 0 });

    const created = [];
    for (const name of ['Item A', 'Item B']) created.push((await peer.direct.threads.create({ type: 'single', thread: { name } })).created[0]!.threadId);
    const file = join(dir.path, 'threads.txt');
    // As Excel saves "Unicode text": UTF-16 LE with a BOM, CRLF (docs/print-run.md, "Files as shops save them").
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${created[0]}\r\n${created[1]}\r\n`, 'utf16le')]));
    const bound = await station(['--data', data, '--json', 'bulk-bind', '--reel', reelId, '--from', '1', '--to', '2', '--threads', `@${file}`, '--activate']);
    expect(bound.code).toBe(0);
    expect(json(bound)).toMatchObject({ state: 'done', attention: null });

    const reel = json<{ serviceId: string }>(await station(['--data', data, '--json', 'reel', 'show', reelId]));
    await expect
      .poll(async () => (await serviceLabels(peer, reel.serviceId)).filter((l) => l.position <= 2).map((l) => [l.position, l.boundThreadId, l.identifiable]), {
        timeout: 20_000,
      })
      .toEqual([
        [1, created[0], true],
        [2, created[1], true],
      ]);
  }, 120_000);

  it('moves a Label to an existing Reel with --to-reel', async () => {
    const target = json<{ reelId: string }>(await station(['--data', data, '--json', 'reel', 'create', '--name', 'Remote CLI target'])).reelId;
    const moved = await station(['--data', data, '--json', 'move', '--reel', reelId, '--from', '3', '--to', '3', '--to-reel', target]);
    expect(moved.code).toBe(0);
    expect(json(moved)).toMatchObject({ state: 'done', attention: null });
    const there = json<{ serviceId: string; labels: { state: string }[] }>(await station(['--data', data, '--json', 'reel', 'show', target, '--refresh']));
    expect(there.labels).toHaveLength(1);
    const onService = await serviceLabels(peer, there.serviceId);
    expect(onService.map((l) => l.members?.find((m) => m.tagType === 'TEXT')?.value)).toEqual(['RC-3']);
  }, 120_000);

  it('sync exits 3 with an item needing attention; `queue retry ID` sends it again and it lands', async () => {
    await peer.admin('/faults', { pathPrefix: '/api/v1/composite-tags/reels/', method: 'POST', status: 400, code: 'INVALID_REQUEST', count: 1 });
    expect((await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '4', '--text', 'RC-4'])).code).toBe(0);
    const synced = await station(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '60']);
    expect(synced.code).toBe(3);
    expect(json(synced)).toMatchObject({ attention: 1, pending: 0 });
    const listed = json<{ items: { opId: string; attention: { code: string; requestId: string } }[] }>(
      await station(['--data', data, '--json', 'queue', '--state', 'attention']),
    );
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]!.attention).toMatchObject({ code: 'INVALID_REQUEST', requestId: expect.any(String) });
    const retried = await station(['--data', data, '--json', 'queue', 'retry', listed.items[0]!.opId]);
    expect(retried.code).toBe(0);
    expect(json(await station(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '60']))).toMatchObject({ attention: 0, pending: 0 });
    expect(readFileSync(join(data, 'logs', 'station.log'), 'utf8')).toContain(listed.items[0]!.attention.requestId);
  }, 120_000);
});
