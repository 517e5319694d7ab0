import { afterEach, describe, expect, it } from 'vitest';
import { IDS, exampleReel } from '../../src-shared/api/examples';
import { ServiceError } from './errors';
import type { AttemptRecord } from './transport';
import { harness, meBody, type Harness } from '../../test/helpers/service-fixtures';
import { sendError, sendJson, startLocalService } from '../../test/helpers/local-service';
import { until } from '../../test/helpers/until';

// The spec's retry table (the spec, Errors, "Retry guidance"; docs/sync.md, "Retry and backoff") against a scripted local server.

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ServiceError);
  return e as ServiceError;
}

describe('reads', () => {
  it('429 with Retry-After is waited out and the read resent', async () => {
    let n = 0;
    h = await harness((_req, res) => (++n === 1 ? sendError(res, 429, 'RATE_LIMITED', undefined, { 'retry-after': '1' }) : sendJson(res, 200, meBody())));
    const started = Date.now();
    await h.client.me();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(h.service.to('/api/v1/me')).toHaveLength(2);
  });

  it('a Retry-After longer than the configured maximum is handed to the caller', async () => {
    h = await harness((_req, res) => sendError(res, 429, 'RATE_LIMITED', undefined, { 'retry-after': '120' }), { retry: { maxRetryAfterMs: 5_000 } });
    const e = await failure(h.client.me());
    expect(e).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 120_000, outcomeUnknown: false });
    expect(h.service.to('/api/v1/me')).toHaveLength(1);
  });

  it('503 SCAN_ROUTING_UNAVAILABLE is not retried', async () => {
    h = await harness((_req, res) => sendError(res, 503, 'SCAN_ROUTING_UNAVAILABLE'));
    const e = await failure(h.client.reels.list());
    expect(e).toMatchObject({ code: 'SCAN_ROUTING_UNAVAILABLE', kind: 'service', status: 503, outcomeUnknown: false });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });

  it('503 SCAN_BACKEND_UNAVAILABLE and SCAN_SEARCH_INCOMPLETE are retried with backoff', async () => {
    let n = 0;
    h = await harness((_req, res) => {
      n += 1;
      if (n === 1) sendError(res, 503, 'SCAN_BACKEND_UNAVAILABLE');
      else if (n === 2) sendError(res, 503, 'SCAN_SEARCH_INCOMPLETE');
      else sendJson(res, 200, { reels: [exampleReel()], nextCursor: null });
    });
    const page = await h.client.reels.list();
    expect(page.items).toHaveLength(1);
    expect(h.service.to('/api/v1/')).toHaveLength(3);
  });

  it('5xx is retried up to the limit, then thrown with the last request id', async () => {
    h = await harness((_req, res) => sendError(res, 500, 'SERVICE_ERROR'), { retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } });
    const attempts: AttemptRecord[] = [];
    const e = await failure(h.client.labels.get(IDS.label, { onAttempt: (a) => attempts.push(a) }));
    expect(h.service.to('/api/v1/')).toHaveLength(3);
    expect(e).toMatchObject({ code: 'SERVICE_ERROR', status: 500, outcomeUnknown: false });
    expect(attempts.map((a) => a.kind)).toEqual(['service', 'service', 'service']);
    expect(e.requestId).toBe(attempts[2]?.requestId);
    expect(new Set(attempts.map((a) => a.requestId)).size).toBe(3);
  });

  it('a read that times out is retried', async () => {
    let n = 0;
    h = await harness(
      (_req, res) => {
        n += 1;
        if (n > 1) sendJson(res, 200, meBody());
        // the first request is never answered
      },
      { timeoutMs: 150 },
    );
    await h.client.me();
    expect(h.service.to('/api/v1/me')).toHaveLength(2);
  });

  it('other 4xx are not retried', async () => {
    h = await harness((_req, res) => sendError(res, 404, 'NOT_FOUND'));
    const e = await failure(h.client.reels.get(IDS.reel));
    expect(e).toMatchObject({ code: 'NOT_FOUND', status: 404, kind: 'service' });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });
});

