import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { daemonPort } from './ports';
import { until } from './until';

// A real IPP Everywhere printer (docs/testing.md, "Real parts"): CUPS's `ippeveprinter` (Debian cups-ipp-utils) on
// 127.0.0.1 with a port of its own, spooling to the test's folder (-d DIR -k), taking PDF and ZPL. It needs DNS-SD: the
// helper starts a D-Bus of its own (a system bus on a socket in the test's folder, DBUS_SYSTEM_BUS_ADDRESS) and an
// avahi-daemon on it in a private mount namespace (its pid file under the test's folder), so nothing of the machine's
// is used or touched and any number run side by side.
//
// The print command (-c) stands for the marking engine: it reports each page on its standard error as
// `ATTR: job-impressions-completed=N`, which makes job-impressions-completed real. With a `paper` file in the control
// folder holding a number, it marks that many pages more and then runs out: `STATE: +media-empty-error`, and the job
// is aborted, as a printer out of paper ends one.

export interface IppEvePrinter {
  uri: string;
  spool: string;
  /** The files of the jobs it received (the spool keeps them). */
  received(): string[];
  /** Run out of paper after `pages` more pages. */
  paperOutAfter(pages: number): void;
  /** Milliseconds per page. */
  pageMs(ms: number): void;
  /** Stops the printer (SIGKILL: as if it crashed). */
  kill(): Promise<void>;
  /** Starts it again with the same name, port and spool (the paper loaded). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const BUS_CONF = (
  socket: string,
) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
`;

const AVAHI_CONF = `[server]
use-ipv4=yes
use-ipv6=no
allow-interfaces=lo
enable-dbus=yes
[publish]
publish-hinfo=no
publish-workstation=no
`;

// The marking engine: pages of a PDF (pdfinfo) or formats of ZPL, one every page-ms, each reported; out of paper
// when the paper file says so.
const ENGINE = `#!/bin/sh
f="$1"
case "$(head -c 4 "$f")" in
  %PDF) pages=$(pdfinfo "$f" | awk '/^Pages:/ {print $2}') ;;
  *) pages=$(grep -o '\\^XZ' "$f" | wc -l) ;;
esac
ms=$(cat "$PRINTER_CONTROL/page-ms" 2>/dev/null || echo 20)
paper=$(cat "$PRINTER_CONTROL/paper" 2>/dev/null || echo "")
n=0
while [ "$n" -lt "$pages" ]; do
  if [ -n "$paper" ] && [ "$paper" -le 0 ]; then
    rm -f "$PRINTER_CONTROL/paper"
    echo "STATE: +media-empty-error" >&2
    echo "ERROR: out of paper" >&2
    exit 1
  fi
  sleep "$(awk "BEGIN {print $ms / 1000}")"
  n=$((n + 1))
  # The paper left is the printer's, not the job's: the next job goes on from it.
  [ -n "$paper" ] && paper=$((paper - 1)) && echo "$paper" > "$PRINTER_CONTROL/paper"
  echo "ATTR: job-impressions-completed=$n" >&2
done
exit 0
`;

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  child.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  return { child, log: () => log };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  await exited;
}

/**
 * Whether something listens on `port`: a connection, never a bind of our own (a probe that binds the port for a moment
 * can be what makes ippeveprinter's own bind fail).
 */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How long ippeveprinter may take to listen (a second or so). */
const START_WITHIN_MS = 90_000;

export async function startIppEvePrinter(
  dir: string,
  name = 'Station Test Printer',
  formats = 'application/pdf,application/vnd.zebra-zpl',
): Promise<IppEvePrinter> {
  const spool = join(dir, 'spool');
  const control = join(dir, 'control');
  const avahiRun = join(dir, 'run-avahi');
  for (const d of [spool, control, avahiRun]) mkdirSync(d, { recursive: true });
  const busSocket = join(dir, 'bus');
  writeFileSync(join(dir, 'bus.conf'), BUS_CONF(busSocket));
  writeFileSync(join(dir, 'avahi.conf'), AVAHI_CONF);
  const engine = join(dir, 'engine.sh');
  writeFileSync(engine, ENGINE);
  chmodSync(engine, 0o755);
  const env = { DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${busSocket}`, PRINTER_CONTROL: control };

  const bus = spawnLogged('dbus-daemon', ['--config-file', join(dir, 'bus.conf'), '--nofork'], env);
  await until(() => readdirSync(dir).includes('bus'), { what: `dbus-daemon's socket (${bus.log()})` });
  const avahi = spawnLogged(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      'mkdir -p /run/avahi-daemon && mount --bind "$1" /run/avahi-daemon && exec avahi-daemon -f "$2" --no-drop-root --no-chroot --no-rlimits',
      'sh',
      avahiRun,
      join(dir, 'avahi.conf'),
    ],
    env,
  );
  await until(() => avahi.log().includes('Server startup complete'), { what: `avahi-daemon to start (${avahi.log()})` });

  // Its port is chosen where the kernel hands out none (./ports.ts); the one time two helpers chose the same, the
  // second ippeveprinter exits, and the first start tries another.
  let port = await daemonPort();
  let printer: ReturnType<typeof spawnLogged> | undefined;
  const launch = async (): Promise<boolean> => {
    printer = spawnLogged('ippeveprinter', ['-n', 'localhost', '-p', String(port), '-d', spool, '-k', '-f', formats, '-c', engine, name], env);
    const started = printer;
    return until(async () => (started.child.exitCode !== null || started.child.signalCode !== null ? 'exited' : (await answers(port)) && 'up'), {
      what: `ippeveprinter on port ${port} (${started.log()})`,
      withinMs: START_WITHIN_MS,
    }).then((state) => state === 'up');
  };
  for (let tried = 1; !(await launch()); tried += 1) {
    if (tried === 3) throw new Error(`ippeveprinter did not start on any of 3 ports. Log:\n${printer?.log()}`);
    port = await daemonPort();
  }

  return {
    uri: `ipp://localhost:${port}/ipp/print`,
    spool,
    received: () =>
      readdirSync(spool, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(pdf|zpl|dat)$/i.test(f))
        .map((f) => join(spool, f)),
    paperOutAfter: (pages) => writeFileSync(join(control, 'paper'), String(pages)),
    pageMs: (ms) => writeFileSync(join(control, 'page-ms'), String(ms)),
    kill: () => stop(printer?.child),
    async restart() {
      if (!(await launch())) throw new Error(`ippeveprinter did not start again on port ${port}. Log:\n${printer?.log()}`);
    },
    async close() {
      await stop(printer?.child);
      await stop(avahi.child);
      await stop(bus.child);
    },
  };
}
