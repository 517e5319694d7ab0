import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/store/database';
import { writeSetting } from '../../../src-main/store/settings';
import { syncLockOwner } from '../../../src-main/store/sync-lock';
import { PAUSE_REASONS } from '../../../src-main/sync/engine';
import { StationError } from '../../../src-shared/ipc';
import { startWithReadyLine } from '../../helpers/processes';
import { processDead, startLockHolder, until } from '../../helpers/sync-lock';
import { tempDir } from '../../helpers/tmp';
import { openStation, runStationAsync, startPeer, stopPeerAndStation, type Peer } from '../../helpers/peer';

// One sender per data folder (store/sync-lock.ts): a second process on the same folder (the CLI
// while the UI runs) queues work but never resets or resends the sender's in-flight operations.
// And a pause (operator, or a refused key) outlives a restart.

let peer: Peer;
const dir = tempDir('core-one-sender-');

beforeAll(async () => {
  peer = await startPeer();
}, 60_000);
afterAll(() => stopPeerAndStation(peer, undefined, dir));

const connect = { kind: 'remote', baseUrl: '', apiKey: '', orgId: '', teamId: '' };

describe('one sender per data folder', () => {
  it('a second station on the folder is refused sync.run with STATION_BUSY until the sender closes', async () => {
    const data = `${dir.path}/busy`;
    const a = await openStation(data);
    await a.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await a.call('reels.create', { name: 'One sender A' });
    expect((await a.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).done).toBe(1);
    expect((await a.call('station.status', {})).sync).toMatchObject({ otherSender: false, otherSenderPid: null });

    // A child process (the CLI) on the same folder: it may queue, not send.
    const queued = await runStationAsync(['--data', data, '--json', 'reel', 'create', '--name', 'One sender B']);
    expect(queued.code).toBe(0);
    const refused = await runStationAsync(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '10']);
    expect(refused.code).toBe(1);
    expect(refused.json()).toMatchObject({ error: { code: 'STATION_BUSY', detail: { ownerPid: process.pid } } });
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(/Another station process \(pid \d+\)/);

    // The same in-process: a second station sees the sender and is refused.
    const b = await openStation(data);
    expect((await b.call('station.status', {})).sync).toMatchObject({ otherSender: true, otherSenderPid: process.pid });
    const error = await b.call('sync.run', { untilIdle: true, timeoutSeconds: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).code).toBe('STATION_BUSY');

    // The sender sends what the other process queued; once it closes, the other may send.
    expect((await a.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).done).toBe(2);
    await a.close();
    expect((await b.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).pending).toBe(0);
    expect((await b.call('station.status', {})).sync).toMatchObject({ otherSender: false, otherSenderPid: null });
    await b.close();
    const reels = (await peer.direct.reels.list({ q: 'One sender' })).items.map((r) => r.name).sort();
    expect(reels).toEqual(['One sender A', 'One sender B']);
  });

  it('a sender killed with kill -9 under `npm run` leaves the folder to the next `station sync` at once', async () => {
    const data = `${dir.path}/killed`;
    const a = await openStation(data);
    await a.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await a.call('reels.create', { name: 'Killed sender A' });
    await a.close();

    // npm, then node: the node process that holds the lock is not the one this test spawned.
    const served = await startWithReadyLine('npm', ['run', '--silent', 'station', '--', '--data', data, 'serve', '--port', '0'], { timeoutMs: 60_000 });
    await until(() => syncLockOwner(data)?.pid != null, 'station serve holds the sync lock');
    const senderPid = syncLockOwner(data)!.pid!;
    expect(senderPid).not.toBe(served.child.pid);

    await served.stop('SIGKILL');
    // Dead: an unreaped zombie (its parent npm died with it) or gone; not alive either way.
    await until(() => processDead(senderPid), `the killed sender ${senderPid} is dead`);
    const run = await runStationAsync(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '30']);
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.json()).toMatchObject({ pending: 0, attention: 0 });
    expect((await peer.direct.reels.list({ q: 'Killed sender' })).items.map((r) => r.name)).toEqual(['Killed sender A']);
  }, 90_000);

  it("names no pid when the sender's pid cannot be read, and still refuses", async () => {
    const data = `${dir.path}/no-pid`;
    const b = await openStation(data);
    await b.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    const holder = await startLockHolder(data);
    try {
      expect(holder.ready.held).toBe(true);
      expect((await b.call('station.status', {})).sync).toMatchObject({ otherSender: true, otherSenderPid: holder.ready.pid });
      writeFileSync(join(data, 'sync.lock.pid'), 'garbled');
      expect((await b.call('station.status', {})).sync).toMatchObject({ otherSender: true, otherSenderPid: null });
      const error = await b.call('sync.run', { untilIdle: true, timeoutSeconds: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StationError);
      expect((error as StationError).code).toBe('STATION_BUSY');
      expect((error as StationError).message).toMatch(/^Another station process is sending this data folder's queue;/);
      expect((error as StationError).detail).toEqual({ ownerPid: null });
      holder.send('release');
      expect(await holder.next()).toEqual({ released: true });
      expect((await b.call('station.status', {})).sync).toMatchObject({ otherSender: false, otherSenderPid: null });
    } finally {
      await holder.kill();
      await b.close();
    }
  });

  it('sync.run waits for a sender that is letting go instead of answering STATION_BUSY', async () => {
    const data = `${dir.path}/letting-go`;
    // A generous wait, so the test holds on a loaded machine; hosts use the default (100 ms).
    const b = await openStation(data, { senderWaitMs: 20_000 });
    await b.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await b.call('reels.create', { name: 'Letting go' });
    const holder = await startLockHolder(data);
    try {
      expect(holder.ready.held).toBe(true);
      // The holder lets go 300 ms after it answers; sync.run starts at once and waits for it.
      holder.send('release 300');
      expect(await holder.next()).toEqual({ releasingInMs: 300 });
      expect(await b.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).toMatchObject({ done: 1, pending: 0 });
    } finally {
      await holder.kill();
      await b.close();
    }
  });

  it('a station that syncs in the background (the desktop host) takes over once `station serve` stops', async () => {
    const data = `${dir.path}/handover`;
    const setup = await openStation(data);
    await setup.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await setup.close();

    const served = await startWithReadyLine(process.execPath, ['bin/station.mjs', '--data', data, 'serve', '--port', '0'], { timeoutMs: 60_000 });
    let desk: Awaited<ReturnType<typeof openStation>> | undefined;
    try {
      await until(() => syncLockOwner(data)?.pid === served.child.pid, 'station serve holds the sync lock');
      desk = await openStation(data, { autoSync: true });
      expect((await desk.call('station.status', {})).sync).toMatchObject({ otherSender: true, otherSenderPid: served.child.pid });
      await desk.call('reels.create', { name: 'Handover reel' });

      await served.stop();
      // Its next background try (every 2 s) finds the lock free and takes it (seen from this
      // process, which holds it then); it then sends what is queued, if serve did not first.
      await until(() => syncLockOwner(data)?.pid === process.pid, 'the background station holds the sync lock', 30_000);
      const deadline = Date.now() + 30_000;
      let status = await desk.call('station.status', {});
      while ((status.sync.otherSender || status.queue.done < 1) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await desk.call('station.status', {});
      }
      expect(status.sync).toMatchObject({ otherSender: false, otherSenderPid: null });
      expect(status.queue).toMatchObject({ done: 1, pending: 0, sending: 0 });
      expect((await peer.direct.reels.list({ q: 'Handover reel' })).items).toHaveLength(1);
    } finally {
      await served.stop();
      await desk?.close();
    }
  }, 90_000);

  it('a pause survives a restart and holds the queue until resumed', async () => {
    const data = `${dir.path}/pause`;
    const a = await openStation(data);
    await a.call('profiles.connect', {
      ...connect,
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    await a.call('sync.pause', {});
    await a.call('reels.create', { name: 'Paused reel' });
    await a.close();

    const b = await openStation(data);
    expect((await b.call('station.status', {})).sync).toMatchObject({ paused: true, pauseKind: 'operator', pauseReason: 'Paused by the operator.' });
    expect((await b.call('sync.run', { untilIdle: true, timeoutSeconds: 10 })).pending).toBe(1);
    await b.call('sync.resume', {});
    expect((await b.call('sync.run', { untilIdle: true, timeoutSeconds: 30 })).done).toBe(1);
    expect((await b.call('station.status', {})).sync.paused).toBe(false);
    await b.close();
  });

  it('a pause saved before its kind was kept is known by its English after the update', async () => {
    const data = `${dir.path}/pause-saved-before`;
    await (await openStation(data)).close();
    // What a station of the last release saved when the service refused its key: the English reason alone.
    const db = openDatabase({ dataDir: data });
    writeSetting(db, 'syncPause', { reason: PAUSE_REASONS.apiKeyRefused });
    db.close();
    const station = await openStation(data);
    try {
      expect((await station.call('station.status', {})).sync).toMatchObject({
        paused: true,
        pauseKind: 'apiKeyRefused',
        pauseReason: PAUSE_REASONS.apiKeyRefused,
      });
    } finally {
      await station.close();
    }
  });
});
