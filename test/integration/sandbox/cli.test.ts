import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { repoRoot, startWithReadyLine, type Started } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';

// The sandbox CLI (src-sandbox/README.md): one JSON ready line, 127.0.0.1 only, a restart on the same DIR keeps data and secrets.

interface Ready {
  ready: true;
  baseUrl: string;
  adminSecret: string;
  orgId: string;
  rootTeamId: string;
  teamId: string;
  apiKey: string;
}

const started: Started<Ready>[] = [];
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) d.remove();
});

async function start(dir: string): Promise<{ proc: Started<Ready>; stdout: string[] }> {
  const proc = await startWithReadyLine<Ready>(process.execPath, [join(repoRoot, 'bin', 'sandbox.mjs'), '--port', '0', '--data', dir, '--token-ttl', '120']);
  const stdout: string[] = [];
  proc.child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
  started.push(proc);
  return { proc, stdout };
}

async function call(ready: Ready, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'svc-ctx-org-id': ready.orgId, 'svc-ctx-team-id': ready.teamId, 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${ready.baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
}

describe('npm run sandbox', () => {
  it('prints one ready line, serves over 127.0.0.1, and keeps data, secrets and the demo key across a restart', async () => {
    const dir = tempDir('sandbox-cli-');
    dirs.push(dir);
    const first = await start(dir.path);
    const ready = first.proc.ready;
    expect(Object.keys(ready).sort()).toEqual(['adminSecret', 'apiKey', 'baseUrl', 'orgId', 'ready', 'rootTeamId', 'teamId'].sort());
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const tokenRes = await fetch(`${ready.baseUrl}/api/auth/token`, { headers: { 'x-api-key': ready.apiKey } });
    const { token, expiresIn } = (await tokenRes.json()) as { token: string; expiresIn: number };
    expect(expiresIn).toBe(120);
    expect(tokenRes.headers.get('x-request-id')).toBeTruthy();
    const teams = (await (await call(ready, '/api/v1/teams', { token })).json()) as { teams: { name: string }[] };
    expect(teams.teams.map((t) => t.name)).toEqual(['Bench']);
    const created = await call(ready, '/api/v1/threads', {
      method: 'POST',
      token,
      body: JSON.stringify({ type: 'single', thread: { name: 'Survives restart' } }),
    });
    expect(created.status).toBe(201);
    const threadId = ((await created.json()) as { created: { threadId: string }[] }).created[0]?.threadId;
    const admin = await fetch(`${ready.baseUrl}/sandbox/orgs`, {
      method: 'POST',
      headers: { 'x-sandbox-admin': ready.adminSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Over TCP' }),
    });
    expect(admin.status).toBe(201);
    expect(first.stdout.join('')).toBe('');
    await first.proc.stop();

    const second = await start(dir.path);
    const again = second.proc.ready;
    expect({ ...again, baseUrl: '' }).toEqual({ ...ready, baseUrl: '' });
    // The old token still verifies: the signing secret persisted.
    const read = await call(again, `/api/v1/threads/${threadId}`, { token });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { thread: { name: string } }).thread.name).toBe('Survives restart');
  });

  it('exits with 2 and a usage line when --data is missing', async () => {
    await expect(startWithReadyLine(process.execPath, [join(repoRoot, 'bin', 'sandbox.mjs'), '--port', '0'], { timeoutMs: 20_000 })).rejects.toThrow(
      /exited with 2[\s\S]*--data/,
    );
  });
});
