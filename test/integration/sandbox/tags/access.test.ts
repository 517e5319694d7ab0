// The context and authority rules as the /api/v1/tags endpoints meet them (spec: Context headers;
// Authentication; Errors, Retry guidance for the scan backend codes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag } from '../../../fixtures';
import { startTagsSandbox, type TagsSandbox } from '../../../helpers/tags-harness';

let t: TagsSandbox;
beforeAll(async () => {
  t = await startTagsSandbox();
});
afterAll(async () => t.close());

describe('/api/v1/tags access', () => {
  it('needs a bearer token (401 UNAUTHORIZED) and the organization header (400 ORG_ID_REQUIRED)', async () => {
    const noToken = await fetch(`${t.baseUrl}/api/v1/tags/identify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tagType: 'QR', data: 'x' }),
    });
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    const noOrg = await fetch(`${t.baseUrl}/api/v1/tags/identify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tagType: 'QR', data: 'x' }),
    });
    expect(((await noOrg.json()) as { code: string }).code).toBe('ORG_ID_REQUIRED');
  });

  it('refuses a Team the caller is not a member of with 403 FORBIDDEN', async () => {
    const demoToken = await t.sb.token();
    const res = await fetch(`${t.baseUrl}/api/v1/tags/identify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demoToken}`, 'svc-ctx-org-id': t.orgId, 'svc-ctx-team-id': t.otherTeamId, 'content-type': 'application/json' },
      body: JSON.stringify({ tagType: 'QR', data: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
  });

  it('answers an injected 503 SCAN_BACKEND_UNAVAILABLE, after which the same request succeeds', async () => {
    const threadId = await t.createThread('Retry');
    await t.json('bind', { threadId, tagType: 'QR', data: 'RETRY-1' });
    const fault = await t.sb.admin('POST', '/sandbox/faults', { pathPrefix: '/api/v1/tags/identify', status: 503, code: 'SCAN_BACKEND_UNAVAILABLE', count: 1 });
    expect(fault.statusCode).toBe(201);
    const failed = await t.form('identify', { tagType: 'QR', data: 'RETRY-1' });
    expect([failed.status, failed.body.code]).toEqual([503, 'SCAN_BACKEND_UNAVAILABLE']);
    const retried = await t.form('identify', { tagType: 'QR', data: 'RETRY-1' });
    expect(retried.body.type).toBe('identified');
  });

  it('takes one image only: a second file part is refused with 400 INVALID_REQUEST', async () => {
    const image = await speckleTag(40, { width: 400, height: 300, format: 'jpeg' });
    const body = new FormData();
    body.append('data', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'a.jpg');
    body.append('data', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'b.jpg');
    const res = await fetch(`${t.baseUrl}/api/v1/tags/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'svc-ctx-org-id': t.orgId },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_REQUEST');
    expect(t.scanCount()).toBe(0);
  });
});

describe('/api/v1/tags multipart limits', () => {
  it('refuses more file parts than allowed without holding the connection open', async () => {
    const body = new FormData();
    for (let i = 0; i < 6; i += 1) body.append('data', new Blob([new Uint8Array(16)], { type: 'image/jpeg' }), `${i}.jpg`);
    const res = await fetch(`${t.baseUrl}/api/v1/tags/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'svc-ctx-org-id': t.orgId },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_REQUEST');
  });
});
