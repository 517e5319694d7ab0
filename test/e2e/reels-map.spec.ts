import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CONTEXT_HEADERS } from '../../src-shared/api/common';
import type { LabelCollection, Reel } from '../../src-shared/api/labels';
import { PATHS } from '../../src-shared/api/paths';
import { serviceLabel } from '../helpers/e2e/service';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { openServed } from '../helpers/e2e/other-bench';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';
import { answerConfirm } from '../helpers/e2e/confirm';

// Reels and Reel map: search and the collection and transferred (shipped) filters;
// Label Collections (create, rename, file a Reel, filter by it); the print-data preview names
// bad rows before anything is imported; a Label cell archived, unarchived and stripped of one
// identifier, checked on the screen and on the service after sync.

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
});

const open = (page: Page, hash: string) => openServed(station, page, hash);

/** A GET on the service itself with the active profile's key (like support/service.ts), not through the station. */
async function serviceGet<T>(path: string): Promise<T> {
  const { profile } = await station.call('station.status', {});
  if (!profile?.orgId || !profile.teamId) throw new Error('no active profile');
  const apiKey = readFileSync(join(station.dataDir, 'keys', `${profile.profileId}.key`), 'utf8').trim();
  const auth = await fetch(`${profile.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': apiKey } });
  const { token } = (await auth.json()) as { token: string };
  const response = await fetch(`${profile.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, [CONTEXT_HEADERS.orgId]: profile.orgId, [CONTEXT_HEADERS.teamId]: profile.teamId },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Ships a Reel on the embedded sandbox. The spec names no Shipment endpoint the sandbox serves, so
 * the Reel's row gets its transferredAt directly (what a shipment leaves behind).
 */
function shipOnService(reelServiceId: string, at: string): void {
  const db = new Database(join(station.dataDir, 'sandbox', 'sandbox.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare("UPDATE collections SET transferred_at = ? WHERE collection_id = ? AND kind = 'reel'").run(at, reelServiceId).changes;
    if (changed !== 1) throw new Error(`no Reel ${reelServiceId} on the sandbox`);
  } finally {
    db.close();
  }
}

const syncAll = () => station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

test('Reels: search, collection and shipped filters; a collection created, renamed, a Reel filed into it', async ({ page }) => {
  test.setTimeout(120_000);
  await station.call('reels.create', { name: 'Alpha reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await station.call('reels.create', { name: 'Beta reel', description: 'night shift', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  const gamma = await station.call('reels.create', { name: 'Gamma reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
  await syncAll();
  const gammaService = (await station.call('reels.show', { reelId: gamma.reelId, refresh: false })).serviceId as string;
  const shippedAt = '2026-03-04T10:00:00.000Z';
  shipOnService(gammaService, shippedAt);

  await open(page, 'reels');
  const table = page.getByRole('table', { name: 'Reels' });
  const rowNames = () => table.getByRole('rowheader');
  await expect(rowNames()).toHaveCount(3);

  // Search: name and description.
  const filters = page.getByRole('search');
  await filters.getByLabel('Search Reels').fill('BETA');
  await expect(rowNames()).toHaveText([/^Beta reel/]);
  await filters.getByLabel('Search Reels').fill('night');
  await expect(rowNames()).toHaveText([/^Beta reel/]);
  await filters.getByLabel('Search Reels').fill('no such reel');
  await expect(table).toContainText('No Reel matches these filters.');
  await filters.getByLabel('Search Reels').fill('');
  await expect(rowNames()).toHaveCount(3);

  // A Label Collection: created, renamed.
  const collections = page.getByRole('region', { name: 'Label Collections' });
  await collections.getByLabel('Collection name').fill('Night line');
  await collections.getByRole('button', { name: 'Create collection' }).click();
  await collections.getByRole('button', { name: 'Rename collection Night line' }).click();
  await collections.getByLabel('New name for Night line').fill('Night shift line');
  await collections.getByRole('button', { name: 'Save name' }).click();
  await expect(collections.getByRole('table', { name: 'Label Collections' }).getByRole('row')).toHaveText([/^Collection name/, /^Night shift line/]);
  await expect(collections.getByRole('button', { name: 'Rename collection Night shift line' })).toBeVisible();

  // File Alpha into it; filter by it; then the unfiled ones.
  await table.getByLabel('Label Collection of Alpha reel').selectOption({ label: 'Night shift line' });
  await expect(table.getByLabel('Label Collection of Alpha reel')).toHaveValue(/.+/);
  await filters.getByRole('combobox', { name: /^Label Collection/ }).selectOption({ label: 'Night shift line' });
  await expect(rowNames()).toHaveText(['Alpha reel']);
  await filters.getByRole('combobox', { name: /^Label Collection/ }).selectOption({ label: 'Not in a collection' });
  await expect(rowNames()).toHaveText([/^Beta reel/, 'Gamma reel']);
  await filters.getByRole('combobox', { name: /^Label Collection/ }).selectOption({ label: 'All collections' });

  // Shipped: only the service knows, and the station asks it.
  await filters.getByRole('combobox', { name: /^Shipped/ }).selectOption({ label: 'Only shipped Reels' });
  await expect(rowNames()).toHaveText(['Gamma reel']);
  // The date as the UI language writes it (components/format.ts: dateStyle medium).
  const shippedOn = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(shippedAt));
  await expect(table.getByTestId('reel-transferred')).toHaveText([`⇢ shipped ${shippedOn}`]);
  await expect(page.getByTestId('reels-transferred-local')).toHaveCount(0);
  await filters.getByRole('combobox', { name: /^Shipped/ }).selectOption({ label: 'Hide shipped Reels' });
  await expect(rowNames()).toHaveText(['Alpha reel', /^Beta reel/]);
  // Combined with the collection filter.
  await filters.getByRole('combobox', { name: /^Label Collection/ }).selectOption({ label: 'Night shift line' });
  await expect(rowNames()).toHaveText(['Alpha reel']);
  await screenshot(page, 'reels-filters');

  // The service has the collection under its new name and Alpha filed in it.
  await syncAll();
  const collection = (await station.call('collections.list', {})).collections.find((c) => c.name === 'Night shift line');
  expect(collection?.serviceId).toBeTruthy();
  const onService = await serviceGet<{ collections: LabelCollection[] }>(PATHS.labelCollections);
  expect(onService.collections.find((c) => c.collectionId === collection?.serviceId)?.name).toBe('Night shift line');
  const alpha = (await station.call('reels.list', { q: 'Alpha' })).reels[0];
  const alphaOnService = await serviceGet<{ reel: Reel }>(PATHS.reel(alpha?.serviceId as string));
  expect(alphaOnService.reel.filedInCollectionId).toBe(collection?.serviceId);
});

test('print-data preview names the bad rows before importing; nothing is written until every row is fine', async ({ page }) => {
  const { reelId } = await station.call('reels.create', {
    name: 'Print reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  });
  await open(page, 'reels');
  await chooseReelSetUp(page, 'Print reel', 'Import print data for Print reel');
  const panel = page.getByRole('region', { name: 'Import print data into Print reel' });
  const paste = panel.getByLabel('Or paste the CSV');
  await paste.fill('position,text,qr,nfc\n1,P-001,Q-001,\nx,P-002,Q-002,\n3,P-003,Q-003,NOT-HEX\n1,P-004,Q-004,\n5,,,\n');

  // Row-level errors in the preview itself, before Import is pressed.
  const errors = panel.getByRole('group', { name: 'Rows with errors' });
  await expect(errors.getByRole('table', { name: 'Rows with errors' }).getByRole('row')).toHaveText([
    /Line.*Position.*Problems/,
    /^3x.*not a whole number/,
    /^43.*not a hex UID/,
    /^51.*also on line 2/,
    /^65.*no value/,
  ]);
  await expect(panel.getByTestId('import-check')).toHaveAttribute('data-state', 'invalid');
  await expect(panel.getByRole('table', { name: 'Preview' }).locator('tr.bad-row')).toHaveCount(4);
  await screenshot(page, 'reels-import-preview-errors');
  expect((await station.call('reels.show', { reelId, refresh: false })).labels).toHaveLength(0);
  // Import stays off while problems are listed (the import itself refuses such a file whole: import.test.ts).
  await expect(panel.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  expect((await station.call('reels.show', { reelId, refresh: false })).labels).toHaveLength(0);

  // Fixed: the check passes, the import runs.
  await paste.fill('position,text,qr\n1,P-001,Q-001\n2,P-002,Q-002\n3,P-003,Q-003\n');
  await expect(panel.getByTestId('import-check')).toHaveText('✓ Every row is fine: 3 rows can be imported.');
  await expect(errors).toHaveCount(0);
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByText('Imported 3 rows (3 as print data, 0 enrolled).')).toBeVisible();
  const labels = (await station.call('reels.show', { reelId, refresh: false })).labels;
  expect(labels.map((l) => [l.position, l.state, l.expected?.TEXT])).toEqual([
    [1, 'expected', 'P-001'],
    [2, 'expected', 'P-002'],
    [3, 'expected', 'P-003'],
  ]);
});

test('Reel map: a Label archived and unarchived (state, mark and legend), one identifier removed; the service agrees', async ({ page }) => {
  test.setTimeout(120_000);
  const { reelId } = await station.call('reels.create', {
    name: 'Map reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  });
  for (const p of [1, 2, 3]) {
    await station.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'QR', value: `MAP-Q-${p}` },
        { tagType: 'TEXT', value: `MAP-T-${p}` },
      ],
    });
  }
  await syncAll();
  const serviceIdAt = async (position: number) =>
    (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === position)?.serviceId as string;
  const second = await serviceIdAt(2);
  expect(second).toBeTruthy();

  await open(page, `reelMap?reel=${encodeURIComponent(reelId)}`);
  const legend = page.getByRole('list', { name: 'Legend' });
  const legendItem = (state: string) => legend.getByRole('listitem').filter({ hasText: new RegExp(`^\\S+${state} \\d+$`) });
  await expect(legendItem('enrolled')).toHaveText(/enrolled 3$/);
  await expect(legendItem('archived')).toHaveText(/archived 0$/);

  const cell = page.getByRole('gridcell', { name: /^Position 2: / });
  await expect(cell).toHaveAccessibleName('Position 2: enrolled');
  await cell.click();
  const detail = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: /^Position 2/ }) });
  await expect(detail.getByTestId('label-state')).toHaveAttribute('data-state', 'enrolled');

  // Archive (confirmed): queued, then archived once the service has it; the cell says so by its mark and name, not only colour.
  await detail.getByRole('button', { name: 'Archive', exact: true }).click();
  expect(await answerConfirm(page, 'confirm')).toBe('Archive the Label at position 2?');
  await expect(detail.getByTestId('label-state')).toHaveAttribute('data-state', 'archived', { timeout: 30_000 });
  await expect(detail.getByTestId('label-state')).toHaveText('A archived');
  await expect(cell).toHaveAccessibleName('Position 2: archived');
  await expect(cell.locator('.mark')).toHaveText('A');
  await expect(legendItem('archived')).toHaveText(/archived 1$/);
  await expect(legendItem('enrolled')).toHaveText(/enrolled 2$/);
  expect((await serviceLabel(station, second)).archivedAt).not.toBeNull();
  await screenshot(page, 'reel-map-archived');

  // Unarchive: back to enrolled, on the service too.
  await detail.getByRole('button', { name: 'Unarchive' }).click();
  await expect(detail.getByTestId('label-state')).toHaveAttribute('data-state', 'enrolled', { timeout: 30_000 });
  await expect(cell).toHaveAccessibleName('Position 2: enrolled');
  await expect(legendItem('archived')).toHaveText(/archived 0$/);
  await expect(legendItem('enrolled')).toHaveText(/enrolled 3$/);
  expect((await serviceLabel(station, second)).archivedAt).toBeNull();
  await expect(detail.getByTestId('label-op-queued')).toHaveCount(0);

  // Remove one identifier (confirmed): gone from the panel at once, from the service after sync.
  const identifiers = detail.getByRole('table', { name: 'Identifiers' });
  await expect(identifiers.getByRole('row')).toHaveCount(3);
  await identifiers.getByRole('button', { name: 'Remove QR identifier' }).click();
  expect(await answerConfirm(page, 'confirm')).toBe('Remove the QR identifier from this Label?');
  await expect(identifiers.getByRole('row')).toHaveCount(2);
  await expect(identifiers).not.toContainText('MAP-Q-2');
  await expect(identifiers).toContainText('MAP-T-2');
  await expect
    .poll(async () => (await serviceLabel(station, second)).members.filter((m) => m.archivedAt === null).map((m) => `${m.tagType}=${m.value}`), {
      timeout: 30_000,
    })
    .toEqual(['TEXT=MAP-T-2']);
  // A dismissed confirmation removes nothing.
  await identifiers.getByRole('button', { name: 'Remove TEXT identifier' }).click();
  await answerConfirm(page, 'cancel');
  await expect(identifiers.getByRole('row')).toHaveCount(2);
  await screenshot(page, 'reel-map-identifier-removed');
});
