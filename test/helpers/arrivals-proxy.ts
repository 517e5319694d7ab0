import { Worker } from 'node:worker_threads';

// A proxy that notes when each request reaches it, even while the test's own thread is busy with synchronous work:
// it answers from a worker thread of its own and counts requests in shared memory (Atomics), so a test can stand for a
// station merging a page (its thread blocked) and still see whether the next request left before that work. The
// service behind it (the sandbox, in the test's process) answers only once the test's thread is free again.

export interface ArrivalsProxy {
  readonly url: string;
  /** How many requests have reached the proxy so far. */
  arrived(): number;
  /** The request lines (method and path) that reached the proxy, in order. */
  lines(): string[];
  /**
   * Blocks this thread (as long synchronous work does) until `count` requests have reached the proxy, at most
   * `withinMs`; true when they did. The bound is the failure's, not a tuned wait: arrivals end it at once.
   */
  blockUntilArrived(count: number, withinMs: number): boolean;
  close(): Promise<void>;
}

const WORKER = new URL('./arrivals-proxy-worker.mjs', import.meta.url);
const LOG_BYTES = 1 << 16;

/** `closeConnections`: each connection is closed after its answer, so every request needs a new one. */
export async function startArrivalsProxy(target: string, options: { closeConnections?: boolean } = {}): Promise<ArrivalsProxy> {
  const counter = new SharedArrayBuffer(4);
  const log = new SharedArrayBuffer(4 + LOG_BYTES);
  const count = new Int32Array(counter);
  const worker = new Worker(WORKER, { workerData: { target, counter, log, closeConnections: options.closeConnections ?? false } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'listening') resolve(m.port as number);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    arrived: () => Atomics.load(count, 0),
    lines: () => {
      const length = Atomics.load(new Int32Array(log, 0, 1), 0);
      return Buffer.from(log, 4, length).toString().split('\n').filter(Boolean);
    },
    blockUntilArrived(wanted, withinMs) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const seen = Atomics.load(count, 0);
        if (seen >= wanted) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        Atomics.wait(count, 0, seen, left);
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        worker.on('message', (m: { type: string }) => {
          if (m.type === 'closed') resolve();
        });
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
