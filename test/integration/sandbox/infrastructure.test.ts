import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSandbox, envelope, type TestSandbox } from '../../helpers/sandbox-harness';

// spec: Errors — one envelope {code, message, status, detail?}, message localized by Svc-Ctx-Locale,
// x-request-id on every response.

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await buildTestSandbox();
  token = await sb.token();
});
afterAll(async () => sb.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id on every response', () => {
  it.each([
    ['health', { method: 'GET', url: '/api/health' }],
    ['unknown route', { method: 'GET', url: '/api/v1/no-such-thing' }],
    ['unknown top-level path', { method: 'GET', url: '/nowhere' }],
    ['missing token', { method: 'GET', url: '/api/v1/me' }],
    ['openapi document', { method: 'GET', url: '/api/openapi.json' }],
    ['docs page', { method: 'GET', url: '/api/docs' }],
    ['admin without secret', { method: 'POST', url: '/sandbox/orgs', payload: { name: 'x' } }],
    ['token exchange refused', { method: 'GET', url: '/api/auth/token' }],
    ['malformed URL encoding', { method: 'GET', url: '/api/v1/threads/%E0%A4%A' }],
  ] as const)('%s', async (_name, request) => {
    const res = await sb.app.inject(request);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('differs between requests and survives a validation error', async () => {
    const a = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: sb.headers(token), payload: { type: 'single' } });
    const b = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: sb.headers(token), payload: { type: 'single' } });
    expect(a.statusCode).toBe(400);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('error envelope', () => {
  it('an unknown route is 404 NOT_FOUND in the envelope', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: sb.headers(token) });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ code: 'NOT_FOUND', status: 404, detail: { reason: 'route_not_found' } });
  });

  it('a body that breaks the schema is 400 INVALID_REQUEST with the issues in detail', async () => {
    const res = await sb.app.inject({ method: 'POST', url: '/api/v1/threads', headers: sb.headers(token), payload: { type: 'single', thread: { name: '' } } });
    const body = envelope(res);
    expect(body.code).toBe('INVALID_REQUEST');
    const issues = body.detail?.issues as { path: (string | number)[]; message: string }[];
    expect(issues.some((i) => i.path.join('.').includes('thread.name'))).toBe(true);
  });

  it('malformed JSON is 400 INVALID_REQUEST', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/v1/threads',
      headers: { ...sb.headers(token), 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe('INVALID_REQUEST');
  });

  it('a bad query value is 400 INVALID_REQUEST', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/v1/threads?pageSize=zero', headers: sb.headers(token) });
    expect(envelope(res).code).toBe('INVALID_REQUEST');
  });
});

describe('localized messages (Svc-Ctx-Locale)', () => {
  async function message(locale: string | undefined): Promise<string> {
    const headers = locale === undefined ? {} : { 'svc-ctx-locale': locale };
    return envelope(await sb.app.inject({ method: 'GET', url: '/api/v1/me', headers })).message;
  }

  it('German for de and its regional forms, English otherwise', async () => {
    const en = await message(undefined);
    const de = await message('de');
    expect(en).toMatch(/token/i);
    expect(de).not.toBe(en);
    expect(de).toMatch(/Token/);
    expect(de).toMatch(/ungültig|abgelaufen/);
    expect(await message('de-CH')).toBe(de);
    expect(await message('de_AT')).toBe(de);
    expect(await message('fr-FR')).toBe(en);
    expect(await message('en-GB')).toBe(en);
  });

  it('localizes parameterized messages and keeps the code', async () => {
    const res = await sb.app.inject({
      method: 'GET',
      url: '/api/v1/threads',
      headers: sb.headers(token, { 'svc-ctx-team-id': 'bench', 'svc-ctx-locale': 'de' }),
    });
    const body = envelope(res);
    expect(body.code).toBe('INVALID_REQUEST');
    expect(body.message).toBe('Der Header Svc-Ctx-Team-Id muss eine UUID sein.');
  });
});

describe('health and docs', () => {
  it('GET /api/health answers {status: ok, timestamp} without a token', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; timestamp: string };
    expect(body.status).toBe('ok');
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('serves an OpenAPI 3.1 document with the thread paths and the interactive reference from local assets', async () => {
    const doc = (await sb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/threads', '/api/v1/threads/{thread_id}', '/api/auth/token', '/api/v1/me']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/sandbox'))).toBe(false);
    const page = await sb.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const init = await sb.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('/api/openapi.json');
  });

  it('documents the form fields of every multipart endpoint as its request body', async () => {
    type Body = { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    const doc = (await sb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { requestBody?: Body } }> };
    const fields: [string, string][] = [
      ['/api/v1/tags/extract', 'options'],
      ['/api/v1/tags/bind', 'threadId'],
      ['/api/v1/tags/identify', 'searchTeamIds'],
      ['/api/v1/tags/verify', 'threadId'],
      ['/api/v1/composite-tags/reels/{reel_collection_id}/labels', 'identifiers'],
      ['/api/v1/composite-tags/{composite_tag_id}/identifiers', 'tagType'],
    ];
    for (const [path, field] of fields) {
      const body = doc.paths[path]?.post.requestBody;
      expect(Object.keys(body?.content ?? {}), path).toContain('multipart/form-data');
      expect(Object.keys(body?.content['multipart/form-data']?.schema.properties ?? {}), path).toContain(field);
    }
  });
});
