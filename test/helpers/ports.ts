import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// A port for a process a test starts that binds it itself (vpcd, ippeveprinter, a station started again on its port):
// the helper chooses it and lets it go, and the process binds it a moment later. A port found free by binding port 0 is
// in the kernel's ephemeral range, and in that moment the kernel may hand it to another program's port 0 or outgoing
// connection (two test files run at a time: docs/testing.md). So it is chosen below that range, where the kernel hands
// out nothing; two helpers choosing the same one at the same moment is left to the process's start to notice (it
// cannot bind, and the helper chooses again).

/** The first port of the kernel's ephemeral range. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // On every address, as vpcd binds it.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A free port below the ephemeral range, chosen at random so that test runs side by side rarely meet. */
export async function daemonPort(): Promise<number> {
  const high = ephemeralLow() - 1;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (high - 10_000));
    if (await bindable(port)) return port;
  }
}
