import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { until } from './until';

// pcscd in the foreground, in the test's own process group, with a reader.conf.d of
// its own that loads only vpcd (the virtual reader) on a free port. pcscd 1.9.x binds its
// client socket at the fixed /run/pcscd/pcscd.comm (it ignores PCSCLITE_CSOCK_NAME), so
// each test's pcscd runs in a private mount namespace (util-linux `unshare`, root) where
// /run/pcscd is a bind mount of the test's own folder: its socket and pid file land
// there, never in the machine's /run/pcscd. Whatever else runs on the machine (a system
// pcscd started by apt, socket activation, another test run's pcscd) is neither seen
// nor touched, and any number of these run side by side. The client side (libpcsclite
// and the station's probe) honours PCSCLITE_CSOCK_NAME: the test points it at `socket`.

const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so';

export interface Pcscd {
  /** This pcscd's client socket: set PCSCLITE_CSOCK_NAME to it before the first PC/SC call. */
  socket: string;
  /** The TCP port vpcd's first reader ("Virtual PCD 00 00") waits for a card on. */
  cardPort: number;
  readerName: string;
  /** Cards pcscd has seen arrive on the reader so far (its log's "Card inserted into"). */
  insertions(): number;
  /** Cards pcscd has seen leave the reader so far (its log's "Card Removed From"): a card placed before pcscd saw the last one leave is no new card to it. */
  removals(): number;
  /** Stops pcscd's process group with `signal` (SIGKILL: as if it crashed). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts pcscd again with the same configuration (after kill). */
  restart(): Promise<void>;
  /** Stops pcscd for good. */
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

/** Starts a pcscd of the test's own under `dir` (docs/testing.md, "Real parts"). */
export async function startPcscd(dir: string): Promise<Pcscd> {
  if (!existsSync(VPCD_DRIVER)) throw new Error(`vpcd is not installed (${VPCD_DRIVER}); install the Debian package vsmartcard-vpcd.`);
  const runDir = join(dir, 'run-pcscd');
  mkdirSync(runDir, { recursive: true });
  const socket = join(runDir, 'pcscd.comm');
  const cardPort = await freePort();
  const confDir = join(dir, 'reader.conf.d');
  mkdirSync(confDir, { recursive: true });
  const channel = `0x${cardPort.toString(16).toUpperCase()}`;
  writeFileSync(join(confDir, 'vpcd'), `FRIENDLYNAME "Virtual PCD"\nDEVICENAME   /dev/null:${channel}\nLIBPATH      ${VPCD_DRIVER}\nCHANNELID    ${channel}\n`);

  let child: ChildProcess | undefined;
  let log = '';
  let insertions = 0;
  let removals = 0;
  let partial = '';
  // Counted by whole lines: a line may arrive split over two chunks.
  const watch = (c: Buffer) => {
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('Card inserted into')) insertions += 1;
      if (line.includes('Card Removed From')) removals += 1;
    }
    log = (log + c.toString()).slice(-4000);
  };
  const launch = async () => {
    // A socket left by a pcscd killed with -9 is only a file: pcscd replaces it on start.
    const script = 'mkdir -p /run/pcscd && mount --bind "$1" /run/pcscd && exec pcscd --foreground --config "$2" --info';
    const started = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', runDir, confDir], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', watch);
    started.stderr?.on('data', watch);
    // Up when both its socket and vpcd's card port answer; no deadline of our own (a loaded
    // machine only makes that slower): a pcscd that gives up exits, and that is the failure.
    while (!((await answers(socket)) && (await answers(cardPort)))) {
      if (started.exitCode !== null) throw new Error(`pcscd did not start in its own mount namespace (unshare and mount need root). Log:\n${log}`);
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
    socket,
    cardPort,
    readerName: 'Virtual PCD 00 00',
    insertions: () => insertions,
    removals: () => removals,
    kill: stop,
    restart: launch,
    async close() {
      await stop('SIGTERM');
    },
  };
}

/** How long pcscd may take to see a card the test placed or took away (it polls vpcd a few times a second). */
const SEEN_WITHIN_MS = 30_000;

/**
 * Places a card on `pcscd`'s vpcd reader as a person does, one after the other (docs/testing.md, "pcscd + vpcd"):
 * first waits until pcscd has seen every earlier card leave, then places it and waits until pcscd has seen it
 * arrive. vpcd takes one card at a time; a card placed before pcscd polled the last one away is, to pcscd and
 * every PC/SC client, the same card still lying there (no removal, no insertion), and a client waiting for a new
 * card waits for ever. Both waits are bounded: a card pcscd never sees fails the test, naming what it waited for.
 */
export async function present<C>(pcscd: Pcscd, place: () => Promise<C>): Promise<C> {
  await until(() => pcscd.removals() >= pcscd.insertions(), {
    what: 'pcscd to see the reader empty before the next card is placed',
    withinMs: SEEN_WITHIN_MS,
  });
  const arrived = pcscd.insertions() + 1;
  const card = await place();
  await until(() => pcscd.insertions() >= arrived, { what: 'pcscd to see the card placed', withinMs: SEEN_WITHIN_MS });
  return card;
}

/** Takes `card` away (a torn write may have taken it already) and waits, bounded, until pcscd has seen it leave. */
export async function takeAway(pcscd: Pcscd, card: { remove(): Promise<void> }): Promise<void> {
  await card.remove();
  await until(() => pcscd.removals() >= pcscd.insertions(), { what: 'pcscd to see the card leave', withinMs: SEEN_WITHIN_MS });
}