describe('writes', () => {
  it('a write that times out is sent exactly once and reports outcomeUnknown', async () => {
    h = await harness(() => undefined, { timeoutMs: 200 });
    await h.client.me().catch(() => undefined); // (also never answered; exchanges the token)
    const before = h.service.to('/api/v1/composite-tags').length;
    const e = await failure(h.client.reels.create({ name: 'R1' }));
    expect(e).toMatchObject({ code: 'TIMEOUT', kind: 'timeout', status: null, outcomeUnknown: true });
    expect(h.service.to('/api/v1/composite-tags').length - before).toBe(1);
  });

  it('a 5xx on a write is not resent and reports outcomeUnknown', async () => {
    h = await harness((_req, res) => sendError(res, 500, 'UNKNOWN_ERROR'));
    const e = await failure(h.client.labels.enroll(IDS.reel, { position: 1, identifiers: [{ tagType: 'TEXT', value: 'A1' }] }));
    expect(e).toMatchObject({ code: 'UNKNOWN_ERROR', status: 500, outcomeUnknown: true });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });

  it('a definitive 500 (SCAN_EXTRACTION_FAILURE) on a write is not an unknown outcome', async () => {
    h = await harness((_req, res) => sendError(res, 500, 'SCAN_EXTRACTION_FAILURE'));
    const e = await failure(h.client.labels.enroll(IDS.reel, { position: 1 }));
    expect(e.outcomeUnknown).toBe(false);
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });

  it('429 on a write goes to the caller by default (sent once, retryAfterMs kept)', async () => {
    h = await harness((_req, res) => sendError(res, 429, 'RATE_LIMITED', undefined, { 'retry-after': '2' }));
    const e = await failure(h.client.reels.create({ name: 'R1' }));
    expect(e).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 2000, outcomeUnknown: false });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });

  it('429 and 503 SCAN_BACKEND_UNAVAILABLE on a write are resent when retryWritesOn429 is set', async () => {
    let n = 0;
    h = await harness(
      (_req, res) => {
        n += 1;
        if (n === 1) sendError(res, 429, 'RATE_LIMITED');
        else if (n === 2) sendError(res, 503, 'SCAN_BACKEND_UNAVAILABLE');
        else sendJson(res, 201, { reel: exampleReel() });
      },
      { retry: { retryWritesOn429: true, minDelayMs: 1, maxDelayMs: 2 } },
    );
    const created = await h.client.reels.create({ name: 'R1' });
    expect(created?.collectionId).toBe(IDS.reel);
    expect(h.service.to('/api/v1/')).toHaveLength(3);
  });

  it('a connection reset after the request was sent is an unknown outcome, sent once', async () => {
    h = await harness((req) => {
      // The request arrived whole; the connection dies before any answer (as if the answer were lost).
      req.socket.destroy();
    });
    await h.client.me().catch(() => undefined);
    h.service.received.length = 0;
    const e = await failure(h.client.reels.create({ name: 'R1' }));
    expect(e).toMatchObject({ code: 'NETWORK_ERROR', kind: 'network', status: null, outcomeUnknown: true, reason: 'connection_lost' });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
  });

  it('a refused connection (nothing sent) is resent even for a write and is not an unknown outcome', async () => {
    // No keep-alive: a pooled socket the server closed would make the next write ambiguous ("other side closed").
    h = await harness((_req, res) => sendJson(res, 200, meBody()), { retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } }, {}, { keepAlive: false });
    await h.client.me(); // token cached
    await h.service.close(); // now nothing listens on the port
    const attempts: AttemptRecord[] = [];
    const e = await failure(h.client.reels.create({ name: 'R1' }, { onAttempt: (a) => attempts.push(a) }));
    expect(e).toMatchObject({ code: 'NETWORK_ERROR', kind: 'network', outcomeUnknown: false, requestId: null, reason: 'connect_failed' });
    expect(e.message).toContain('ECONNREFUSED');
    expect(attempts[0]?.message).toContain('ECONNREFUSED');
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => a.status === null)).toBe(true);
    h = undefined;
  });
});

