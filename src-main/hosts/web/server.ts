import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Station } from '../../station';
import { allowedHosts, allowedOrigins, bearer, readCookie, tokenMatches } from './auth';

export interface WebHostOptions {
  station: Station;
  /** 0 picks a free port. */
  port?: number;
  /** Built renderer (out/renderer); absent means the API only, with a clear page. */
  rendererDir?: string;
  /** The token to demand (`station serve`: the data folder's, token-file.ts); otherwise a random one per start. */
  token?: string;
}

export interface WebHost {
  url: string;
  /** The URL that signs a browser in (sets the session cookie, then redirects). */
  loginUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const COOKIE = 'station_token';
const HEARTBEAT_MS = 15_000;

/**
 * The web host: the station contract over HTTP (POST /api/station/<command>)
 * and its events over SSE (GET /api/station/events), plus the built renderer.
 * Listens on 127.0.0.1 only. Every request must carry the per-start token
 * (bearer header or the cookie set by /?token=…); Host and Origin are checked
 * so another site in the same browser can neither read nor drive the station.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true });
  let port = 0;

  app.addHook('onRequest', async (request, reply) => {
    if (!allowedHosts(port).has(request.headers.host ?? '')) {
      return reply.code(421).send({ code: 'STATION_BAD_HOST', message: 'Wrong Host header: open the station at the URL it printed (127.0.0.1).' });
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins(port).has(origin)) {
      return reply.code(403).send({ code: 'STATION_BAD_ORIGIN', message: `Requests from ${origin} are not allowed.` });
    }
    const url = new URL(request.url, 'http://127.0.0.1');
    const queryToken = url.searchParams.get('token') ?? undefined;
    if (request.method === 'GET' && url.pathname === '/' && queryToken !== undefined) {
      if (!tokenMatches(token, queryToken)) {
        return reply.code(401).send({ code: 'STATION_UNAUTHORIZED', message: 'Wrong station token: use the URL the station printed at start.' });
      }
      return reply.header('set-cookie', `${COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`).redirect('/');
    }
    const presented = bearer(request.headers.authorization) ?? readCookie(request.headers.cookie, COOKIE);
    if (!tokenMatches(token, presented)) {
      return reply.code(401).send({
        code: 'STATION_UNAUTHORIZED',
        message: 'Missing or wrong station token: open the URL the station printed at start, or send "Authorization: Bearer <token>".',
      });
    }
    return undefined;
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    return payload;
  });

  // Commands carry camera stills as base64 (camera.submitStill: up to 40 MB of image), so the
  // body limit here is above the contract's own size check, which gives the clear error.
  app.post<{ Params: { command: string } }>('/api/station/:command', { bodyLimit: 64 * 1024 * 1024 }, async (request) => {
    return options.station.call(request.params.command, request.body ?? {});
  });

  app.get('/api/station/events', (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = options.station.subscribe((name, payload) => {
      res.write(`data: ${JSON.stringify({ name, payload })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  const rendererDir = options.rendererDir ? resolve(options.rendererDir) : undefined;
  if (rendererDir && existsSync(resolve(rendererDir, 'index.html'))) {
    // The build names each file under assets/ by its content's hash, so a browser keeps it and a reload asks again for
    // index.html alone (docs/architecture.md, "Renderer", one chunk per screen: a page load revalidated its ~20 chunks one round trip each, six at a time); a new
    // build's index.html names new files.
    const assets = resolve(rendererDir, 'assets');
    // The page is served in the station's language (docs/architecture.md, "Renderer", *One language*): `<html lang>`
    // names it before any script runs, so every window, a second one too, opens in it.
    const page = await readFile(resolve(rendererDir, 'index.html'), 'utf8');
    const servePage = async (_request: unknown, reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.replace(/<html lang="[^"]*"/, `<html lang="${options.station.language()}"`));
    app.get('/', servePage);
    app.get('/index.html', servePage);
    await app.register(fastifyStatic, {
      root: rendererDir,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(`${assets}${sep}`) ? 'private, max-age=31536000, immutable' : 'no-cache'),
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/plain').send('The station UI is not built. Run "npm run build", then start the station again.'));
  }

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    loginUrl: `${url}?token=${encodeURIComponent(token)}`,
    token,
    port,
    close: () => app.close(),
  };
}
