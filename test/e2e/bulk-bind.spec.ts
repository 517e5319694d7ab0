import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { speckleTag } from '../fixtures';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// Bulk-bind 30 Labels: the preflight first shows a blocker (a Thread from another Team), fix it, commit,
// activation progress reaches the end. Connect to a remote service (a sandbox process standing in for it) through
// the Connect form; 30 verify-only Labels (optical capture + QR) are bound in one range; the preflight first blocks
// a Thread of another Team; a pairing edited after a clean preflight needs a new one; the commit activates the
// range and the bar fills by itself; the result is exported as CSV.

type SandboxReady = { ready: true; baseUrl: string; adminSecret: string; orgId: string; teamId: string; apiKey: string };

const LABELS = 30;
const FOREIGN_AT = 3;

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
  const response = await fetch(`${sandbox.ready.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'x-sandbox-admin': sandbox.ready.adminSecret, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (response.status === 204 ? undefined : await response.json()) as T;
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

test('remote connect, then bulk-bind 30 Labels: a blocker first, fixed, committed, activated to the end, exported', async ({ page }) => {
  test.setTimeout(300_000);
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

  // 30 Labels, each an optical capture (verify-only: indexing none, so the bind's activation has work) and a QR.
  const { reelId } = await station.call('reels.create', {
    name: 'Bind reel',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  for (let p = 1; p <= LABELS; p += 1) {
    const still = await station.call('camera.submitStill', { image: (await speckleTag(5000 + p)).toString('base64'), mimeType: 'image/png', camera: 'e2e' });
    await station.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [{ tagType: 'QR', value: `BIND-${p}` }],
      captureSha256: still.sha256,
      indexing: 'none',
    });
  }
  const synced = await station.call('sync.run', { untilIdle: true, timeoutSeconds: 120 });
  expect(synced).toMatchObject({ pending: 0, attention: 0 });

  const ours = await createThreads(
    sandbox.ready.apiKey,
    sandbox.ready.teamId,
    Array.from({ length: LABELS }, (_, n) => `Item ${n + 1}`),
  );
  // A Thread of another Team, shared with ours so it is visible (and still not ours to bind).
  const { teamId: otherTeam } = await admin<{ teamId: string }>(`/sandbox/orgs/${sandbox.ready.orgId}/teams`, { name: 'Other' });
  const { apiKey: otherKey } = await admin<{ apiKey: string }>('/sandbox/service-accounts', {
    orgId: sandbox.ready.orgId,
    name: 'other',
    teams: [{ teamId: otherTeam, role: 'admin' }],
  });
  const [foreign] = await createThreads(otherKey, otherTeam, ['Not ours']);
  await admin(`/sandbox/threads/${foreign}/share`, { teamId: sandbox.ready.teamId });

  await page.goto(`${new URL(station.served.ready.url).origin}/#/bulkBind?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByRole('heading', { name: 'Bulk bind' })).toBeVisible();
  await page.getByLabel('From position').fill('1');
  await page.getByLabel('To position', { exact: true }).fill(String(LABELS));
  const threads = page.getByLabel('Thread ids, one per line (paste or scan)');
  const preflight = page.getByRole('button', { name: 'Preflight (dry run)' });
  const commit = page.getByRole('button', { name: 'Commit' });
  const pairing = page.getByRole('table', { name: 'Pairing' });

  // The preflight blocks the other Team's Thread on its row, and Commit stays off.
  const withForeign = ours.map((id, n) => (n === FOREIGN_AT - 1 ? (foreign as string) : id));
  await threads.fill(withForeign.join('\n'));
  await preflight.click();
  // Two blockers, both on that row: not owned by our Team, and (merely shared) not editable.
  await expect(page.getByTestId('bulk-summary')).toContainText('2 blockers');
  await expect(pairing.getByRole('row')).toHaveCount(LABELS + 1);
  const blockedRow = pairing.getByRole('row').nth(FOREIGN_AT);
  await expect(blockedRow).toHaveClass(/row-blocked/);
  await expect(blockedRow).toContainText('thread_not_owned');
  await expect(blockedRow).toContainText('the Thread belongs to another Team');
  await expect(blockedRow).toContainText('thread_not_editable');
  await expect(pairing.locator('tr.row-blocked')).toHaveCount(1);
  await expect(commit).toBeDisabled();
  await screenshot(page, 'bulk-bind-blocker');

  // Fixed: a clean preflight, and the user's choice of activation (two options, none chosen for them), enable Commit.
  await threads.fill(ours.join('\n'));
  await expect(commit).toBeDisabled();
  await preflight.click();
  await expect(page.getByTestId('bulk-summary')).toContainText('No blockers');
  const activateNow = page.getByRole('radio', { name: /^Activate the Labels now/ });
  const leaveInactive = page.getByRole('radio', { name: /^Leave them inactive/ });
  await expect(activateNow).not.toBeChecked();
  await expect(leaveInactive).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Bulk bind' }).getByRole('checkbox')).toHaveCount(0);
  await expect(commit).toBeDisabled();
  await expect(page.getByTestId('bulk-choose-activation')).toHaveText('Choose above whether to activate the Labels, then Commit.');
  await activateNow.check();
  await expect(page.getByTestId('bulk-choose-activation')).toHaveCount(0);
  await expect(commit).toBeEnabled();

  // Editing the Threads after the clean preflight: Commit is off until the new pairing passes a preflight.
  const final = [ours[1], ours[0], ...ours.slice(2)] as string[];
  await threads.fill(final.join('\n'));
  await expect(commit).toBeDisabled();
  await expect(page.getByTestId('bulk-stale')).toBeVisible();
  await expect(page.getByTestId('bulk-summary')).toHaveCount(0);
  await screenshot(page, 'bulk-bind-stale');
  await preflight.click();
  await expect(page.getByTestId('bulk-summary')).toContainText('No blockers');
  await expect(page.getByTestId('bulk-stale')).toHaveCount(0);
  await expect(commit).toBeEnabled();

  // Commit with activation; the web host sends the queued bind by itself, and the bar fills without Refresh.
  await expect(activateNow).toBeChecked();
  await commit.click();
  await expect(page.getByRole('heading', { name: 'Bind and activation' })).toBeVisible();
  await expect(commit).toBeDisabled();
  const bar = page.getByRole('progressbar', { name: 'Activation progress' });
  await expect(bar).toHaveAttribute('max', String(LABELS));
  await expect(page.getByTestId('bulk-state')).toHaveText('Bulk-bind: done', { timeout: 60_000 });
  await expect(bar).toHaveAttribute('value', String(LABELS), { timeout: 60_000 });
  await expect(bar).toHaveAttribute('max', String(LABELS));
  await expect(page.getByText(`Identifiable: ${LABELS} of ${LABELS}`)).toBeVisible();
  await expect(page.getByTestId('bulk-activation-note')).toContainText('Activation finished');
  await screenshot(page, 'bulk-bind-activated');

  // The service agrees: every Label of the range bound to its Thread and identifiable.
  const shown = await station.call('reels.show', { reelId, refresh: true });
  expect(shown.labels.filter((l) => l.state === 'bound').map((l) => [l.position, l.boundThreadId])).toEqual(final.map((id, n) => [n + 1, id]));

  // The result as CSV: one row per pair, bound, with the Label's service id.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  await expect(page.getByTestId('download-saved')).toHaveText(
    `✓ Saved ${download.suggestedFilename()}: ${LABELS} pairs of position and Thread (positions 1–${LABELS}), with the preflight’s or bind’s state`,
  );
  expect(download.suggestedFilename()).toBe(`bulk-bind-${reelId}.csv`);
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  expect(rows).toHaveLength(LABELS);
  const serviceIds = new Map(shown.labels.map((l) => [l.position, l.serviceId]));
  rows.forEach((row, n) => {
    expect(row).toMatchObject({
      position: String(n + 1),
      threadId: final[n],
      threadName: n === 0 ? 'Item 2' : n === 1 ? 'Item 1' : `Item ${n + 1}`,
      state: 'bound',
      issues: '',
    });
    expect(row.compositeTagId).toBe(serviceIds.get(n + 1));
    expect(row.labelText).toBe(`BIND-${n + 1}`);
  });

  await page.getByRole('link', { name: 'Reel map', exact: true }).click();
  await expect(page.getByRole('gridcell', { name: /: bound$/ })).toHaveCount(LABELS, { timeout: 30_000 });
  await screenshot(page, 'bulk-bind-bound');
});

