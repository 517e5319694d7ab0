import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// An HTTP proxy between the station and the sandbox that reshapes the wire in the ways the spec leaves open
// (README, "wire-variance proxy"), so that a reading of the spec shared by the sandbox and the station can
// fail a test. Each variation can be switched alone:
//   unknownMembers — members the station does not know, added to every object of every JSON answer;
//   specLabelFlags — Labels carry only what the spec names (flags `bound`, `archived`, `complete`, `transferredAt`,
//                    members, position, id): the sandbox's `boundThreadId`, `archivedAt`, `identifiable`,
//                    `reelCollectionId`, `ownerTeamId`, `name`, `createdAt`, `updatedAt` are removed;
//   omitNulls      — a member whose value is null is left out (an absent optional field means null);
//   pageCap        — list reads get at most this many items a page, whatever `pageSize` asked (spec: "the largest
//                    allowed pageSize: not shown");
//   rateLimit      — every Nth request is answered 429 RATE_LIMITED with `Retry-After` (delta-seconds and
//                    HTTP-date in turn) without reaching the service;
//   problemJson    — error answers are `application/problem+json` with RFC 9457 members beside the envelope;
//   requestIds     — `x-request-id` is a non-UUID string;
//   latency        — each direction waits `oneWayMs` ± `jitterMs`;
//   bandwidth      — bodies (both directions) share a link of this many bytes per second, first come first served.

export interface WireVariations {
  unknownMembers: boolean;
  specLabelFlags: boolean;
  omitNulls: boolean;
  pageCap: number | false;
  rateLimit: { every: number; retryAfterSeconds: number } | false;
  problemJson: boolean;
  requestIds: boolean;
  latency: { oneWayMs: number; jitterMs: number } | false;
  bandwidth: { bytesPerSecond: number } | false;
}

export const NO_VARIATIONS: WireVariations = {
  unknownMembers: false,
  specLabelFlags: false,
  omitNulls: false,
  pageCap: false,
  rateLimit: false,
  problemJson: false,
  requestIds: false,
  latency: false,
  bandwidth: false,
};

/** Every reshaping at once, with a little latency: what the core and CLI suites run through. */
export const ALL_VARIATIONS: WireVariations = {
  unknownMembers: true,
  specLabelFlags: true,
  omitNulls: true,
  pageCap: 7,
  rateLimit: { every: 23, retryAfterSeconds: 1 },
  problemJson: true,
  requestIds: true,
  latency: { oneWayMs: 2, jitterMs: 4 },
  bandwidth: false,
};

/**
 * The variations the test suites run with: all of them, unless `STATION_WIRE_VARIANCE` says `off`, or names the
 * ones to keep (`omitNulls,pageCap`): to tell a variance failure from another, and which variation it is.
 */
export function suiteVariations(): WireVariations {
  const wanted = process.env['STATION_WIRE_VARIANCE'];
  if (!wanted || wanted === 'all') return ALL_VARIATIONS;
  if (wanted === 'off') return NO_VARIATIONS;
  const names = new Set(wanted.split(',').map((n) => n.trim()));
  const unknown = [...names].filter((name) => !(name in ALL_VARIATIONS));
  if (unknown.length)
    throw new Error(`STATION_WIRE_VARIANCE names no variation ${unknown.join(', ')}: use off, all, or some of ${Object.keys(ALL_VARIATIONS).join(', ')}`);
  return Object.fromEntries(
    Object.entries(ALL_VARIATIONS).map(([name, value]) => [name, names.has(name) ? value : NO_VARIATIONS[name as keyof WireVariations]]),
  ) as unknown as WireVariations;
}

interface WireCounts {
  requests: number;
  rateLimited: number;
  pageCapped: number;
  labelsReshaped: number;
  nullsOmitted: number;
  unknownAdded: number;
  problemJson: number;
  requestIdsRewritten: number;
  bytesUp: number;
  bytesDown: number;
}

export interface WireProxy {
  url: string;
  variations: WireVariations;
  /** Changes the variations for the next requests. */
  set(variations: Partial<WireVariations>): void;
  counts: WireCounts;
  /** Every request as `METHOD path` (without query), in order. */
  seen: string[];
  close(): Promise<void>;
}

