import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../src-sandbox';
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/ipc';
import { labelFrame } from '../helpers/frames';
import { startWithReadyLine } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { percentile, type Bench, type BenchRow } from './harness';

// A long shift (docs/storage.md, "Long shifts"): one `station serve` process enrolls STATION_SOAK_LABELS Labels (default
// 20,000) through the web host's API, as the UI does, a camera still on every 10th, while it sends them to a sandbox in
// another process. Printed: the enroll latency (p50, p95) of the last 1,000 beside the first 1,000 (target ratio ≤ 1.2),
// the p95 again split by Labels enrolled with a capture and without (the two take different paths, and the 1 in 10 with a
// capture would hide in the mix's p95),
// the serve process's RSS at the end beside after the first 1,000, the data folder's bytes per Label and the log's size.
// `npm run bench soak` runs it alone; STATION_SOAK_LABELS=3000 makes it shorter.

type Ready = { ready: true; url: string; token: string };

const REEL_SIZE = 1_000;
const WINDOW = 1_000;

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

/**
 * Distinct camera stills: a speckle tag of its own each (the service refuses a marking it already holds, however the
 * bytes differ), 1280×720 (the quality gate's least resolution). About 0.1 s each, not timed.
 */
function stills(): () => Promise<Buffer> {
  let n = 0;
  return () => labelFrame({ seed: 20_000 + n++, width: 1280, height: 720 });
}

export const soakBench: Bench = {
  name: 'soak',
  async run(): Promise<BenchRow[]> {
    const count = Number(process.env.STATION_SOAK_LABELS ?? 20_000);
    const sandboxDir = tempDir('bench-soak-sandbox-');
    const dataDir = tempDir('bench-soak-station-');
    const sandbox = await startSandbox({ dataDir: sandboxDir.path, port: 0 });
    const served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', '--data', dataDir.path, 'serve', '--port', '0'], {
      timeoutMs: 120_000,
    });
    const origin = new URL(served.ready.url).origin;
    const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
      const response = await fetch(`${origin}/api/station/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${served.ready.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const envelope = (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
      if (!envelope.ok) throw new Error(`${name}: ${envelope.error?.code} ${envelope.error?.message}`);
      return envelope.value as never;
    };
    const pid = served.child.pid as number;
    try {
      await call('profiles.connect', { kind: 'remote', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
      // The bench's own disk may be small; the soak is about time and memory, not the floor.
      await call('storage.set', { floorBytes: 0 });
      const nextStill = stills();
      const latencies: number[] = [];
      /** Whether each enrollment came with a capture (every 10th). */
      const captured: boolean[] = [];
      let rssAfterFirst = 0;
      let reelId = '';
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        if (i % REEL_SIZE === 0) reelId = (await call('reels.create', { name: `Soak ${i / REEL_SIZE + 1}` })).reelId;
        let captureSha256: string | undefined;
        if (i % 10 === 0) {
          const still = await call('camera.submitStill', { image: (await nextStill()).toString('base64'), mimeType: 'image/jpeg', camera: 'soak camera' });
          if (!still.accepted) throw new Error(`still ${i} not accepted: ${JSON.stringify(still).slice(0, 300)}`);
          captureSha256 = still.sha256;
        }
        const t = performance.now();
        await call('labels.enroll', {
          reelId,
          position: (i % REEL_SIZE) + 1,
          identifiers: [{ tagType: 'TEXT', value: `SOAK-${i}` }],
          indexing: 'none',
          ...(captureSha256 ? { captureSha256 } : {}),
        });
        latencies.push(performance.now() - t);
        captured.push(captureSha256 !== undefined);
        if (i + 1 === Math.min(WINDOW, count)) rssAfterFirst = rssBytes(pid);
        if ((i + 1) % 1000 === 0) process.stderr.write(`  soak: ${i + 1} enrolled (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
      }
      // Everything sent: the queue drains while the bench enrolls, and to the end here.
      for (;;) {
        const status = await call('station.status', {});
        if (status.queue.pending + status.queue.sending === 0) {
          if (status.queue.attention > 0) {
            const item = (await call('queue.list', { state: 'attention', limit: 1 })).items[0];
            throw new Error(`${status.queue.attention} operations need attention, e.g. ${item?.attention?.code}: ${item?.attention?.reason}`);
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
      const rssEnd = rssBytes(pid);
      const first = latencies.slice(0, WINDOW);
      const last = latencies.slice(-WINDOW);
      const kind = (window: number[], offset: number, capture: boolean) => window.filter((_, n) => captured[offset + n] === capture);
      const split = ([capture, words]: [boolean, string]): BenchRow => ({
        name: `  soak enroll p95 ${words}, last ${WINDOW} of ${count}`,
        value: percentile(kind(last, latencies.length - last.length, capture), 95),
        unit: 'ms',
        baseline: { name: `first ${WINDOW}, ${words}`, value: percentile(kind(first, 0, capture), 95) },
        better: 'lower',
        target: 'ratio ≥ 0.83 (last ≤ 1.2 × first)',
      });
      const bytes = folderBytes(dataDir.path);
      const log = statSync(join(dataDir.path, 'logs', 'station.log')).size;
      process.stderr.write(`  soak: ${count} Labels enrolled and sent in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      return [
        {
          name: `soak enroll p50, last ${WINDOW} of ${count}`,
          value: percentile(last, 50),
          unit: 'ms',
          baseline: { name: `first ${WINDOW}`, value: percentile(first, 50) },
          better: 'lower',
          target: 'ratio ≥ 0.83 (last ≤ 1.2 × first)',
        },
        {
          name: `soak enroll p95, last ${WINDOW} of ${count}`,
          value: percentile(last, 95),
          unit: 'ms',
          baseline: { name: `first ${WINDOW}`, value: percentile(first, 95) },
          better: 'lower',
          target: 'ratio ≥ 0.83 (last ≤ 1.2 × first)',
        },
        ...(
          [
            [true, 'with a capture'],
            [false, 'without a capture'],
          ] as [boolean, string][]
        ).map(split),
        {
          name: `soak serve RSS after ${count}`,
          value: rssEnd / 1e6,
          unit: 'MB',
          baseline: { name: `after ${Math.min(WINDOW, count)}`, value: rssAfterFirst / 1e6 },
          better: 'lower',
          target: 'ratio ≥ 0.83',
        },
        { name: 'soak data folder per Label (a capture on every 10th)', value: bytes / count / 1000, unit: 'kB', better: 'lower' },
        { name: `soak log size after ${count}`, value: log / 1000, unit: 'kB', better: 'lower' },
      ];
    } finally {
      await served.stop();
      await sandbox.close();
      dataDir.remove();
      sandboxDir.remove();
    }
  },
};
