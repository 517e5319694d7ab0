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

/** A socat pty pair under `dir` (TESTING.md: serial scanner), in its own process group. */
export async function openPtyPair(dir: string, name = 'pty'): Promise<PtyPair> {
  const station = join(dir, `${name}-station`);
  const scanner = join(dir, `${name}-scanner`);
  const child = spawn('socat', [`pty,raw,echo=0,link=${station}`, `pty,raw,echo=0,link=${scanner}`], { detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 5000;
  while (!(existsSync(station) && existsSync(scanner))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('socat did not create the pty pair (is socat installed?)');
    await new Promise((r) => setTimeout(r, 20));
  }
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
