// spec: Errors — 503 SCAN_ROUTING_UNAVAILABLE "operation unavailable for this organization (e.g. module
// not enabled)", not retryable. The sandbox's reading: optical scanning is the `is_scand_enabled` module,
// set per organization through the admin API, and /me reports it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag } from '../../../fixtures';
import { startTagsSandbox, type TagsSandbox } from '../../../helpers/tags-harness';

let t: TagsSandbox;
beforeAll(async () => {
  t = await startTagsSandbox();
});
afterAll(async () => t.close());

const flags = (body: Record<string, boolean>) => t.sb.admin('POST', `/sandbox/orgs/${t.orgId}/feature-flags`, body);
const me = async () => (await fetch(`${t.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${t.token}` } })).json() as Promise<Record<string, unknown>>;

describe('optical scanning as an organization module', () => {
  it('answers every optical scan with 503 SCAN_ROUTING_UNAVAILABLE while the module is off, and /me says so', async () => {
    const image = await speckleTag(71, { width: 800, height: 600, format: 'jpeg' });
    expect((await flags({ is_scand_enabled: false })).statusCode).toBe(204);
    expect((await me()).is_scand_enabled).toBe(false);
    for (const path of ['extract', 'identify']) {
      const res = await t.form(path, { data: image, ...(path === 'identify' ? { tagType: 'SVC' } : {}) });
      expect([path, res.status, res.body.code]).toEqual([path, 503, 'SCAN_ROUTING_UNAVAILABLE']);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    // Nothing was stored for the refused scans.
    expect(t.scanCount()).toBe(0);

    expect((await flags({ is_scand_enabled: true })).statusCode).toBe(204);
    expect((await me()).is_scand_enabled).toBe(true);
    expect((await t.form('extract', { data: image })).status).toBe(200);
  });

  it('takes the flags of a new organization at creation; the other flags keep the sandbox defaults', async () => {
    const created = await t.sb.admin('POST', '/sandbox/orgs', { name: 'No optics', featureFlags: { is_scand_enabled: false } });
    const { orgId, rootTeamId } = created.json() as { orgId: string; rootTeamId: string };
    const account = await t.sb.admin('POST', '/sandbox/service-accounts', { orgId, name: 'No optics station', teams: [{ teamId: rootTeamId, role: 'admin' }] });
    const token = await t.sb.token((account.json() as { apiKey: string }).apiKey);
    const body = (await (await fetch(`${t.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ is_scand_enabled: false, is_identifiable_svc_enabled: true, is_tamper_module_enabled: false });
    expect((await t.sb.admin('POST', `/sandbox/orgs/${orgId}/feature-flags`, { is_nonsense: true })).statusCode).toBe(400);
  });
});
