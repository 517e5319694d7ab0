import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { tempDir } from '../../helpers/tmp';

// Issue 3: startSandbox does in-process what the CLI does (the station's embedded default).

const open: RunningSandbox[] = [];
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) d.remove();
});

describe('startSandbox', () => {
  it('listens on 127.0.0.1 and a second start on the same dataDir returns the same demo ids and key', async () => {
    const dir = tempDir('sandbox-start-');
    dirs.push(dir);
    const first = await startSandbox({ dataDir: dir.path, port: 0, tokenTtlSeconds: 60 });
    open.push(first);
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBeTruthy();
    const token = (await (await fetch(`${first.baseUrl}/api/auth/token`, { headers: { 'x-api-key': first.apiKey } })).json()) as { expiresIn: number };
    expect(token.expiresIn).toBe(60);
    const ids = { orgId: first.orgId, rootTeamId: first.rootTeamId, teamId: first.teamId, apiKey: first.apiKey, adminSecret: first.adminSecret };
    await first.close();
    open.pop();

    const second = await startSandbox({ dataDir: dir.path, port: 0 });
    open.push(second);
    expect({ orgId: second.orgId, rootTeamId: second.rootTeamId, teamId: second.teamId, apiKey: second.apiKey, adminSecret: second.adminSecret }).toEqual(ids);
    const again = (await (await fetch(`${second.baseUrl}/api/auth/token`, { headers: { 'x-api-key': second.apiKey } })).json()) as { expiresIn: number };
    expect(again.expiresIn).toBe(900);
  });

  it('refuses a non-loopback host', async () => {
    const dir = tempDir('sandbox-start-');
    dirs.push(dir);
    await expect(startSandbox({ dataDir: dir.path, port: 0, host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(/loopback/);
  });
});
