import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './processes';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json(): unknown;
}

/** Runs the real `station` bin in a child process. */
export function runStation(args: string[], env: NodeJS.ProcessEnv = {}): CliResult {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {
    code: run.status ?? -1,
    stdout: run.stdout,
    stderr: run.stderr,
    json: () => JSON.parse(run.stdout),
  };
}