/** Connects the station to the sandbox directly (the first test connects through the Connect form; run alone, a test does it here). */
async function connectDirectly(): Promise<void> {
  if ((await station.call('profiles.list', {})).activeProfileId) return;
  await station.call('profiles.connect', {
    kind: 'remote',
    name: 'Shop',
    baseUrl: sandbox.ready.baseUrl,
    apiKey: sandbox.ready.apiKey,
    orgId: sandbox.ready.orgId,
    teamId: sandbox.ready.teamId,
  });
}

// Picking Threads without their ids: the screen says what a Thread is, a name typed in the search lists the Team's
// Threads with that in their name (as typing settles, no button needed), and an added Thread is named in the pairing
// before any preflight.
test('Threads found by name: results with names, added to the pairing by name', async ({ page }) => {
  test.setTimeout(120_000);
  await connectDirectly();
  const { reelId } = await station.call('reels.create', { name: 'Search reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  const [first, second] = await createThreads(sandbox.ready.apiKey, sandbox.ready.teamId, ['Chardonnay 2021', 'Chardonnay 2022', 'Riesling 2021']);

  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bulkBind?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('bulk-thread-is')).toHaveText(/^A Thread is the service’s record of one item/);
  await page.getByRole('searchbox', { name: 'Find Threads by name' }).fill('chardonnay');
  const found = page.getByRole('table', { name: 'Threads found' });
  await expect(found.getByRole('row')).toHaveCount(3);
  await expect(found).toContainText('Chardonnay 2021');
  await expect(found).toContainText('Chardonnay 2022');
  await expect(found).not.toContainText('Riesling');
  await page.getByRole('button', { name: 'Add Thread Chardonnay 2022' }).click();
  await page.getByRole('button', { name: 'Add Thread Chardonnay 2021' }).click();
  await expect(page.getByLabel('Thread ids, one per line (paste or scan)')).toHaveValue(`${second}\n${first}`);
  const pairing = page.getByRole('table', { name: 'Pairing' });
  await expect(pairing.getByRole('row').nth(1)).toContainText('Chardonnay 2022');
  await expect(pairing.getByRole('row').nth(2)).toContainText('Chardonnay 2021');

  // A name nothing has: said in words, not an empty box.
  await page.getByRole('searchbox', { name: 'Find Threads by name' }).fill('merlot');
  await expect(found).toContainText('No Thread of this Team has “merlot” in its name.');
  await page.getByRole('searchbox', { name: 'Find Threads by name' }).fill('2021');
  await expect(found.getByRole('row')).toHaveCount(3);
  await screenshot(page, 'bulk-bind-search');
});

// The Reel map's cut (a range moved to another Reel, with the move preview): the preview reads as a table of what
// moves where, and a preview of one range never enables moving another.
test('move preview: a readable table; a changed range needs a new preview before Move', async ({ page }) => {
  test.setTimeout(120_000);
  await connectDirectly();
  const { reelId } = await station.call('reels.create', { name: 'Cut reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  for (let p = 1; p <= 6; p += 1) await station.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `CUT-${p}` }] });
  expect(await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });

  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/reelMap?reel=${encodeURIComponent(reelId)}`);
  await page.getByText('Cut a range to another Reel').click();
  const from = page.getByLabel('From position');
  const to = page.getByLabel('To position', { exact: true });
  await from.fill('2');
  await to.fill('4');
  await page.getByLabel('New Reel name').fill('Cut tail');
  const move = page.getByRole('button', { name: 'Move', exact: true });
  await expect(move).toBeDisabled();
  await page.getByRole('button', { name: 'Preview the move' }).click();
  const preview = page.getByRole('table', { name: 'Move preview' });
  await expect(preview.getByRole('row', { name: /^From/ })).toContainText('positions 2–4 of this Reel');
  await expect(preview.getByRole('row', { name: /^To/ })).toContainText('a new Reel “Cut tail”');
  await expect(preview.getByRole('row', { name: /^Labels that move/ })).toContainText('3');
  await expect(preview.getByRole('row', { name: /^First Label/ })).toContainText('#2');
  await expect(preview.getByRole('row', { name: /^Last Label/ })).toContainText('#4');
  await expect(page.locator('pre')).toHaveCount(0);
  await expect(move).toBeEnabled();
  await screenshot(page, 'move-preview');

  // Another range: the old preview no longer speaks for it.
  await to.fill('5');
  await expect(move).toBeDisabled();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText('The range or target changed since the preview; preview again before moving.')).toBeVisible();
  // With an expected count that does not match, the preview warns and Move stays off (the service would refuse).
  const expected = page.getByLabel('Expected number of Labels (optional)');
  await expected.fill('3');
  await page.getByRole('button', { name: 'Preview the move' }).click();
  await expect(page.getByRole('list', { name: 'Warnings' })).toContainText('The range holds 4 Labels, not the expected 3');
  await expect(move).toBeDisabled();
  await screenshot(page, 'move-preview-warning');
  await expected.fill('4');
  await expect(move).toBeDisabled();
  await page.getByRole('button', { name: 'Preview the move' }).click();
  await expect(page.getByRole('table', { name: 'Move preview' }).getByRole('row', { name: /^Labels that move/ })).toContainText('4');
  await expect(page.getByRole('list', { name: 'Warnings' })).toHaveCount(0);
  await expect(move).toBeEnabled();
  await move.click();
  await expect(page.getByText(/Move queued/)).toBeVisible();
  await expect(move).toBeDisabled();
  expect(await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
  const tail = (await station.call('reels.list', {})).reels.find((r) => r.name === 'Cut tail');
  expect((await station.call('reels.show', { reelId: tail!.reelId, refresh: true })).labels.map((l) => l.position)).toEqual([2, 3, 4, 5]);
});
