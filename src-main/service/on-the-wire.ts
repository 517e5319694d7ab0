import { subscribe } from 'node:diagnostics_channel';

// When a request is on the wire (docs/sync.md, "Opening at shop scale"). Node's fetch (undici) writes a request only
// when the code that asked it lets it: the transport's own steps before fetch (the token) are promise reactions, a new
// connection is made by the event loop, so a request asked just before long synchronous work (the mirror reading a
// Reel's 10,000 rows, merging a page) would leave only after that work, and the service would start on it late.
// undici publishes each request it creates (synchronously inside fetch) and each request it has written to its
// connection, body included, on its diagnostics channels (`undici:request:create`, `undici:request:bodySent`): what
// `onTheWire` waits for.

type Request = object;

/** While a fetch is being called: what to call once the request it creates is written. */
let creating: ((request: Request) => void) | null = null;
const writtenCallbacks = new WeakMap<Request, () => void>();

function requestOf(message: unknown): Request | null {
  const request = (message as { request?: unknown } | null)?.request;
  return typeof request === 'object' && request !== null ? request : null;
}

subscribe('undici:request:create', (message) => {
  const request = requestOf(message);
  if (creating && request) creating(request);
});
subscribe('undici:request:bodySent', (message) => {
  const request = requestOf(message);
  if (!request) return;
  writtenCallbacks.get(request)?.();
  writtenCallbacks.delete(request);
});

/**
 * Calls `send` (a fetch); `onWritten` is called once the request it makes is written to its connection. A fetch that
 * is not undici's (a test's) never says so: its caller ends the wait when the attempt ends.
 */
export function sendNoting<T>(send: () => T, onWritten: () => void): T {
  const outer = creating;
  creating = (request) => writtenCallbacks.set(request, onWritten);
  try {
    return send();
  } finally {
    creating = outer;
  }
}

/** The requests of one client asked but not written yet: each from its call (its token wait included) until written. */
export interface UnsentRequests {
  /** One request (one attempt of it) asked; the function returned ends it (written, or the attempt ended), once. */
  begin(): () => void;
  /**
   * Resolves once every request asked is on the wire (or its attempt ended), and the event loop has turned once more,
   * so that I/O already waiting (an answer, a proxy or a service in this same process) moves before the caller's long
   * synchronous work.
   */
  onTheWire(): Promise<void>;
}

export function unsentRequests(): UnsentRequests {
  let count = 0;
  let waiting: (() => void)[] = [];
  const allWritten = (): Promise<void> => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)));
  return {
    begin() {
      count += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        count -= 1;
        if (count > 0) return;
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
      };
    },
    async onTheWire() {
      await allWritten();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
