import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope } from '../../../src-shared/ipc';
import { createServiceClient, type ServiceClient } from '../../../src-main/service';
import { byPosition, runStationAsync as station } from '../../helpers/peer';
import { startWithReadyLine, type Started } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

// Processes sharing one bench's data folder (docs/sync.md, "Work queued by other processes";
// docs/architecture.md, "The embedded sandbox"): `station serve` runs on a folder whose profile is the embedded
// sandbox, and CLI commands run beside it from other processes. What the service holds is read on the served
// sandbox directly, with the folder's own key.

type Ready = { ready: true; url: string; token: string };
interface Status {
  profile: { profileId: string; kind: string; baseUrl: string; orgId: string; teamId: string } | null;
  queue: { pending: number; sending: number; done: number; attention: number };
}

const dir = tempDir('shop-folder-');
const data = dir.path;
const sandboxDir = join(data, 'sandbox');
const advertPath = join(sandboxDir, 'served.json');
let served: Started<Ready> | undefined;
let servedUrl = '';
let direct: ServiceClient;
let reelId = '';
let reelServiceId = '';
const reelName = 'Folder reel';

async function ok<T>(...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

/** Every event the serving station pushes to its UI (the web host's SSE stream), from now on. */
async function listen(ready: Ready): Promise<{ events: { name: string; payload: unknown }[]; close(): void }> {
  const abort = new AbortController();
  const response = await fetch(`${new URL(ready.url).origin}/api/station/events`, {
    headers: { authorization: `Bearer ${ready.token}` },
    signal: abort.signal,
  });
  const events: { name: string; payload: unknown }[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as { name: string; payload: unknown });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return { events, close: () => abort.abort() };
}

async function servedStatus(ready: Ready): Promise<Status> {
  const response = await fetch(`${new URL(ready.url).origin}/api/station/station.status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
    body: '{}',
  });
  const envelope = Envelope.parse(await response.json());
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as Status;
}

const labelsOnService = () => direct.labels.listAll({ reelCollectionId: reelServiceId });

beforeAll(async () => {
  // The folder's profile is the embedded sandbox (a first run's default).
  await ok('connect', '--sandbox');
  served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', 'serve', '--port', '0', '--data', data], { timeoutMs: 90_000 });
  // The serving station starts its sandbox as it probes the service, and tells the folder where it listens.
  const advert = await until(() => (existsSync(advertPath) ? (JSON.parse(readFileSync(advertPath, 'utf8')) as { baseUrl: string; pid: number }) : undefined), {
    what: 'the serving station to name its sandbox in sandbox/served.json',
  });
  servedUrl = advert.baseUrl;
  const status = await servedStatus(served.ready);
  const profile = status.profile!;
  const apiKey = readFileSync(join(data, 'keys', `${profile.profileId}.key`), 'utf8').trim();
  direct = createServiceClient({ baseUrl: servedUrl, apiKey, orgId: profile.orgId, teamId: profile.teamId });
}, 180_000);

afterAll(async () => {
  await served?.stop();
  dir.remove();
});

describe('station serve and CLI commands on one data folder', () => {
  it('sends a Reel and a Label that another process queued within about a second, and tells its UI', async () => {
    const ui = await listen(served!.ready);
    try {
      reelId = (await ok<{ reelId: string }>('reel', 'create', '--name', reelName, '--expect', 'TEXT=1')).reelId;
      const reel = await until(async () => (await direct.reels.list({ q: reelName })).items.find((r) => r.name === reelName), {
        what: 'the serving station to send the Reel the CLI queued',
      });
      reelServiceId = reel.collectionId;

      const enroll = await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '1', '--text', 'FOLDER-1']);
      const queuedAt = performance.now();
      expect(enroll.code, enroll.stdout + enroll.stderr).toBe(0);
      const labelId = (enroll.json() as { labelId: string }).labelId;
      await until(async () => (await labelsOnService()).some((l) => l.position === 1), { everyMs: 25, what: 'the Label on the served sandbox' });
      const delayMs = performance.now() - queuedAt;
      console.log(`another process's enroll → Label on the service: ${Math.round(delayMs)} ms`);
      // The poll runs every 250 ms; the rest is one request. Generous for a loaded machine, far below "never".
      expect(delayMs).toBeLessThan(5_000);
      expect([...byPosition(await labelsOnService()).entries()]).toEqual([[1, ['TEXT=FOLDER-1']]]);

      // The UI heard of it: the Label on the Reel map, the queue's counts (use-event-invalidation.ts).
      await until(
        () =>
          ui.events.some((e) => e.name === 'labels.changed' && (e.payload as { labelIds: string[] }).labelIds.includes(labelId)) &&
          ui.events.some((e) => e.name === 'queue.progress'),
        { what: 'labels.changed naming the Label and queue.progress on the UI stream' },
      );
    } finally {
      ui.close();
    }
  }, 120_000);

  it('sends each Label once while CLI syncs run beside it (the serving station stays the one sender)', async () => {
    const runs = await Promise.all([
      station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '2', '--text', 'FOLDER-2']),
      station(['--data', data, '--json', 'sync']),
      station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '3', '--text', 'FOLDER-3']),
      station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '4', '--text', 'FOLDER-4']),
      station(['--data', data, '--json', 'sync']),
    ]);
    for (const [index, run] of runs.entries()) {
      if (index === 1 || index === 4) {
        // The serving station holds the sender lock: the CLI's sync says so and sends nothing.
        expect(run.code, run.stdout + run.stderr).not.toBe(0);
        expect(run.stdout + run.stderr).toContain('STATION_BUSY');
      } else expect(run.code, run.stdout + run.stderr).toBe(0);
    }
    const status = await until(
      async () => {
        const now = await servedStatus(served!.ready);
        return now.queue.pending === 0 && now.queue.sending === 0 ? now : undefined;
      },
      { what: 'the serving station to drain what the CLI queued' },
    );
    expect(status.queue).toMatchObject({ done: 5, attention: 0 });
    await until(async () => (await labelsOnService()).length >= 4, { what: 'four Labels on the served sandbox' });
    // byPosition throws on a position holding two Labels.
    expect([...byPosition(await labelsOnService()).entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, ['TEXT=FOLDER-1']],
      [2, ['TEXT=FOLDER-2']],
      [3, ['TEXT=FOLDER-3']],
      [4, ['TEXT=FOLDER-4']],
    ]);
  }, 180_000);

  it('a CLI command that needs the service uses the sandbox the serving station serves', async () => {
    const found = await ok<{ reels: { serviceId: string; name: string; labelCount: number | null; reelId: string | null }[] }>('reel', 'find', '--q', reelName);
    expect(found.reels).toEqual([expect.objectContaining({ serviceId: reelServiceId, name: reelName, labelCount: 4, reelId })]);
    // A process that starts a sandbox of its own records its address as the profile's; this one started none.
    const status = await ok<Status>('status');
    expect(status.profile?.baseUrl).toBe(servedUrl);
    expect((JSON.parse(readFileSync(advertPath, 'utf8')) as { baseUrl: string }).baseUrl).toBe(servedUrl);
  }, 120_000);
});

