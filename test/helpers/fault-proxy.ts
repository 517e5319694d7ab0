import { createConnection, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy between the station and the sandbox that breaks requests on purpose
// (docs/testing.md, "Real parts"). A fault is taken per request: the first chunk a client sends
// while no answer is awaited on its connection starts a request.
//   reset  — the connection is reset before the request reaches the service;
//   drop   — the request reaches the service, the answer is dropped and the connection reset;
//   delay  — the answer is held back for `ms` (past the client's timeout).
// `down()` resets every new connection as it opens (offline); `refuse()` stops listening, so a connection is refused
// (ECONNREFUSED: the service's host is up, nothing listens); `up()` lets them through again, on the same port.

export type Fault = { kind: 'reset' } | { kind: 'drop' } | { kind: 'delay'; ms: number };

export interface FaultProxy {
  url: string;
  /** Queue faults for the next requests, in order. */
  next(...faults: Fault[]): void;
  /** Each request independently gets a fault with these probabilities (after queued ones run out). */
  random(probabilities: { reset?: number; drop?: number; delay?: number; delayMs?: number }, rng?: () => number): void;
  down(): void;
  refuse(): Promise<void>;
  up(): void;
  counts: { requests: number; reset: number; drop: number; delay: number };
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const queued: Fault[] = [];
  let odds: { reset: number; drop: number; delay: number; delayMs: number } | null = null;
  let rng = Math.random;
  let refusing = false;
  const sockets = new Set<Socket>();
  const counts = { requests: 0, reset: 0, drop: 0, delay: 0 };

  function pick(): Fault | null {
    const fault = queued.shift();
    if (fault) return fault;
    if (!odds) return null;
    const r = rng();
    if (r < odds.reset) return { kind: 'reset' };
    if (r < odds.reset + odds.drop) return { kind: 'drop' };
    if (r < odds.reset + odds.drop + odds.delay) return { kind: 'delay', ms: odds.delayMs };
    return null;
  }

  const server: Server = createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    sockets.add(client);
    const upstream = createConnection(target);
    sockets.add(upstream);
    let awaiting = false;
    let current: Fault | null = null;
    const kill = () => {
      client.resetAndDestroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      if (!awaiting) {
        awaiting = true;
        counts.requests += 1;
        current = pick();
        if (current) counts[current.kind] += 1;
        if (current?.kind === 'reset') {
          kill();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      awaiting = false;
      const fault = current;
      if (fault?.kind === 'drop') {
        kill();
        return;
      }
      if (fault?.kind === 'delay') {
        upstream.pause();
        setTimeout(() => {
          if (!client.destroyed) client.write(chunk);
          upstream.resume();
        }, fault.ms);
        current = null;
        return;
      }
      client.write(chunk);
    });
    const cleanup = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', cleanup);
    upstream.on('close', cleanup);
    client.on('error', cleanup);
    upstream.on('error', cleanup);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    next: (...faults) => queued.push(...faults),
    random(probabilities, random) {
      odds = { reset: probabilities.reset ?? 0, drop: probabilities.drop ?? 0, delay: probabilities.delay ?? 0, delayMs: probabilities.delayMs ?? 0 };
      if (random) rng = random;
    },
    down() {
      refusing = true;
      for (const s of sockets) s.destroy();
    },
    async refuse() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up() {
      refusing = false;
      // Bound at once (Node binds a TCP server synchronously; 'listening' follows on the next tick).
      if (!server.listening) server.listen(port, '127.0.0.1');
    },
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
