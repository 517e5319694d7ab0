import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { daemonPort } from './ports';
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
// vpcd's card port is the one thing shared with the machine: vpcd binds it itself, after the helper chose it
// (./ports.ts: below the kernel's ephemeral range; a port found free by binding port 0 once went to another test's
// connection before vpcd bound it, pcscd started without its reader and the wait for it never ended). When another
// test run chose the same port, pcscd says "Could not initialize connection to virtual ICC" and starts on another.

const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so';

export interface Pcscd {
  /** This pcscd's client socket: set PCSCLITE_CSOCK_NAME to it before the first PC/SC call. */
  socket: string;
  /** The TCP port vpcd's first reader ("Virtual PCD 00 00") waits for a card on (another after a restart that found it taken). */
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

/** How long pcscd may take to say it is ready (its log's "daemon ready"); it takes a second or two. */
const START_WITHIN_MS = 90_000;
/** Ports tried before giving up: each failed one was taken by another program after it was found free. */
const PORT_TRIES = 5;

function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
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
  const confDir = join(dir, 'reader.conf.d');
  mkdirSync(confDir, { recursive: true });
  let cardPort = 0;
  const configure = async () => {
    cardPort = await daemonPort();
    const channel = `0x${cardPort.toString(16).toUpperCase()}`;
    writeFileSync(
      join(confDir, 'vpcd'),
      `FRIENDLYNAME "Virtual PCD"\nDEVICENAME   /dev/null:${channel}\nLIBPATH      ${VPCD_DRIVER}\nCHANNELID    ${channel}\n`,
    );
  };
  await configure();

  let child: ChildProcess | undefined;
  let log = '';
  let insertions = 0;
  let removals = 0;
  let partial = '';
  // This start's pcscd: ready (its readers set up), or its vpcd reader could not take the card port.
  let ready = false;
  let readerFailed = false;
  // Counted by whole lines: a line may arrive split over two chunks.
  const watch = (c: Buffer) => {
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('Card inserted into')) insertions += 1;
      if (line.includes('Card Removed From')) removals += 1;
      if (line.includes('Could not initialize connection to virtual ICC')) readerFailed = true;
      if (line.includes('daemon ready')) ready = true;
    }
    log = (log + c.toString()).slice(-4000);
  };
  const startOnce = async (): Promise<'up' | 'port taken'> => {
    ready = false;
    readerFailed = false;
    partial = '';
    // A socket left by a pcscd killed with -9 is only a file: pcscd replaces it on start.
    const script = 'mkdir -p /run/pcscd && mount --bind "$1" /run/pcscd && exec pcscd --foreground --config "$2" --info';
    const started = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', runDir, confDir], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', watch);
    started.stderr?.on('data', watch);
    // pcscd sets up its readers (vpcd binds the card port) before it says "daemon ready"; then its socket answers.
    // Bounded: a pcscd the test started that neither says so nor exits is a failure naming its log, never a hang.
    const deadline = Date.now() + START_WITHIN_MS;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`pcscd did not start in its own mount namespace (unshare and mount need root). Log:\n${log}`);
      if (readerFailed) return 'port taken';
      if (ready && (await answers(socket))) return 'up';
      if (Date.now() > deadline) throw new Error(`pcscd did not say it was ready with its socket answering within ${START_WITHIN_MS / 1000} s. Log:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const launch = async () => {
    for (let tried = 1; ; tried += 1) {
      if ((await startOnce()) === 'up') return;
      await stop('SIGTERM');
      if (tried === PORT_TRIES) throw new Error(`vpcd could not take a card port in ${PORT_TRIES} tries (another program took each). Log:\n${log}`);
      await configure();
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
    get cardPort() {
      return cardPort;
    },
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
