import { spawn, spawnSync } from 'node:child_process';
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

export interface TimedCliResult extends CliResult {
  /** performance.now() when stdout's first full line (the answer) arrived; undefined when none did. */
  answeredAt: number | undefined;
  /** performance.now() when the process exited. */
  exitedAt: number;
}

/**
 * Runs the real `station` bin without blocking this process, noting when its answer (stdout's first
 * line) arrived and when the process exited.
 */
export function runStationTimed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<TimedCliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let answeredAt: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (answeredAt === undefined && stdout.includes('\n')) answeredAt = performance.now();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    let exitedAt = 0;
    child.once('exit', () => (exitedAt = performance.now()));
    // 'close' comes after 'exit', once the pipes are read to their end.
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr, json: () => JSON.parse(stdout) as unknown, answeredAt, exitedAt }));
  });
}
