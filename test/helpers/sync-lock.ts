import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './processes';

// Processes that hold a data folder's sync lock (src-main/store/sync-lock.ts) for its tests.

type HolderReady = { ready: true; pid: number; held: boolean; ownerPid: number | null };

export interface LockHolder {
  child: ChildProcess;
  ready: HolderReady;
  /** Sends one command line to test/helpers/sync-lock-holder.ts. */
  send(line: string): void;
  /** The next JSON line the holder prints. */
  next(): Promise<unknown>;
  /** Resolves when the direct child exited. */
  exited: Promise<void>;
  /** SIGKILL to the holder's whole process group; resolves when the direct child exited. */
  kill(): Promise<void>;
}

/**
 * Starts test/helpers/sync-lock-holder.ts in its own process group. `viaNpm`: through
 * `npm exec` (npm → sh → node), the shape of `npm run station -- sync`. Kill it when done.
 */
export function startLockHolder(dataDir: string, options: { viaNpm?: boolean } = {}): Promise<LockHolder> {
  const node = ['--import', 'tsx', join('test', 'helpers', 'sync-lock-holder.ts'), dataDir];
  const [command, args] = options.viaNpm ? ['npm', ['exec', '--offline', '--', 'node', ...node]] : [process.execPath, node];
  const child = spawn(command, args, { cwd: repoRoot, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const queued: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else queued.push(line);
  });
  const nextLine = () => new Promise<string>((resolve) => (queued.length ? resolve(queued.shift()!) : waiting.push(resolve)));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
  };
  return Promise.race([
    nextLine().then((line) => {
      const holder: LockHolder = {
        child,
        ready: JSON.parse(line) as HolderReady,
        send: (l) => child.stdin!.write(`${l}\n`),
        next: async () => JSON.parse(await nextLine()) as unknown,
        exited,
        kill,
      };
      return holder;
    }),
    exited.then(() => {
      throw new Error(`the lock holder exited before it was ready. stderr:\n${stderr}`);
    }),
  ]);
}

/** The state letter of a process in /proc (R, S, Z…), or null once it is gone (reaped). */
export function processState(pid: number): string | null {
  return taskState(`/proc/${pid}/stat`);
}

function taskState(statPath: string): string | null {
  try {
    return /\) (\S)/.exec(readFileSync(statPath, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * True once every thread of the process has exited: it is gone, or a zombie (Z) whose threads are
 * all dead too. A SIGKILLed node shows Z on its main thread while its other threads are still
 * exiting and holding its open files (and their locks); the kernel closes them before a thread dies.
 */
export function processDead(pid: number): boolean {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return true;
  }
  return tasks.every((tid) => ['Z', 'X', null].includes(taskState(`/proc/${pid}/task/${tid}/stat`)));
}

export async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
