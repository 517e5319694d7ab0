import type { CommandInput, CommandName, CommandOutput } from '../../../src-shared/ipc';
import { startWithReadyLine, type Started } from '../processes';
import { tempDir } from '../tmp';

// A `station serve` child with a temp data dir, and a typed way to call it from the test
// (Bearer token), the same contract the UI uses.

type Ready = { ready: true; url: string; token: string };

export interface ServedStation {
  served: Started<Ready>;
  dataDir: string;
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  stop(): Promise<void>;
}

/**
 * Serves a fresh temp data dir (removed on stop), or `dataDir` (kept: a restart on the same folder), on `port` (default:
 * a free one; a restart gives the port it had, so the page it served finds it again).
 */
export async function serveStation(options: { dataDir?: string; port?: number } = {}): Promise<ServedStation> {
  const dir = options.dataDir ? { path: options.dataDir, remove: () => undefined } : tempDir('station-ui-e2e-');
  // STATION_CPU_PROF=<dir>: the served station writes a V8 CPU profile there as it stops (docs/testing.md, "Benchmarks").
  const profile = process.env.STATION_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STATION_CPU_PROF}`] : [];
  const served = await startWithReadyLine<Ready>(
    process.execPath,
    [...profile, 'bin/station.mjs', '--data', dir.path, 'serve', '--port', String(options.port ?? 0)],
    {
      timeoutMs: 60_000,
    },
  );
  const origin = new URL(served.ready.url).origin;
  return {
    served,
    dataDir: dir.path,
    async call(name, input) {
      const response = await fetch(`${origin}/api/station/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${served.ready.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
      const envelope = (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
      if (!envelope.ok) throw new Error(`${name} failed: ${envelope.error?.code} ${envelope.error?.message}`);
      return envelope.value as never;
    },
    async stop() {
      await served.stop();
      dir.remove();
    },
  };
}
