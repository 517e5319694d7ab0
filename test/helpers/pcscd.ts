import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

// pcscd in the foreground, in the test's own process group, with a reader.conf.d of
// its own that loads only vpcd (the virtual reader) on a free port. pcscd's client
// socket is fixed at /run/pcscd/pcscd.comm (1.9.x ignores PCSCLITE_CSOCK_NAME), so
// only one pcscd can run at a time on the machine; it needs root to create /run/pcscd.

export const PCSCD_SOCKET = '/run/pcscd/pcscd.comm';
const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so';

export interface Pcscd {
  /** The TCP port vpcd's first reader ("Virtual PCD 00 00") waits for a card on. */
  cardPort: number;
  readerName: string;
  /** Stops pcscd's process group with `signal` (SIGKILL: as if it crashed). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts pcscd again with the same configuration (after kill). */
  restart(): Promise<void>;
  /** Stops pcscd for good and gives the machine back its own pcscd socket activation, if it had one. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function answers(port: number | string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = typeof port === 'number' ? createConnection(port, '127.0.0.1') : createConnection(port);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const LOCK = '/tmp/station-test-pcscd.lock';

/** A process's start time (clock ticks since boot, /proc/PID/stat field 22): with the pid it names one process, even after the pid is reused. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner (pid and start time) still runs: a pid reused by another process is not the owner. */
function ownerAlive(owner: string): boolean {
  const [pid, started] = owner.trim().split(':');
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 && started !== undefined && startTimeOf(n) === started;
}

/** Only one pcscd per machine: test runs that overlap (two vitest runs) take turns. */
async function takeLock(timeoutMs = 120_000): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), `${process.pid}:${startTimeOf(process.pid) ?? ''}`);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      const owner = readFileSync(join(LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' });
      if (!ownerAlive(owner)) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Another test run holds ${LOCK} (pid ${owner.split(':')[0]}) and its pcscd.`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * A pcscd left by a test run that died (its config is one of ours, and we hold the lock, so its owner is gone):
 * killed, so this run can start its own.
 */
function killOrphanedTestPcscd(): boolean {
  let pid: number;
  try {
    // pcscd writes its pid, a line break and a NUL.
    pid = Number.parseInt(readFileSync('/run/pcscd/pcscd.pid', 'utf8'), 10);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('station-nfc-')) return false;
  } catch {
    return false;
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return false;
  }
  for (let i = 0; i < 100 && startTimeOf(pid) !== null; i += 1) spawnSync('sleep', ['0.05']);
  rmSync(PCSCD_SOCKET, { force: true });
  return true;
}

export async function startPcscd(dir: string): Promise<Pcscd> {
  const release = await takeLock();
  try {
    return await startLocked(dir, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function startLocked(dir: string, release: () => void): Promise<Pcscd> {
  if (!existsSync(VPCD_DRIVER)) throw new Error(`vpcd is not installed (${VPCD_DRIVER}); install the Debian package vsmartcard-vpcd.`);
  // On a machine with systemd, installing pcscd enables socket activation: pause it so this
  // test owns the one pcscd (and can kill it), and bring it back when the test stops.
  let pausedSystemd = false;
  if ((await answers(PCSCD_SOCKET)) && killOrphanedTestPcscd()) {
    // An earlier test run's pcscd, orphaned when that run died: gone now.
  }
  if (await answers(PCSCD_SOCKET)) {
    pausedSystemd = spawnSync('systemctl', ['stop', 'pcscd.socket', 'pcscd.service'], { stdio: 'ignore' }).status === 0;
    if (await answers(PCSCD_SOCKET)) throw new Error(`A pcscd already runs (${PCSCD_SOCKET} answers); these tests start their own. Stop it first.`);
  }
  const cardPort = await freePort();
  const confDir = join(dir, 'reader.conf.d');
  mkdirSync(confDir, { recursive: true });
  const channel = `0x${cardPort.toString(16).toUpperCase()}`;
  writeFileSync(join(confDir, 'vpcd'), `FRIENDLYNAME "Virtual PCD"\nDEVICENAME   /dev/null:${channel}\nLIBPATH      ${VPCD_DRIVER}\nCHANNELID    ${channel}\n`);

  let child: ChildProcess | undefined;
  let log = '';
  const launch = async () => {
    const started = spawn('pcscd', ['--foreground', '--config', confDir, '--info'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
    started.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
    // Up when both its socket and vpcd's card port answer; no deadline of our own (a loaded
    // machine only makes that slower): a pcscd that gives up exits, and that is the failure.
    while (!((await answers(PCSCD_SOCKET)) && (await answers(cardPort)))) {
      if (started.exitCode !== null) throw new Error(`pcscd did not start (run as root?). Log:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    try {
      process.kill(-running.pid, signal);
    } catch {
      // already gone
    }
    await exited;
  };
  await launch();
  return {
    cardPort,
    readerName: 'Virtual PCD 00 00',
    kill: stop,
    restart: launch,
    async close() {
      await stop('SIGTERM');
      if (pausedSystemd) spawnSync('systemctl', ['start', 'pcscd.socket'], { stdio: 'ignore' });
      release();
    },
  };
}
