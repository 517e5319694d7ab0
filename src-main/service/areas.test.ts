import { afterEach, describe, expect, it } from 'vitest';
import { IDS, exampleLabel, exampleReel, exampleScan } from '../../src-shared/api/examples';
import { ServiceError } from './errors';
import { paginate } from './paginate';
import { harness, type Harness } from '../../test/helpers/service-fixtures';
import { sendError, sendJson, type ReceivedRequest } from '../../test/helpers/local-service';

// Request shapes of the area modules (multipart parts, paths, queries) and their answers, against a local server.

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

async function formOf(req: ReceivedRequest): Promise<FormData> {
  return new Response(req.body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
}

describe('label enrollment (multipart)', () => {
  it('sends position, identifiers and options as JSON parts, humanReadable and one data image', async () => {
    h = await harness((_req, res) => sendJson(res, 201, { outcome: 'created', label: exampleLabel(), scan: exampleScan() }));
    const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    const answer = await h.client.labels.enroll(IDS.reel, {
      position: 12,
      identifiers: [
        { tagType: 'TEXT', value: 'L-000012' },
        { tagType: 'NFC', value: '04A1B2C3D4E5F6' },
      ],
      image: { data: image, mimeType: 'image/jpeg' },
      humanReadable: 'L-000012',
      options: { indexing: 'none' },
    });
    expect(answer.outcome).toBe('created');
    expect(answer.scan?.scanId).toBe('scan_01');

    const [req] = h.service.to('/api/v1/');
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe(`/api/v1/composite-tags/reels/${IDS.reel}/labels`);
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(req as ReceivedRequest);
    expect(form.get('position')).toBe('12');
    expect(JSON.parse(form.get('identifiers') as string)).toEqual([
      { tagType: 'TEXT', value: 'L-000012' },
      { tagType: 'NFC', value: '04A1B2C3D4E5F6' },
    ]);
    expect(form.get('humanReadable')).toBe('L-000012');
    expect(JSON.parse(form.get('options') as string)).toEqual({ indexing: 'none' });
    expect(form.getAll('data')).toHaveLength(1);
    const file = form.get('data') as File;
    expect(file.type).toBe('image/jpeg');
    expect(file.name).toBe('capture.jpg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(image);
    expect([...form.keys()].sort()).toEqual(['data', 'humanReadable', 'identifiers', 'options', 'position']);
  });

  it('leaves out parts that were not given', async () => {
    h = await harness((_req, res) => sendJson(res, 201, { outcome: 'already_enrolled', label: exampleLabel() }));
    await h.client.labels.enroll(IDS.reel, { qrValue: 'Q-1' });
    const form = await formOf(h.service.to('/api/v1/')[0] as ReceivedRequest);
    expect([...form.keys()]).toEqual(['qrValue']);
  });

  it('adds an identifier to a Label with an SVC image and removes one with DELETE', async () => {
    h = await harness((req, res) => sendJson(res, req.method === 'POST' ? 201 : 200, { label: exampleLabel() }));
    await h.client.labels.addIdentifier(IDS.label, { tagType: 'SVC', image: { data: Buffer.from('png'), mimeType: 'image/png' } });
    await h.client.labels.removeIdentifier(IDS.label, IDS.tag);
    const [add, remove] = h.service.to('/api/v1/');
    expect(add?.path).toBe(`/api/v1/composite-tags/${IDS.label}/identifiers`);
    const form = await formOf(add as ReceivedRequest);
    expect(form.get('tagType')).toBe('SVC');
    expect((form.get('data') as File).type).toBe('image/png');
    expect(remove?.method).toBe('DELETE');
    expect(remove?.path).toBe(`/api/v1/composite-tags/${IDS.label}/identifiers/${IDS.tag}`);
  });
});

describe('identify', () => {
  it('returns a no-match (404) as an outcome with its receipt and request id', async () => {
    h = await harness((_req, res) =>
      sendError(res, 404, 'IDENTIFIER_NOT_FOUND', { outcome: 'no_match', teamsSearched: [IDS.team], scan: exampleScan({ svcId: null }) }),
    );
    const answer = await h.client.tags.identify({ tagType: 'QR', data: 'https://example.test/q/9' });
    expect(answer.outcome).toBe('no_match');
    expect(answer.scan?.scanId).toBe('scan_01');
    expect(answer.requestId).toMatch(/^req-/);
    const form = await formOf(h.service.to('/api/v1/tags/identify')[0] as ReceivedRequest);
    expect(form.get('tagType')).toBe('QR');
    expect(form.get('data')).toBe('https://example.test/q/9');
  });

  it('retries SCAN_SEARCH_INCOMPLETE, then returns the identified Thread', async () => {
    let n = 0;
    h = await harness((_req, res) =>
      ++n === 1
        ? sendError(res, 503, 'SCAN_SEARCH_INCOMPLETE', { outcome: 'search_incomplete', teamsSearched: [], teamsUnreachable: [IDS.team], orgsUnreachable: [] })
        : sendJson(res, 200, { type: 'label', label: { label: exampleLabel(), tags: [] } }),
    );
    const answer = await h.client.tags.identify({ tagType: 'TEXT', data: 'L-1', searchTeamIds: [IDS.team] });
    expect(answer.outcome).toBe('label');
    expect(h.service.to('/api/v1/tags/identify')).toHaveLength(2);
  });

  it('throws failures that are not identify outcomes', async () => {
    h = await harness((_req, res) => sendError(res, 403, 'FORBIDDEN'));
    const e = await h.client.tags.identify({ tagType: 'TEXT', data: 'x' }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('reads with queries and pagination', () => {
  it('sends list filters as query parameters', async () => {
    h = await harness((_req, res) => sendJson(res, 200, { reels: [], nextCursor: null }));
    await h.client.reels.list({ q: 'Reel 7', collectionId: IDS.collection, transferred: 'hide', unfiled: false });
    const [req] = h.service.to('/api/v1/');
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toEqual({ q: 'Reel 7', collectionId: IDS.collection, transferred: 'hide', unfiled: 'false' });
  });

  it('listAll follows nextCursor until the last page', async () => {
    const labels = [1, 2, 3, 4, 5].map((p) => exampleLabel({ position: p }));
    h = await harness((req, res) => {
      const at = Number(req.url.searchParams.get('cursor') ?? '0');
      sendJson(res, 200, { labels: labels.slice(at, at + 2), nextCursor: at + 2 < labels.length ? String(at + 2) : null });
    });
    const all = await h.client.labels.listAll({ reelCollectionId: IDS.reel, pageSize: 2 });
    expect(all.map((l) => l.position)).toEqual([1, 2, 3, 4, 5]);
    const calls = h.service.to('/api/v1/composite-tags');
    expect(calls.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '2', '4']);
    expect(calls.every((r) => r.url.searchParams.get('reelCollectionId') === IDS.reel)).toBe(true);
  });

  it('listPages reads each page after asking the next; an unreadable page fails with its request id, after the pages before it', async () => {
    const labels = [1, 2, 3, 4, 5].map((p) => exampleLabel({ position: p }));
    h = await harness((req, res) => {
      const at = Number(req.url.searchParams.get('cursor') ?? '0');
      const page = labels.slice(at, at + 2).map((l) => (l.position === 4 ? { ...l, position: 'four' } : l));
      sendJson(res, 200, { labels: page, nextCursor: at + 2 < labels.length ? String(at + 2) : null });
    });
    const seen: number[] = [];
    const e = await (async () => {
      for await (const page of h!.client.labels.listPages({ reelCollectionId: IDS.reel, pageSize: 2 })) {
        seen.push(...page.map((l) => l.position));
      }
    })().catch((err: unknown) => err);
    expect(seen).toEqual([1, 2]);
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', kind: 'invalid_response', status: 200, requestId: expect.stringMatching(/^req-/) });
    expect((e as ServiceError).detail).toMatchObject({ reason: 'unreadable_answer', issues: [expect.objectContaining({ path: ['labels', '1', 'position'] })] });
  });

  it('paginate stops with INVALID_RESPONSE when the service repeats a cursor', async () => {
    const pages = async (): Promise<{ items: number[]; nextCursor: string }> => ({ items: [1], nextCursor: 'same' });
    const seen: number[] = [];
    const e = await (async () => {
      for await (const item of paginate(pages, (p) => p.items)) seen.push(item);
    })().catch((err: unknown) => err);
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', kind: 'invalid_response' });
    expect(seen).toEqual([1, 1]);
  });
});

describe('bulk-bind, move and bind', () => {
  it('treats a bulk-bind dry run as a read (retried) and a commit as a write (not resent)', async () => {
    let n = 0;
    const body = { outcome: 'preflight', rows: [], blockers: [], warnings: [], activation: 'not_requested', reel: exampleReel() };
    h = await harness((_req, res) => (++n === 1 ? sendError(res, 500, 'SERVICE_ERROR') : sendJson(res, 200, body)));
    const pairs = { fromPosition: 1, toPosition: 1, threadIds: [IDS.thread] };
    const dry = await h.client.reels.bulkBind(IDS.reel, { ...pairs, dryRun: true });
    expect(dry.outcome).toBe('preflight');
    expect(h.service.to('/api/v1/')).toHaveLength(2);

    n = 0;
    h.service.received.length = 0;
    const e = await h.client.reels.bulkBind(IDS.reel, { ...pairs, activate: true }).catch((err: unknown) => err);
    expect(e).toMatchObject({ code: 'SERVICE_ERROR', outcomeUnknown: true });
    expect(h.service.to('/api/v1/')).toHaveLength(1);
    expect(JSON.parse(h.service.to('/api/v1/')[0]?.body.toString() ?? '')).toEqual({ ...pairs, activate: true });
  });

  it('posts move, move preview and Label bind to their paths with JSON bodies', async () => {
    h = await harness((req, res) => {
      if (req.path.endsWith('/move/preview')) {
        sendJson(res, 200, {
          span: null,
          count: 1,
          boundCount: 0,
          first: null,
          last: null,
          predictedOutcome: 'appended',
          countMatches: null,
          suggestedLast: null,
        });
      } else if (req.path.endsWith('/move')) sendJson(res, 200, { moved: [] });
      else sendJson(res, 200, { label: exampleLabel({ boundThreadId: IDS.thread }) });
    });
    const move = { source: { compositeTagIds: [IDS.label] }, target: { reelCollectionId: IDS.reel2 } };
    expect((await h.client.labels.movePreview(move)).predictedOutcome).toBe('appended');
    expect((await h.client.labels.move({ ...move, expectedCount: 1 })).moved).toEqual([]);
    expect((await h.client.labels.bind(IDS.label, { threadId: IDS.thread }))?.boundThreadId).toBe(IDS.thread);
    const reqs = h.service.to('/api/v1/');
    expect(reqs.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/composite-tags/move/preview',
      'POST /api/v1/composite-tags/move',
      `POST /api/v1/composite-tags/${IDS.label}/bind`,
    ]);
    expect(reqs.every((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    expect(JSON.parse(reqs[1]?.body.toString() ?? '')).toEqual({ ...move, expectedCount: 1 });
  });
});

describe('health', () => {
  it('is asked without a token and reads a 503 {status: error} as an answer', async () => {
    h = await harness((_req, res) => sendJson(res, 503, { status: 'error', timestamp: '2026-08-01T10:00:00.000Z' }));
    const health = await h.client.health();
    expect(health.status).toBe('error');
    expect(h.token.exchanges).toBe(0);
    const [req] = h.service.to('/api/health');
    expect(req?.headers.authorization).toBeUndefined();
    expect(h.service.received).toHaveLength(1);
  });
});