describe('responses', () => {
  it('an unparseable body is INVALID_RESPONSE with the request id', async () => {
    const service = await startLocalService((req, res) => {
      if (req.path === '/api/auth/token') {
        res.writeHead(200, { 'content-type': 'text/html', 'x-request-id': 'req-token-html' });
        res.end('<html>login</html>');
      }
    });
    const { createServiceClient } = await import('./client');
    const client = createServiceClient({ baseUrl: service.baseUrl, apiKey: 'k', orgId: IDS.org });
    const e = await failure(client.me());
    await service.close();
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', kind: 'invalid_response', status: 200, requestId: 'req-token-html', outcomeUnknown: false });
    expect(e.message).toContain('req-token-html');
  });

  it('a 2xx that does not match the schema is INVALID_RESPONSE naming the fields', async () => {
    h = await harness((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-bad-shape' });
      res.end(JSON.stringify({ reel: { name: 42 } }));
    });
    const e = await failure(h.client.reels.get(IDS.reel));
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, requestId: 'req-bad-shape' });
    expect(JSON.stringify(e.detail)).toContain('collectionId');
  });

  it('an unparseable 2xx on a write is an unknown outcome', async () => {
    h = await harness((_req, res) => {
      res.writeHead(201, { 'x-request-id': 'req-x' });
      res.end('{"truncated":');
    });
    const e = await failure(h.client.reels.create({ name: 'R' }));
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', outcomeUnknown: true, requestId: 'req-x' });
  });

  it('tolerates unknown extra fields', async () => {
    h = await harness((_req, res) =>
      sendJson(res, 200, { reel: { ...exampleReel(), newFieldFromLaterRelease: { x: 1 }, counts: { ...exampleReel().counts, futureCount: 3 } }, extra: true }),
    );
    const reel = await h.client.reels.get(IDS.reel);
    expect(reel.collectionId).toBe(IDS.reel);
  });

  it('keeps the error envelope: code, status, detail, reason, request id and the service message', async () => {
    const detail = { reason: 'position_occupied', compositeTagId: IDS.label, position: 7 };
    h = await harness((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json', 'x-request-id': 'req-conflict-1' });
      res.end(JSON.stringify({ code: 'COMPOSITE_TAG_CONFLICT', message: 'Position 7 is taken', status: 409, detail, futureField: 1 }));
    });
    const e = await failure(h.client.labels.enroll(IDS.reel, { position: 7, identifiers: [{ tagType: 'QR', value: 'Q7' }] }));
    expect(e).toMatchObject({
      code: 'COMPOSITE_TAG_CONFLICT',
      kind: 'service',
      status: 409,
      requestId: 'req-conflict-1',
      detail,
      reason: 'position_occupied',
      serviceMessage: 'Position 7 is taken',
      outcomeUnknown: false,
      method: 'POST',
      path: `/api/v1/composite-tags/reels/${IDS.reel}/labels`,
    });
    expect(e.message).toContain('409 COMPOSITE_TAG_CONFLICT');
    expect(e.message).toContain('req-conflict-1');
  });

  it('reports every attempt to the client-level and call-level observers', async () => {
    let n = 0;
    const clientLevel: AttemptRecord[] = [];
    h = await harness((_req, res) => (++n === 1 ? sendError(res, 503, 'SCAN_BACKEND_UNAVAILABLE') : sendJson(res, 200, meBody())), {
      onAttempt: (a) => clientLevel.push(a),
    });
    const callLevel: AttemptRecord[] = [];
    await h.client.me({ onAttempt: (a) => callLevel.push(a) });
    expect(callLevel.map((a) => [a.status, a.code, a.kind])).toEqual([
      [503, 'SCAN_BACKEND_UNAVAILABLE', 'service'],
      [200, null, 'ok'],
    ]);
    expect(clientLevel.map((a) => a.path)).toEqual(['/api/auth/token', '/api/v1/me', '/api/v1/me']);
    expect(callLevel.every((a) => typeof a.requestId === 'string')).toBe(true);
  });
});

describe('call options', () => {
  it('a per-call timeout overrides the client default', async () => {
    // The answer comes after 300 ms: within the client's 5 s, so only the call's own 100 ms can
    // end the call as a timeout. Its timer starts before the server's, so it always fires first.
    h = await harness(
      (req, res) => {
        if (req.path === '/api/v1/me') setTimeout(() => sendJson(res, 200, meBody()), 300);
      },
      { timeoutMs: 5_000, retry: { retries: 0 } },
    );
    const e = await failure(h.client.me({ timeoutMs: 100 }));
    expect(e).toMatchObject({ code: 'TIMEOUT', kind: 'timeout', outcomeUnknown: false });
  });

  it('a caller abort ends the call with its own reason and no retries', async () => {
    const held = (h = await harness(() => undefined, { timeoutMs: 5_000 }));
    const controller = new AbortController();
    const reason = new Error('station shutting down');
    const call = held.client.me({ signal: controller.signal }).catch((err: unknown) => err);
    // Aborted once the service holds the request (it never answers), however long the machine took to send it.
    await until(() => held.service.to('/api/v1/me').length === 1, { what: 'the request at the service' });
    controller.abort(reason);
    const e = await call;
    expect(e).toBe(reason);
    expect(h.service.to('/api/v1/me')).toHaveLength(1);
  });
});
