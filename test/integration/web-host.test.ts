import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope, StationStatus } from '../../src-shared/ipc';
import { startWebHost, type WebHost } from '../../src-main/hosts/web/server';
import { createStation, type Station } from '../../src-main/station';
import { tempDir } from '../helpers/tmp';

const dir = tempDir();
let station: Station;
let host: WebHost;

beforeAll(async () => {
  station = await createStation({ dataDir: dir.path });
  host = await startWebHost({ station, port: 0 });
});
afterAll(async () => {
  await host.close();
  await station.close();
  dir.remove();
});

const status = (headers: Record<string, string>) =>
  fetch(`${host.url}api/station/station.status`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('web host', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('refuses a request without the token', async () => {
    const response = await status({});
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('STATION_UNAUTHORIZED');
  });

  it('refuses a wrong token', async () => {
    expect((await status({ authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('answers the contract with the bearer token', async () => {
    const response = await status({ authorization: `Bearer ${host.token}` });
    expect(response.status).toBe(200);
    const envelope = Envelope.parse(await response.json());
    expect(envelope.ok).toBe(true);
    if (envelope.ok) expect(StationStatus.parse(envelope.value).dataDir).toBe(dir.path);
  });

  it('refuses a foreign Origin even with the token', async () => {
    const response = await status({ authorization: `Bearer ${host.token}`, origin: 'http://evil.example' });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const code = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/api/station/station.status',
          method: 'POST',
          headers: { host: `evil.example:${host.port}`, authorization: `Bearer ${host.token}` },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(code).toBe(421);
  });

  it('signs a browser in with ?token= and a cookie', async () => {
    const login = await fetch(host.loginUrl, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const response = await status({ cookie: cookie.split(';')[0] as string });
    expect(response.status).toBe(200);
  });

  it('validates command input and names the bad field', async () => {
    const response = await fetch(`${host.url}api/station/station.status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body: JSON.stringify({ unexpected: 1 }),
    });
    const envelope = Envelope.parse(await response.json());
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) expect(envelope.error.code).toBe('STATION_INVALID_INPUT');
  });

  it('answers an unknown command with its code', async () => {
    const response = await fetch(`${host.url}api/station/nope.nothing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body: '{}',
    });
    const envelope = Envelope.parse(await response.json());
    expect(envelope.ok ? 'ok' : envelope.error.code).toBe('STATION_UNKNOWN_COMMAND');
  });
});

describe('web host serving the renderer', () => {
  const renderer = tempDir();
  let served: WebHost;
  beforeAll(async () => {
    mkdirSync(join(renderer.path, 'assets'));
    writeFileSync(join(renderer.path, 'index.html'), '<!doctype html><script type="module" src="./assets/index-Ab12Cd34.js"></script>');
    writeFileSync(join(renderer.path, 'assets', 'index-Ab12Cd34.js'), 'export {};');
    served = await startWebHost({ station, port: 0, rendererDir: renderer.path });
  });
  afterAll(async () => {
    await served.close();
    renderer.remove();
  });
  const get = (path: string) => fetch(`${served.url}${path}`, { headers: { authorization: `Bearer ${served.token}` } });

  it('lets the browser keep the hashed chunks, so a reload asks again for the page alone', async () => {
    const chunk = await get('assets/index-Ab12Cd34.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const page = await get('');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('still refuses a chunk without the token', async () => {
    expect((await fetch(`${served.url}assets/index-Ab12Cd34.js`)).status).toBe(401);
  });
});
