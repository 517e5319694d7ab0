import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny HTTP server the client tests script: the layer beneath the client (spec behaviour comes from the
// sandbox in test/integration/service). Binds 127.0.0.1 on port 0 and records every request it receives.

export interface ReceivedRequest {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The connection (tests destroy it to simulate a reset). */
  socket: IncomingMessage['socket'];
}

export type Route = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface LocalService {
  baseUrl: string;
  received: ReceivedRequest[];
  /** Requests to paths starting with the prefix. */
  to(prefix: string): ReceivedRequest[];
  close(): Promise<void>;
}

let requestCounter = 0;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  requestCounter += 1;
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${requestCounter}`, ...headers });
  res.end(JSON.stringify(body));
}

export function sendError(res: ServerResponse, status: number, code: string, detail?: Record<string, unknown>, headers: Record<string, string> = {}): void {
  sendJson(res, status, { code, message: `${code} from the test server`, status, ...(detail ? { detail } : {}) }, headers);
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped token (the client never verifies signatures). */
export function fakeJwt(n: number): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'svc-account', n })}.${Buffer.from(`sig${n}`).toString('base64url')}`;
}

export interface LocalServiceOptions {
  /** false: every answer closes its connection (no pooled sockets left behind when the server goes away). */
  keepAlive?: boolean;
}

export async function startLocalService(route: Route, options: LocalServiceOptions = {}): Promise<LocalService> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    if (options.keepAlive === false) res.shouldKeepAlive = false;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const entry: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        url,
        headers: req.headers,
        body: Buffer.concat(chunks),
        socket: req.socket,
      };
      received.push(entry);
      Promise.resolve(route(entry, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 599, { test: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    to: (prefix) => received.filter((r) => r.path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
