import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src-shared/domain/random';
import { repoRoot } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { byPosition, openStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from '../../helpers/peer';

// The bench's own work first (docs/sync.md, "Lanes"): Labels saved at the Bench while the sender drains a large
// print-data import are sent ahead of it, each lane in queue order, and a `kill -9` of the sender in the middle of it
// loses nothing and doubles nothing.

const IMPORTED = 3_000;
const ROUNDS = 4;
const PER_ROUND = 3;

let peer: Peer;
const dir = tempDir('bench-lane-');
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
  dir.remove();
});

interface OpRow {
  id: string;
  seq: number;
  lane: number;
  state: string;
  attempts: number;
  first_attempt_at: string | null;
}

function runSync(dataDir: string) {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), '--data', dataDir, '--json', 'sync', '--until-idle', '--timeout', '300'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, kill: () => child.pid && process.kill(-child.pid, 'SIGKILL') };
}

describe('the bench lane', () => {
  it('sends Bench Labels ahead of a large import, keeps each lane in order, and loses or doubles nothing under kill -9', async () => {
    const dataDir = join(dir.path, 'station');
    // Each answer is held back a little, so the import drains across every round.
    peer.proxy.random({ delay: 1, delayMs: 40 });
    const s = await openStation(dataDir);
    await s.call('profiles.connect', {
      kind: 'remote',
      baseUrl: peer.proxy.url,
      apiKey: peer.sandbox.apiKey,
      orgId: peer.sandbox.orgId,
      teamId: peer.sandbox.teamId,
    });
    const { reelId } = await s.call('reels.create', { name: 'Lane reel' });
    const rows = ['position,text,qr'];
    const expected = new Map<number, string[]>();
    for (let p = 1; p <= IMPORTED; p += 1) {
      rows.push(`${p},L-${p},lq-${p}`);
      expected.set(p, [`QR=lq-${p}`, `TEXT=L-${p}`]);
    }
    writeFileSync(join(dir.path, 'print.csv'), rows.join('\n'));
    await s.call('labels.import', { reelId, path: join(dir.path, 'print.csv') });

    const watch = new Database(join(dataDir, 'station.sqlite3'), { readonly: true });
    const ops = () =>
      watch.prepare("SELECT id, seq, lane, state, attempts, first_attempt_at FROM outbox WHERE kind = 'enrollLabel' ORDER BY seq").all() as OpRow[];
    const doneCount = () => (watch.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state = 'done'").get() as { n: number }).n;
    /** For each Bench Label: the import's operations not yet tried when it was saved. */
    const untriedAtSave = new Map<string, Set<string>>();
    const prng = seededRandom(11);
    let next = IMPORTED + 1;
    let kills = 0;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const run = runSync(dataDir);
        // Saved while the sender is sending the import.
        const before = doneCount();
        await until(() => doneCount() > before + 20 || run.child.exitCode !== null, { what: 'the sender at work' });
        expect(run.child.exitCode).toBeNull();
        for (let i = 0; i < PER_ROUND; i += 1) {
          const untried = new Set(
            ops()
              .filter((o) => o.lane === 1 && o.attempts === 0)
              .map((o) => o.id),
          );
          const position = next++;
          const { opId } = await s.call('labels.enroll', {
            reelId,
            position,
            identifiers: [
              { tagType: 'TEXT', value: `B-${position}` },
              { tagType: 'QR', value: `bq-${position}` },
            ],
          });
          untriedAtSave.set(opId as string, untried);
          expected.set(position, [`QR=bq-${position}`, `TEXT=B-${position}`]);
        }
        // Killed once the round's Bench Labels went out (or at a random moment after they were saved).
        const benchIds = [...untriedAtSave.keys()];
        if (prng.next() < 0.5) await new Promise((r) => setTimeout(r, prng.int(0, 300)));
        else
          await until(
            () =>
              ops()
                .filter((o) => benchIds.includes(o.id))
                .every((o) => o.attempts > 0) || run.child.exitCode !== null,
            { what: 'the sender at work' },
          );
        expect(run.child.exitCode).toBeNull();
        run.kill();
        await run.exited;
        kills += 1;
      }
      // The kills fell inside the import's drain.
      expect(kills).toBe(ROUNDS);
      expect(ops().filter((o) => o.lane === 1 && o.state !== 'done').length).toBeGreaterThan(IMPORTED / 4);
      peer.proxy.random({});
      const final = runSync(dataDir);
      await final.exited;
      expect(JSON.parse(final.stdout())).toEqual({ done: IMPORTED + ROUNDS * PER_ROUND + 1, pending: 0, attention: 0 });

      const all = ops();
      const byId = new Map(all.map((o) => [o.id, o]));
      // Every Bench Label went out before (or with) the import's operations that waited when it was saved: the sender
      // sees new work at its next claim, so at most a window of the import's may go between (the concurrency's bound).
      for (const [opId, untried] of untriedAtSave) {
        const bench = byId.get(opId) as OpRow;
        expect(bench.lane).toBe(0);
        const overtook = [...untried].filter((id) => (byId.get(id)?.first_attempt_at ?? '') < (bench.first_attempt_at as string));
        expect(overtook.length, `import operations sent before the Bench Label ${bench.seq}`).toBeLessThanOrEqual(16);
        expect(untried.size - overtook.length).toBeGreaterThan(IMPORTED / 4);
      }
      // Each lane went out in queue order (a claim takes a lane's first ready operations; none waited for a backoff).
      for (const lane of [0, 1]) {
        const times = all.filter((o) => o.lane === lane).map((o) => o.first_attempt_at as string);
        expect(times.every((t, i) => i === 0 || (times[i - 1] as string) <= t)).toBe(true);
      }
    } finally {
      watch.close();
      await s.close();
    }
    // Exactly once on the service: every Label at its position with its values, none twice.
    const reels = await serviceReelsNamed(peer, 'Lane reel');
    expect(reels).toHaveLength(1);
    const labels = await serviceLabels(peer, reels[0]!.collectionId);
    expect(labels).toHaveLength(IMPORTED + ROUNDS * PER_ROUND);
    expect(byPosition(labels)).toEqual(expected);
  }, 300_000);
});
