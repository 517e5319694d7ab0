import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Envelope } from '../../src-shared/ipc';
import { createServiceClient } from '../../src-main/service';
import { repoRoot, startWithReadyLine } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { median, type Bench } from './harness';

// Processes sharing one bench's data folder (docs/sync.md, "Work queued by other processes"):
// a one-shot command on a folder whose profile is the embedded sandbox, beside the same command on a folder with no
// profile and a bare `node -e 1`, interleaved in one loop; and how long a Label another process queued waits before
// the serving station has it on the service, beside a Label the serving station queued itself.

const RUNS = 11;
const ENROLLS = 7;

function spawnMs(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${run.status}): ${run.stderr}${run.stdout}`);
  return performance.now() - start;
}

function cli(data: string, ...args: string[]): unknown {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), '--data', data, '--json', ...args], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`station ${args.join(' ')} failed (exit ${run.status}): ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout) as unknown;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, everyMs = 10): Promise<T> {
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const sharedFolderBench: Bench = {
  name: 'processes sharing a data folder',
  async run() {
    const sandboxFolder = tempDir('station-bench-sandbox-');
    const emptyFolder = tempDir('station-bench-empty-');
    try {
      cli(sandboxFolder.path, 'connect', '--sandbox');
      const status = (data: string) => [join(repoRoot, 'bin', 'station.mjs'), '--json', '--data', data, 'status'];
      spawnMs(status(emptyFolder.path)); // builds out/cli when it is stale, outside the timing
      const node: number[] = [];
      const withSandbox: number[] = [];
      const noProfile: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        node.push(spawnMs(['-e', '1']));
        withSandbox.push(spawnMs(status(sandboxFolder.path)));
        noProfile.push(spawnMs(status(emptyFolder.path)));
      }

      // `station serve` on the sandbox folder; Labels queued by a CLI process and by the serving station itself.
      const served = await startWithReadyLine<{ ready: true; url: string; token: string }>(
        process.execPath,
        ['bin/station.mjs', 'serve', '--port', '0', '--data', sandboxFolder.path],
        { timeoutMs: 90_000 },
      );
      const fromOther: number[] = [];
      const fromItself: number[] = [];
      try {
        const call = async (name: string, input: unknown): Promise<unknown> => {
          const response = await fetch(`${new URL(served.ready.url).origin}/api/station/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${served.ready.token}` },
            body: JSON.stringify(input),
          });
          const envelope = Envelope.parse(await response.json());
          if (!envelope.ok) throw new Error(`${name}: ${envelope.error.code} ${envelope.error.message}`);
          return envelope.value;
        };
        const advert = join(sandboxFolder.path, 'sandbox', 'served.json');
        const baseUrl = await waitFor(async () => (existsSync(advert) ? (JSON.parse(readFileSync(advert, 'utf8')) as { baseUrl: string }).baseUrl : undefined));
        const { profile } = (await call('station.status', {})) as { profile: { profileId: string; orgId: string; teamId: string } };
        const { profileId, orgId, teamId } = profile;
        const apiKey = readFileSync(join(sandboxFolder.path, 'keys', `${profileId}.key`), 'utf8').trim();
        const direct = createServiceClient({ baseUrl, apiKey, orgId, teamId });
        const { reelId } = (await call('reels.create', { name: 'bench folder' })) as { reelId: string };
        const reel = await waitFor(async () => (await direct.reels.list({ q: 'bench folder' })).items.find((r) => r.name === 'bench folder'), 50);
        const landed = (position: number) =>
          waitFor(async () =>
            (await direct.labels.list({ reelCollectionId: reel.collectionId, pageSize: 100 })).items.some((l) => l.position === position) ? true : undefined,
          );
        let position = 0;
        for (let i = 0; i < ENROLLS; i += 1) {
          position += 1;
          cli(sandboxFolder.path, 'enroll', '--reel', reelId, '--position', String(position), '--text', `OTHER-${position}`);
          const queued = performance.now();
          await landed(position);
          fromOther.push(performance.now() - queued);
          position += 1;
          const start = performance.now();
          await call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `SELF-${position}` }] });
          await landed(position);
          fromItself.push(performance.now() - start);
        }
      } finally {
        await served.stop();
      }
      return [
        {
          name: '`station --json status`, embedded-sandbox folder, median',
          value: median(withSandbox),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'node -e 1', value: median(node) },
        },
        {
          name: '`station --json status`, folder with no profile, median',
          value: median(noProfile),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'node -e 1', value: median(node) },
        },
        {
          name: 'another process enrolls → Label on the service (beside `station serve`), median',
          value: median(fromOther),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'the serving station enrolls it itself', value: median(fromItself) },
          target: '≈ 1 s or less (250 ms poll)',
        },
      ];
    } finally {
      sandboxFolder.remove();
      emptyFolder.remove();
    }
  },
};