/** List reads whose answers are cursor pages (PATHS.labels, reels, labelCollections, threads). */
const LIST_PATHS = new Set(['/api/v1/composite-tags', '/api/v1/composite-tags/reels', '/api/v1/composite-tags/collections', '/api/v1/threads']);
/** What a Label carries beyond the spec's names (src-shared/api/labels.ts `LabelSchema`, the sandbox's extras). */
const LABEL_EXTRAS = ['boundThreadId', 'archivedAt', 'identifiable', 'reelCollectionId', 'ownerTeamId', 'name', 'createdAt', 'updatedAt'];

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function startWireProxy(targetUrl: string, initial: Partial<WireVariations> = {}): Promise<WireProxy> {
  const target = new URL(targetUrl);
  const variations: WireVariations = { ...NO_VARIATIONS, ...initial };
  const counts: WireCounts = {
    requests: 0,
    rateLimited: 0,
    pageCapped: 0,
    labelsReshaped: 0,
    nullsOmitted: 0,
    unknownAdded: 0,
    problemJson: 0,
    requestIdsRewritten: 0,
    bytesUp: 0,
    bytesDown: 0,
  };
  const seen: string[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  /** When each direction of the shared link is free again (bandwidth), ms since the epoch. */
  const linkFreeAt = { up: 0, down: 0 };
  let n = 0;

  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const oneWay = () => (variations.latency ? delay(variations.latency.oneWayMs + Math.random() * variations.latency.jitterMs) : Promise.resolve());
  /** Holds a body for as long as the link takes to carry it, after what is already on the link. */
  const carry = async (direction: 'up' | 'down', bytes: number) => {
    if (!variations.bandwidth || bytes === 0) return;
    const now = Date.now();
    const start = Math.max(now, linkFreeAt[direction]);
    linkFreeAt[direction] = start + (bytes / variations.bandwidth.bytesPerSecond) * 1000;
    await delay(linkFreeAt[direction] - now);
  };

  function rewriteRequestId(id: string): string {
    counts.requestIdsRewritten += 1;
    return `req_${id.replace(/-/g, '').slice(0, 12)}.${(n % 997).toString(36)}`;
  }

  function reshape(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(reshape);
    if (value === null || typeof value !== 'object') return value;
    const object = { ...(value as Record<string, unknown>) };
    if (variations.specLabelFlags && typeof object['compositeTagId'] === 'string' && typeof object['position'] === 'number' && 'members' in object) {
      object['bound'] = typeof object['bound'] === 'boolean' ? object['bound'] : object['boundThreadId'] != null;
      object['archived'] = typeof object['archived'] === 'boolean' ? object['archived'] : object['archivedAt'] != null;
      object['complete'] = object['complete'] === true;
      for (const key of LABEL_EXTRAS) delete object[key];
      counts.labelsReshaped += 1;
    }
    for (const [key, member] of Object.entries(object)) {
      if (member === null && variations.omitNulls) {
        delete object[key];
        counts.nullsOmitted += 1;
      } else object[key] = reshape(member);
    }
    if (variations.unknownMembers) {
      object['svcFutureField'] = 'added by the wire proxy';
      object['svcFutureObject'] = { level: 1, list: [{ nested: true }], at: new Date(0).toISOString() };
      counts.unknownAdded += 1;
    }
    return object;
  }

  function send(res: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer): Promise<void> {
    return (async () => {
      await oneWay();
      await carry('down', body.length);
      counts.bytesDown += body.length;
      if (res.destroyed) return;
      const out: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
      out['content-length'] = String(body.length);
      res.writeHead(status, out);
      res.end(body);
    })();
  }

  function rateLimited(res: ServerResponse, requestId: string): Promise<void> {
    counts.rateLimited += 1;
    const { retryAfterSeconds } = variations.rateLimit as { retryAfterSeconds: number };
    // RFC 9110 §10.2.3: delta-seconds, or an HTTP-date (whole seconds: one more, so it is never already past).
    const retryAfter = counts.rateLimited % 2 === 1 ? String(retryAfterSeconds) : new Date(Date.now() + (retryAfterSeconds + 1) * 1000).toUTCString();
    const envelope: Record<string, unknown> = { code: 'RATE_LIMITED', message: 'Too many requests (wire proxy).', status: 429 };
    const body = variations.problemJson ? { type: 'about:blank', title: 'Too Many Requests', ...envelope } : envelope;
    if (variations.problemJson) counts.problemJson += 1;
    return send(
      res,
      429,
      {
        'content-type': variations.problemJson ? 'application/problem+json' : 'application/json',
        'retry-after': retryAfter,
        'x-request-id': variations.requestIds ? rewriteRequestId(requestId) : requestId,
      },
      Buffer.from(JSON.stringify(variations.unknownMembers ? reshape(body) : body)),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    n += 1;
    counts.requests += 1;
    const url = new URL(req.url ?? '/', target);
    seen.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    counts.bytesUp += body.length;
    await carry('up', body.length);
    await oneWay();

    if (variations.rateLimit && n % variations.rateLimit.every === 0) return rateLimited(res, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    if (variations.pageCap && req.method === 'GET' && LIST_PATHS.has(url.pathname)) {
      const asked = Number(url.searchParams.get('pageSize') ?? Number.POSITIVE_INFINITY);
      if (!(asked <= variations.pageCap)) {
        url.searchParams.set('pageSize', String(variations.pageCap));
        counts.pageCapped += 1;
      }
    }
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    headers['content-length'] = String(body.length);

    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = request({ host: target.hostname, port: target.port, path: url.pathname + url.search, method: req.method, headers, agent }, resolve);
      upstream.on('error', reject);
      upstream.end(body);
    });
    const parts: Buffer[] = [];
    for await (const chunk of answer) parts.push(chunk as Buffer);
    let out = Buffer.concat(parts);
    const status = answer.statusCode ?? 502;
    const outHeaders: IncomingHttpHeaders = { ...answer.headers };
    const requestId = answer.headers['x-request-id'];
    if (variations.requestIds && typeof requestId === 'string') {
      const rewritten = rewriteRequestId(requestId);
      outHeaders['x-request-id'] = rewritten;
      out = Buffer.from(out.toString('utf8').split(requestId).join(rewritten));
    }
    const json = /json/i.test(String(answer.headers['content-type'] ?? ''));
    if (
      json &&
      out.length > 0 &&
      (variations.unknownMembers || variations.specLabelFlags || variations.omitNulls || (variations.problemJson && status >= 400))
    ) {
      let parsed = reshape(JSON.parse(out.toString('utf8')) as unknown);
      if (variations.problemJson && status >= 400 && parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        parsed = { type: 'about:blank', title: answer.statusMessage ?? 'Error', ...(parsed as Record<string, unknown>) };
        outHeaders['content-type'] = 'application/problem+json; charset=utf-8';
        counts.problemJson += 1;
      }
      out = Buffer.from(JSON.stringify(parsed));
    }
    return send(res, status, outHeaders, out);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // The service went away mid-answer (a test closing it): the client sees a reset, as on a real network.
      res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    variations,
    set(changes) {
      Object.assign(variations, changes);
    },
    counts,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
