import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { tempDir } from '../../helpers/tmp';

// startSandbox does in-process what the CLI does (the station's embedded default).

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

  it('closes at once even when a keep-alive request was still being answered as closing began', async () => {
    const dir = tempDir('sandbox-start-');
    dirs.push(dir);
    const sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
    const agent = new Agent({ keepAlive: true });
    try {
      const url = new URL(`${sandbox.baseUrl}/api/auth/token`);
      let closing: Promise<void> | undefined;
      let closeStartedAt = 0;
      // Closing starts while the server holds the request and before it answers (the
      // embedding station closed while its connectivity probe's token exchange was in flight).
      sandbox.app.server.once('request', () => {
        closeStartedAt = performance.now();
        closing = sandbox.close();
      });
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, { agent, headers: { 'x-api-key': sandbox.apiKey } }, (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
        });
        req.once('error', reject);
        req.end();
      });
      expect(status).toBe(200);
      expect(closing).toBeDefined();
      await closing;
      // Without ending the answered socket, close() waited for fastify's keepAliveTimeout (72 s).
      expect(performance.now() - closeStartedAt).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  }, 90_000);

  it('refuses a non-loopback host', async () => {
    const dir = tempDir('sandbox-start-');
    dirs.push(dir);
    await expect(startSandbox({ dataDir: dir.path, port: 0, host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(/loopback/);
  });
});
