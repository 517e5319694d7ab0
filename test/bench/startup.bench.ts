import { execFileSync, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createStation } from '../../src-main/station';
import { repoRoot } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { median, timeRuns, type Bench } from './harness';

/** Core start-up (open + migrate + first status) against a raw SQLite open with the same pragmas. */
export const startupBench: Bench = {
  name: 'core start-up',
  async run() {
    const dirs: ReturnType<typeof tempDir>[] = [];
    const fresh = () => {
      const d = tempDir('station-bench-');
      dirs.push(d);
      return d.path;
    };
    const core = await timeRuns(9, async () => {
      const station = await createStation({ dataDir: fresh() });
      await station.call('station.status', {});
      await station.close();
    });
    const raw = await timeRuns(9, () => {
      const db = new Database(join(fresh(), 'raw.sqlite3'));
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, state TEXT)');
      db.prepare('SELECT state, COUNT(*) FROM t GROUP BY state').all();
      db.close();
    });
    // The CLI as a script calls it: one process per command (README, "Command line"), beside a bare
    // `node -e 1` timed in the same loop, so a loaded machine slows both alike.
    const cli = [join(repoRoot, 'bin', 'station.mjs'), '--json', '--data', '', 'status'];
    const spawnMs = (args: string[]) => {
      const start = performance.now();
      const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${run.status}): ${run.stderr}`);
      return performance.now() - start;
    };
    spawnMs(cli.map((a) => a || fresh())); // builds out/cli when it is stale, outside the timing
    const nodeTimes: number[] = [];
    const cliTimes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      nodeTimes.push(spawnMs(['-e', '1']));
      cliTimes.push(spawnMs(cli.map((a) => a || fresh())));
    }
    const rss = (which: string) =>
      median(
        [0, 1, 2].map(() =>
          Number(execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'rss-child.ts'), which], { encoding: 'utf8' })),
        ),
      );
    for (const d of dirs) d.remove();
    return [
      {
        name: 'core start-up (fresh data dir), median',
        value: median(core),
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'raw SQLite open + schema', value: median(raw) },
      },
      {
        name: '`station --json status` (fresh data dir), median',
        value: median(cliTimes),
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'node -e 1', value: median(nodeTimes) },
        target: '< 2x node -e 1 (docs/architecture.md, "Start-up")',
      },
      { name: 'core RSS after start-up', value: rss('core'), unit: 'MB', better: 'lower', baseline: { name: 'node + raw SQLite', value: rss('raw') } },
    ];
  },
};
