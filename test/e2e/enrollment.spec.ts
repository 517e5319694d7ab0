import { expect, type Page } from '@playwright/test';
import type { CaptureResult } from '../../src-shared/ipc';
import { cameraLabelFrame } from '../fixtures/camera-label';
import { watchEvents, type EventFeed } from '../helpers/e2e/events';
import { testWithFakeCamera } from '../helpers/e2e/fake-camera';
import { serviceReelLabels } from '../helpers/e2e/service';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';

// The first UI test: connect to the embedded sandbox, create a Reel, import its print
// data, enroll 20 Labels through bench mode with reads from the virtual scanner and NFC
// reader and a capture of each Label's optical tag from the fake camera; one misprint is
// caught by the print-data check, one duplicate by the Reel check. Then the queue drains, the
// reel map shows the enrolled positions and the service holds the 20 Labels, each with its
// QR, its NFC and one optical tag.

const COUNT = 20;
const MISPRINT_AT = 7;
const qr = (p: number) => `QR-${String(p).padStart(4, '0')}`;
const uid = (p: number) => `04A1B2C3D4${p.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The fake camera plays one Label per frame (each its own speckle tag, seeds 1000…), one frame a
 * second, and then starts over. The bench runs for well under FRAMES seconds (about 25 s here),
 * so the video never comes round to a tag that is already on an enrolled Label.
 */
const FRAMES = 90;
const FRAME_MS = 1000;

const test = testWithFakeCamera(async () => {
  const frames: Buffer[] = [];
  for (let n = 0; n < FRAMES; n += 1) frames.push(await cameraLabelFrame(1000 + n));
  return frames;
}, 1000 / FRAME_MS);

let station: ServedStation;
let events: EventFeed;

test.beforeAll(async () => {
  station = await serveStation();
  events = await watchEvents(station);
});
test.afterAll(async () => {
  events?.close();
  await station?.stop();
});

test.describe.configure({ mode: 'serial' });

/** Stills taken again because the camera had not moved on to a new frame yet (reported at the end). */
let retakes = 0;

/**
 * Space takes a still; main's gate judges it and tells the UI (`camera.captured`, with the
 * image's sha256). A still with the bytes of one already taken (the same frame) is taken again
 * after one frame interval, when the preview shows the next Label, so every Label gets its own
 * tag. Returns the capture once the bench shows it in the SVC slot.
 */
async function captureNewFrame(page: Page, taken: Set<string>): Promise<CaptureResult> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const seen = events.all('camera.captured').length;
    await page.keyboard.press(' ');
    const capture = await events.next('camera.captured', seen);
    expect(capture.accepted, capture.reasons.map((r) => r.message).join('; ')).toBe(true);
    expect(capture.barcodes).toEqual([]);
    if (!taken.has(capture.sha256)) {
      taken.add(capture.sha256);
      // The bench placed this very capture (not an earlier one) before any read completes the Label.
      await expect(page.getByTestId('slot-SVC')).toHaveAttribute('aria-label', 'SVC: captured');
      await expect(page.getByTestId('slot-SVC').getByRole('img')).toHaveAttribute('src', capture.thumbnail ?? '');
      return capture;
    }
    retakes += 1;
    await page.waitForTimeout(FRAME_MS);
  }
  throw new Error('the camera showed no new frame in 5 tries');
}

test('connect, create a Reel, import print data, enroll 20 Labels at the bench with the camera, watch the queue drain, see the reel map and the service', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(station.served.ready.url);

  // First run opens Connect; the sandbox is one click.
  await expect(page.getByRole('heading', { name: 'Connect to a service' })).toBeVisible();
  await screenshot(page, 'connect');
  await page.getByRole('button', { name: 'Use the local sandbox' }).click();
  await expect(page.getByTestId('status-profile')).not.toHaveText('Not connected', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Reels', exact: true })).toBeVisible();

  // Create a Reel expecting one QR, one NFC and one optical tag (SVC) per Label.
  const create = page.getByRole('region', { name: 'Create a Reel' });
  await create.getByLabel('Name').fill('Reel E2E');
  await create.getByLabel('Printed text per Label').fill('0');
  await create.getByLabel('Optical marking (SVC) per Label').fill('1');
  await create.getByLabel('QR code per Label').fill('1');
  await create.getByLabel('NFC chip per Label').fill('1');
  await create.getByRole('button', { name: 'Create Reel' }).click();
  await expect(page.getByRole('rowheader', { name: /Reel E2E/ })).toBeVisible();

  // Print data: positions 1..20 with their QR and NFC.
  const csv = ['position,qr,nfc', ...Array.from({ length: COUNT }, (_, n) => `${n + 1},${qr(n + 1)},${uid(n + 1)}`)].join('\n');
  const importer = page.getByRole('region', { name: /Import print data into Reel E2E/ });
  await importer.getByLabel('Or paste the CSV').fill(csv);
  await expect(importer.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(COUNT + 1);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText(`Imported ${COUNT} rows`)).toBeVisible();
  await screenshot(page, 'reels');

  // A bad file names its bad rows, and Import stays off while they are listed.
  await importer.getByLabel('Or paste the CSV').fill('position,qr\n1,A\nx,B\n');
  await expect(importer.getByRole('table', { name: 'Rows with errors' })).toContainText('position “x” is not a whole number');
  await expect(importer.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await screenshot(page, 'import-errors');

  await page.getByRole('button', { name: 'Enroll in Reel E2E' }).click();
  await expect(page.getByRole('heading', { name: /Bench: Reel E2E/ })).toBeVisible();
  await expect(page.getByTestId('bench-position')).toHaveText('1');
  await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
  await expect(page.getByText(/Focus \d+/)).toBeVisible({ timeout: 10_000 });
  const benchStarted = Date.now();

  const taken = new Set<string>();
  const captured = new Map<number, CaptureResult>();
  for (let p = 1; p <= COUNT; p += 1) {
    await expect(page.getByTestId('bench-position')).toHaveText(String(p));
    await expect(page.getByTestId('slot-SVC')).toHaveAttribute('aria-label', 'SVC: waiting');
    if (p === MISPRINT_AT) {
      // A misprint: the scanned QR is not what the print data says here. An error, heard and
      // shown; nothing else is taken until Enter.
      await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(999)}` });
      const feedback = page.getByTestId('bench-feedback');
      await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
      await expect(page.getByRole('alert')).toContainText(
        `Misprint: ${qr(999)} is on no position of the print data, under any type (QR ${qr(p)} belongs here)`,
      );
      await screenshot(page, 'bench-misprint');
      await station.call('devices.inject', { device: 'virtual:nfc', data: uid(p) });
      await page.waitForTimeout(200);
      await expect(page.getByTestId('slot-NFC')).toHaveAttribute('aria-label', 'NFC: waiting');
      await page.keyboard.press('Enter');
      await expect(feedback).toHaveAttribute('data-blocked', 'false');
      await expect(page.getByText('Press Enter to go on')).toBeHidden();
    }
    if (p === MISPRINT_AT + 1) {
      // The value of another Label on this Reel: caught on this (the second) scan.
      await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(1)}` });
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-code', 'DUPLICATE_IN_REEL');
      await expect(page.getByRole('alert')).toContainText(`Duplicate: QR ${qr(1)} is already on the Label at position 1`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('bench-feedback')).toHaveAttribute('data-blocked', 'false');
    }
    captured.set(p, await captureNewFrame(page, taken));
    await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${qr(p)}` });
    await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', `QR: ${qr(p)}`);
    if (p === 3) await screenshot(page, 'bench');
    await station.call('devices.inject', { device: 'virtual:nfc', data: uid(p) });
  }
  await expect(page.getByTestId('bench-session-count')).toHaveText(String(COUNT));
  // Past the print data's last position the Bench says the Reel is done (docs/architecture.md, "The end" under the Bench's session), no position 21.
  await expect(page.getByTestId('bench-end')).toContainText(`All ${COUNT} positions of the Reel enrolled`);
  await expect(page.getByTestId('bench-position')).toHaveCount(0);
  const benchSeconds = (Date.now() - benchStarted) / 1000;
  test.info().annotations.push({ type: 'bench', description: `${COUNT} Labels in ${benchSeconds.toFixed(1)} s, ${retakes} still(s) taken again` });
  // The video did not come round to its first frame while the bench ran (see FRAMES).
  expect(benchSeconds).toBeLessThan((FRAMES * FRAME_MS) / 1000);
  await screenshot(page, 'bench-done');

  // The queue drains to zero by itself (the web host syncs in the background, like the
  // Electron host) with every Label sent once: the Reel and COUNT Labels.
  await openScreen(page, 'Queue');
  await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-sending')).toHaveText(/sending 0$/, { timeout: 60_000 });
  await expect(page.getByTestId('queue-count-attention')).toHaveText(/attention 0$/);
  await expect(page.getByTestId('queue-count-done')).toHaveText(new RegExp(`done ${COUNT + 1}$`));
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('value', String(COUNT + 1));
  await expect(page.getByTestId('status-queue')).toHaveText(`pending 0 · sending 0 · done ${COUNT + 1} · attention 0`);
  await screenshot(page, 'queue');

  // The reel map shows every enrolled position with its state, by mark as well as colour.
  await openScreen(page, 'Reel map');
  const grid = page.getByRole('grid', { name: 'Positions of the Reel' });
  await expect(grid.getByRole('gridcell', { name: 'Position 1: enrolled' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: `Position ${MISPRINT_AT}: enrolled` })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: /: enrolled$/ })).toHaveCount(COUNT);
  await grid.getByRole('gridcell', { name: `Position ${MISPRINT_AT}: enrolled` }).click();
  const detail = page.getByRole('complementary', { name: /Position 7/ });
  await expect(detail.getByRole('table', { name: 'Identifiers' })).toContainText(qr(MISPRINT_AT));
  await screenshot(page, 'reel-map');

  // The station saved each Label with the still taken at its position.
  const reel = (await station.call('reels.list', {})).reels.find((r) => r.name === 'Reel E2E');
  const shown = await station.call('reels.show', { reelId: reel?.reelId ?? '' });
  const positions = Array.from({ length: COUNT }, (_, n) => n + 1);
  expect(
    shown.labels
      .filter((l) => l.state === 'enrolled')
      .map((l) => ({ position: l.position, capture: l.identifiers.find((i) => i.tagType === 'SVC')?.captureSha256 })),
  ).toEqual(positions.map((p) => ({ position: p, capture: captured.get(p)?.sha256 })));

  // The service holds exactly these 20 Labels at positions 1–20, each with one optical tag
  // (its own fingerprint), its QR and its NFC.
  expect(shown.serviceId).not.toBeNull();
  const onService = await serviceReelLabels(station, shown.serviceId ?? '');
  const members = (label: (typeof onService)[number], tagType: string) => label.members.filter((m) => m.tagType === tagType && m.archivedAt === null);
  expect(
    onService
      .map((l) => ({
        position: l.position,
        complete: l.complete,
        svc: members(l, 'SVC').length,
        qr: members(l, 'QR').map((m) => m.value),
        nfc: members(l, 'NFC').map((m) => m.value),
      }))
      .sort((a, b) => a.position - b.position),
  ).toEqual(positions.map((p) => ({ position: p, complete: true, svc: 1, qr: [qr(p)], nfc: [uid(p)] })));
  const fingerprints = onService.flatMap((l) => members(l, 'SVC').map((m) => m.fingerprintId));
  expect(fingerprints.every((f) => typeof f === 'string' && f.length > 0)).toBe(true);
  expect(new Set(fingerprints).size).toBe(COUNT);
});
