import { expect, test } from '@playwright/test';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { screenshot, serveStation, type ServedStation } from './support/station';

// Issue 6: connect to a remote service (a sandbox process standing in for it) through the
// Connect form, then bulk-bind enrolled Labels: the preflight first shows a blocker (a Thread of
// another Team), the operator fixes the pairing, commits, and the bind lands.

type SandboxReady = { ready: true; baseUrl: string; adminSecret: string; orgId: string; teamId: string; apiKey: string };

const sandboxDir = tempDir('station-ui-sandbox-');
let sandbox: Started<SandboxReady>;
let station: ServedStation;

test.beforeAll(async () => {
  sandbox = await startWithReadyLine<SandboxReady>(process.execPath, ['bin/sandbox.mjs', '--port', '0', '--data', sandboxDir.path], { timeoutMs: 60_000 });
  station = await serveStation();
});
test.afterAll(async () => {
  await station?.stop();
  await sandbox?.stop();
  sandboxDir.remove();
});

async function admin<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${sandbox.ready.baseUrl}${path}`, { method: 'POST', headers: { 'x-sandbox-admin': sandbox.ready.adminSecret, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Creates Threads in a Team as that Team's Service Account (spec: Authentication; Threads, create). */
async function createThreads(apiKey: string, teamId: string, names: string[]): Promise<string[]> {
  const auth = await fetch(`${sandbox.ready.baseUrl}/api/auth/token`, { headers: { 'x-api-key': apiKey } });
  const { token } = (await auth.json()) as { token: string };
  const response = await fetch(`${sandbox.ready.baseUrl}/api/v1/threads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'svc-ctx-org-id': sandbox.ready.orgId, 'svc-ctx-team-id': teamId, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'list', threads: names.map((name) => ({ thread: { name } })) }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { created: { threadId: string }[] }).created.map((t) => t.threadId);
}

test('remote connect, then bulk-bind: a blocker first, fixed, committed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(station.served.ready.url);
  const remote = page.getByRole('region', { name: 'Remote service' });
  await remote.getByLabel('Name').fill('Shop');
  await remote.getByLabel('Base URL').fill(sandbox.ready.baseUrl);
  await remote.getByLabel('API key').fill(sandbox.ready.apiKey);
  // The pickers come from the service's /me and /teams for this key, before anything is saved.
  await remote.getByRole('button', { name: 'Find organizations and Teams' }).click();
  const organization = remote.getByRole('combobox', { name: /^Organization/ });
  const team = remote.getByRole('combobox', { name: /^Team/ });
  await expect(organization).toHaveValue(sandbox.ready.orgId);
  await expect(organization.locator('option:checked')).toHaveText('Demo Print Shop');
  await team.selectOption({ label: 'Bench' });
  await expect(team).toHaveValue(sandbox.ready.teamId);
  await remote.getByRole('button', { name: 'Save and connect' }).click();
  await expect(page.getByTestId('status-profile')).toHaveText(`Shop (${sandbox.ready.baseUrl})`, { timeout: 30_000 });
  // The key is never shown again: not on the page, not in any saved profile.
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('table').filter({ hasText: 'Shop' })).toBeVisible();
  expect(await page.content()).not.toContain(sandbox.ready.apiKey);
  await screenshot(page, 'connect-remote');

  // Five enrolled Labels, synced to the service.
  const { reelId } = await station.call('reels.create', { name: 'Bind reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  for (let p = 1; p <= 5; p += 1) await station.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `BIND-${p}` }] });
  const synced = await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  expect(synced.attention).toBe(0);

  const ours = await createThreads(sandbox.ready.apiKey, sandbox.ready.teamId, ['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5']);
  const { teamId: otherTeam } = await admin<{ teamId: string }>(`/sandbox/orgs/${sandbox.ready.orgId}/teams`, { name: 'Other' });
  const { apiKey: otherKey } = await admin<{ apiKey: string }>('/sandbox/service-accounts', { orgId: sandbox.ready.orgId, name: 'other', teams: [{ teamId: otherTeam, role: 'admin' }] });
  const [foreign] = await createThreads(otherKey, otherTeam, ['Not ours']);

  await page.goto(`${new URL(station.served.ready.url).origin}/#/bulkBind?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByRole('heading', { name: 'Bulk bind' })).toBeVisible();
  const threads = page.getByLabel('Thread ids, one per line (paste or scan)');
  await threads.fill([ours[0], ours[1], foreign, ours[3], ours[4]].join('\n'));
  await page.getByRole('button', { name: 'Preflight (dry run)' }).click();
  await expect(page.getByTestId('bulk-summary')).toContainText('1 blockers');
  const pairing = page.getByRole('table', { name: 'Pairing' });
  await expect(pairing.getByRole('row').nth(3)).toHaveClass(/row-blocked/);
  await expect(page.getByRole('button', { name: 'Commit' })).toBeDisabled();
  await screenshot(page, 'bulk-bind-blocker');

  await threads.fill([ours[0], ours[1], ours[2], ours[3], ours[4]].join('\n'));
  await page.getByRole('button', { name: 'Preflight (dry run)' }).click();
  await expect(page.getByTestId('bulk-summary')).toContainText('No blockers');
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('heading', { name: 'Bind and activation' })).toBeVisible();
  await page.getByRole('link', { name: 'Queue', exact: true }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await page.getByRole('link', { name: 'Reel map', exact: true }).click();
  await expect(page.getByRole('gridcell', { name: /: bound$/ })).toHaveCount(5, { timeout: 30_000 });
  await screenshot(page, 'bulk-bind-bound');
});
