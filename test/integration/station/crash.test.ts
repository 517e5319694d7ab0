import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src-shared/domain/random';
import { speckleTag } from '../../fixtures';
import { repoRoot } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';
import { byPosition, openStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from '../../helpers/peer';

// `kill -9` of a child station process (`station sync`) at 20+ random moments during a
// 300-Label sync, restart, drain: the service's state equals what was enrolled, exactly once.

const LABELS = 300;
const KILLS = 22;

let peer: Peer;
const dir = tempDir('core-crash-');
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
  dir.remove();
});

function progress(db: Database.Database): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state IN ('sending','done') OR attempts > 0").get() as { n: number }).n;
}

function runSync(dataDir: string) {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), '--data', dataDir, '--json', 'sync', '--until-idle', '--timeout', '120'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, kill: () => child.pid && process.kill(-child.pid, 'SIGKILL') };
}

describe('crash during sync', () => {
  it('survives kill -9 at 20+ random moments and ends with every Label exactly once', async () => {
    const dataDir = join(dir.path, 'station');
    // Each answer is held back a little so a drain spans several kills.
    peer.proxy.random({ delay: 1, delayMs: 60 });
    const s = await openStation(dataDir);
    await s.call('profiles.connect', {
      kind: 'remote',
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    const { reelId } = await s.call('reels.create', { name: 'Crash reel' });
    const rows = ['position,text,qr,svc'];
    const expected = new Map<number, string[]>();
    for (let p = 1; p <= LABELS; p += 1) {
      let svc = '';
      if (p % 30 === 0) {
        svc = `tag-${p}.jpg`;
        writeFileSync(join(dir.path, svc), await speckleTag(9000 + p, { width: 320, height: 240, format: 'jpeg' }));
      }
      rows.push(`${p},C-${p},cq-${p},${svc}`);
      expected.set(p, [`QR=cq-${p}`, `TEXT=C-${p}`, ...(svc ? ['SVC'] : [])].sort());
    }
    writeFileSync(join(dir.path, 'print.csv'), rows.join('\n'));
    await s.call('labels.import', { reelId, path: join(dir.path, 'print.csv') });
    await s.close();

    const watch = new Database(join(dataDir, 'station.sqlite3'), { readonly: true });
    const prng = seededRandom(7);
    let kills = 0;
    try {
      while (kills < KILLS) {
        const before = progress(watch);
        const run = runSync(dataDir);
        // Kill at a random moment after this run started sending (or while it starts up).
        const deadline = Date.now() + 20_000;
        const early = prng.next() < 0.2;
        while (!early && progress(watch) === before && Date.now() < deadline && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, prng.int(0, early ? 1500 : 250)));
        if (run.child.exitCode !== null) break;
        run.kill();
        await run.exited;
        kills += 1;
      }
      expect(kills).toBeGreaterThanOrEqual(20);
      // The kills fell inside the drain: some operations were sent, not all were finished.
      const sent = progress(watch);
      expect(sent).toBeGreaterThan(20);
      expect((watch.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state <> 'done'").get() as { n: number }).n).toBeGreaterThan(0);
      peer.proxy.random({});
      const final = runSync(dataDir);
      await final.exited;
      expect(JSON.parse(final.stdout())).toEqual({ done: LABELS + 1, pending: 0, attention: 0 });
    } finally {
      watch.close();
    }
    const reels = await serviceReelsNamed(peer, 'Crash reel');
    expect(reels).toHaveLength(1);
    expect(byPosition(await serviceLabels(peer, reels[0]!.collectionId))).toEqual(expected);
  }, 175_000);
});
