import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface PtyPair {
  /** The station's side (opened as the serial port). */
  station: string;
  /** The scanner's side (the test writes scanner output here). */
  scanner: string;
  /** Stops socat: both ptys vanish, like unplugging the scanner. */
  close(): Promise<void>;
}

/**
 * A socat pty pair under `dir` (docs/testing.md, "Real parts": serial scanner), in its own process group.
 * Ready when socat says it has both ptys (their links made) and starts moving data:
 * a loaded machine makes that slower, never wrong, so there is no deadline here.
 */
export async function openPtyPair(dir: string, name = 'pty'): Promise<PtyPair> {
  const station = join(dir, `${name}-station`);
  const scanner = join(dir, `${name}-scanner`);
  const child = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${station}`, `pty,raw,echo=0,link=${scanner}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('starting data transfer loop')) resolve();
    });
    child.once('error', (error) => reject(new Error(`socat did not start (is socat installed?): ${error.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`socat ended (${code ?? signal}) before the pty pair was ready:\n${log}`)));
  });
  if (!(existsSync(station) && existsSync(scanner))) throw new Error(`socat is running but the pty links are missing:\n${log}`);
  return {
    station,
    scanner,
    async close() {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}
