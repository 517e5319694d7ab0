import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Started<T> {
  child: ChildProcess;
  ready: T;
  stderr(): string;
  /** Stops the process group and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a command in its own process group and resolves with the first stdout
 * line that parses as JSON with `ready: true` (the station's and sandbox's ready line).
 */
export function startWithReadyLine<T extends { ready: true }>(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {},
): Promise<Started<T>> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    await exited;
  };
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not print its ready line in time. stderr:\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as T;
        if (parsed.ready === true) {
          clearTimeout(timer);
          resolveReady({ child, ready: parsed, stderr: () => stderr, stop });
        }
      } catch {
        // not the ready line
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready. stderr:\n${stderr}`));
    });
  });
}