describe('CLI commands on an embedded-sandbox folder with no station serving it', () => {
  /** Every change in the sandbox folder (its database opened: the -wal file made) while `run` runs. */
  async function sandboxTouches(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const watcher: FSWatcher = watch(sandboxDir, (event, file) => seen.push(`${event} ${String(file)}`));
    try {
      await run();
      // inotify's events arrive after the process's writes; let them.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      watcher.close();
    }
    return seen.filter((s) => !s.includes('served.json'));
  }

  it('a command that needs no service starts no sandbox; one that needs it starts its own', async () => {
    await served?.stop();
    served = undefined;
    // The serving station withdrew its address as it stopped.
    expect(existsSync(advertPath)).toBe(false);

    expect(
      await sandboxTouches(async () => {
        const status = await ok<Status>('status');
        expect(status.profile?.kind).toBe('sandbox');
        await ok('enroll', '--reel', reelId, '--position', '5', '--text', 'FOLDER-5');
        await ok('queue', '--state', 'pending');
        await ok('reel', 'list');
      }),
    ).toEqual([]);

    // An address left by a station that died (its pid gone, its port closed) is not used: the command starts its own.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(advertPath, JSON.stringify({ pid: gone, baseUrl: servedUrl, startedAt: new Date().toISOString() }));
    let synced: { done: number; pending: number; attention: number } | undefined;
    const touches = await sandboxTouches(async () => {
      synced = await ok('sync');
    });
    expect(touches.length).toBeGreaterThan(0);
    expect(synced).toMatchObject({ pending: 0, attention: 0 });
    const status = await ok<Status>('status');
    expect(status.profile?.baseUrl).not.toBe(servedUrl);
  }, 180_000);
});
