// The thread the arrivals proxy listens on (test/helpers/arrivals-proxy.ts says why it is a thread of its own): an HTTP
// proxy that counts each request as its head arrives, in memory the test's thread reads while it is busy.
import { createServer, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { target, counter, log, closeConnections } = workerData;
const count = new Int32Array(counter);
const logLength = new Int32Array(log, 0, 1);
const logBytes = new Uint8Array(log, 4);
const encoder = new TextEncoder();

const server = createServer((req, res) => {
  // The request's line, kept before it is counted, so a count the test saw names its requests.
  const line = encoder.encode(`${req.method} ${req.url}\n`);
  const at = Atomics.load(logLength, 0);
  if (at + line.length <= logBytes.length) {
    logBytes.set(line, at);
    Atomics.store(logLength, 0, at + line.length);
  }
  Atomics.add(count, 0, 1);
  Atomics.notify(count, 0);
  const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
    // Closing each connection after its answer (as some proxies and load balancers do): every request needs a new one.
    res.writeHead(answer.statusCode ?? 502, closeConnections ? { ...answer.headers, connection: 'close' } : answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
parentPort.on('message', (m) => {
  if (m.type === 'close') {
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ type: 'closed' }));
  }
});
