import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../src-sandbox';
import { DEFAULT_CONCURRENCY_BOUNDS } from '../../src-main/sync/concurrency';
import { speckleTag } from '../fixtures';
import { tempDir } from '../helpers/tmp';
import { startWireProxy } from '../helpers/wire-proxy';
import { benchStation, rawEnrollRate } from './drain';
import type { Bench, BenchRow } from './harness';

// The sync engine over a real-looking network (the wire proxy's latency and bandwidth cap), beside what the link
// allows: the raw client at its best fixed concurrency over the same link, the link's own limit (concurrency ÷
// round trip), and for captures the bytes sent ÷ the bandwidth.

const ONE_WAY_MS = 40;
const LABELS = 2_000;
const RAW_TRIAL = 300;
const RAW_CONCURRENCIES = [4, 8, 16, 32];
const CAPTURE_LABELS = 200;
const BYTES_PER_SECOND = 20_000_000 / 8;

async function latencyDrain(): Promise<BenchRow[]> {
  const dir = tempDir('bench-network-');
  const sandbox = await startSandbox({ dataDir: join(dir.path, 'sandbox') });
  const proxy = await startWireProxy(sandbox.baseUrl, { latency: { oneWayMs: ONE_WAY_MS, jitterMs: 4 } });
  try {
    // The raw client: its best fixed concurrency on a short trial, then the full count at that concurrency.
    const trials = new Map<number, number>();
    for (const c of RAW_CONCURRENCIES) trials.set(c, await rawEnrollRate(proxy.url, sandbox, c, RAW_TRIAL, `trial${c}`));
    const [bestConcurrency] = [...trials.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const raw = await rawEnrollRate(proxy.url, sandbox, bestConcurrency, LABELS, 'raw');

    const { station, call } = await benchStation(join(dir.path, 'station'), proxy.url, sandbox);
    const { reelId } = (await call('reels.create', { name: 'network drain' })) as { reelId: string };
    await call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
    // The engine keeps sending once started: held while the queue fills, so the drain is timed from the start.
    await call('sync.pause', {});
    const csv = ['position,text,qr', ...Array.from({ length: LABELS }, (_, n) => `${n + 1},N-${n + 1},nq-${n + 1}`)].join('\n');
    await call('labels.import', { reelId, csv });
    const started = performance.now();
    await call('sync.resume', {});
    const summary = await call('sync.run', { untilIdle: true, timeoutSeconds: 900 });
    const ours = (LABELS / (performance.now() - started)) * 1000;
    const reached = (await call('sync.concurrency.get', {})) as { current: number };
    await station.close();
    if (summary['pending'] !== 0 || summary['attention'] !== 0) throw new Error(`drain did not finish: ${JSON.stringify(summary)}`);
    const roundTripS = (2 * ONE_WAY_MS + 2) / 1000;
    const trialText = [...trials.entries()].map(([c, r]) => `${c}: ${r.toFixed(0)}/s`).join(', ');
    process.stderr.write(`  raw trials (${RAW_TRIAL} Labels each) ${trialText}; station ended at concurrency ${reached.current}\n`);
    return [
      {
        name: `sync drain of ${LABELS.toLocaleString('en')} Labels at ${ONE_WAY_MS} ms one-way`,
        value: ours,
        unit: 'labels/s',
        better: 'higher',
        baseline: { name: `raw client, best fixed concurrency (${bestConcurrency})`, value: raw },
        target: 'ratio ≥ 0.9',
      },
      {
        name: `  the same drain beside the link limit`,
        value: ours,
        unit: 'labels/s',
        better: 'higher',
        baseline: {
          name: `concurrency ${DEFAULT_CONCURRENCY_BOUNDS.max} ÷ round trip ${(roundTripS * 1000).toFixed(0)} ms`,
          value: DEFAULT_CONCURRENCY_BOUNDS.max / roundTripS,
        },
      },
    ];
  } finally {
    await proxy.close();
    await sandbox.close();
    dir.remove();
  }
}

async function captureDrain(): Promise<BenchRow[]> {
  const dir = tempDir('bench-network-captures-');
  const sandbox = await startSandbox({ dataDir: join(dir.path, 'sandbox') });
  const proxy = await startWireProxy(sandbox.baseUrl, { latency: { oneWayMs: ONE_WAY_MS, jitterMs: 4 } });
  try {
    const { station, call } = await benchStation(join(dir.path, 'station'), proxy.url, sandbox);
    const { reelId } = (await call('reels.create', {
      name: 'capture drain',
      expectedIdentifiers: [
        { tagType: 'SVC', count: 1 },
        { tagType: 'TEXT', count: 1 },
      ],
    })) as { reelId: string };
    await call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
    await call('sync.pause', {});
    for (let p = 1; p <= CAPTURE_LABELS; p += 1) {
      const path = join(dir.path, `svc-${p}.jpg`);
      writeFileSync(path, await speckleTag(70_000 + p, { width: 1600, height: 1200, format: 'jpeg' }));
      await call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'TEXT', value: `CAP-${p}` }], svcImagePath: path });
    }
    proxy.set({ bandwidth: { bytesPerSecond: BYTES_PER_SECOND } });
    const bytesBefore = proxy.counts.bytesUp;
    const started = performance.now();
    await call('sync.resume', {});
    const summary = await call('sync.run', { untilIdle: true, timeoutSeconds: 900 });
    const seconds = (performance.now() - started) / 1000;
    const bytes = proxy.counts.bytesUp - bytesBefore;
    await station.close();
    if (summary['pending'] !== 0 || summary['attention'] !== 0) throw new Error(`capture drain did not finish: ${JSON.stringify(summary)}`);
    process.stderr.write(`  ${CAPTURE_LABELS} captures: ${(bytes / 1e6).toFixed(1)} MB sent in ${seconds.toFixed(1)} s\n`);
    return [
      {
        name: `sync drain of ${CAPTURE_LABELS} Labels with 1600×1200 captures through 20 Mbit/s`,
        value: seconds,
        unit: 's',
        better: 'lower',
        baseline: { name: `bytes sent ${(bytes / 1e6).toFixed(0)} MB ÷ bandwidth`, value: bytes / BYTES_PER_SECOND },
        target: 'ratio near 1',
      },
    ];
  } finally {
    await proxy.close();
    await sandbox.close();
    dir.remove();
  }
}

export const networkBench: Bench = {
  name: 'network (drain through latency and a bandwidth cap)',
  async run() {
    return [...(await latencyDrain()), ...(await captureDrain())];
  },
};
