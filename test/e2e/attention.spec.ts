import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../src-shared/domain/image-quality';
import { blankImage, lowDetailImage, speckleTag } from '../fixtures';
import { tempDir } from '../helpers/tmp';
import { labelFrame } from '../helpers/frames';
import { serviceLabel } from '../helpers/e2e/service';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { answerConfirm } from '../helpers/e2e/confirm';

// An attention item (a refused low-detail capture) is shown with its code and fixed by
// recapturing (docs/sync.md, "Attention"). A laxer camera gate lets a low-detail and a blank still through; the service
// refuses both (SCAN_LOW_KEYPOINTS / SCAN_NO_KEYPOINTS), so their enrollments need attention.
// The queue and the Label show the reason, code and request id. One is discarded (asked first);
// the other is recaptured with Chromium's fake camera through the same path as the bench
// (still → main's gate → captureSha256 → labels.recapture), and ends done and enrolled on the service.

const KEYPOINT_CODES = /^SCAN_(NO|LOW)_KEYPOINTS$/;
const dir = tempDir('station-ui-attention-');
let station: ServedStation;
let video: string;

test.beforeAll(async () => {
  // The fake camera plays a sharp label (speckle tag) the gate and the service both accept.
  const png = join(dir.path, 'label.png');
  video = join(dir.path, 'label.y4m');
  writeFileSync(png, await labelFrame({ seed: 61, format: 'png' }));
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-frames:v', '1', '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station?.stop();
  dir.remove();
});

async function withFakeCamera(run: (page: Page) => Promise<void>): Promise<void> {
  const base = test.info().project.use.launchOptions ?? {};
  const browser: Browser = await chromium.launch({
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    await run(await browser.newPage());
  } finally {
    await browser.close();
  }
}

test('a refused low-detail capture needs attention with its code and request id; discard asks first; recapture fixes it', async () => {
  test.setTimeout(240_000);
  const { reelId } = await station.call('reels.create', {
    name: 'Attention reel',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  // The web host takes captures only by the sha256 of a still main's gate accepted and kept.
  const good = await station.call('camera.submitStill', { image: (await speckleTag(11)).toString('base64'), mimeType: 'image/png', camera: 'e2e' });
  expect(good.accepted).toBe(true);
  // Shop IT lowered the focus and detail thresholds: the gate now lets these through; the service has the last word.
  await station.call('camera.settings.set', { thresholds: { minFocus: 0, minContrast: 0 } });
  const lowDetail = await station.call('camera.submitStill', { image: (await lowDetailImage(12)).toString('base64'), mimeType: 'image/jpeg', camera: 'e2e' });
  const blank = await station.call('camera.submitStill', { image: (await blankImage()).toString('base64'), mimeType: 'image/jpeg', camera: 'e2e' });
  expect([lowDetail.accepted, lowDetail.stored, blank.accepted, blank.stored]).toEqual([true, true, true, true]);
  await station.call('camera.settings.set', { thresholds: DEFAULT_QUALITY_THRESHOLDS });

  await station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'QR', value: 'ATT-1' }], captureSha256: good.sha256 });
  const fixed = await station.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'QR', value: 'ATT-2' }], captureSha256: lowDetail.sha256 });
  const dropped = await station.call('labels.enroll', { reelId, position: 3, identifiers: [{ tagType: 'QR', value: 'ATT-3' }], captureSha256: blank.sha256 });
  const synced = await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
  expect(synced.attention).toBe(2);

  // Both refused enrollments wait for a person, each with its keypoint code and the service's request id.
  const { items } = await station.call('queue.list', { state: 'attention' });
  expect(items.map((i) => i.subject).sort()).toEqual([fixed.labelId, dropped.labelId].sort());
  for (const item of items) {
    expect(item.kind).toBe('enrollLabel');
    expect(item.attention?.code).toMatch(KEYPOINT_CODES);
    expect(item.attention?.status).toBe(400);
    expect(item.attention?.requestId).toMatch(/\S{6,}/);
    expect(item.attention?.actions).toContain('recapture');
  }
  const toFix = items.find((i) => i.subject === fixed.labelId);
  const toDrop = items.find((i) => i.subject === dropped.labelId);
  if (!toFix?.attention?.requestId || !toDrop?.attention?.requestId) throw new Error('attention items without a request id');
  const fixAttention = toFix.attention;

  await withFakeCamera(async (page) => {
    await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/queue`);
    const attentionCount = page.getByTestId('queue-count-attention');
    await expect(attentionCount).toHaveText(/attention 2$/);
    await expect(page.getByRole('link', { name: /Queue/ })).toContainText('2');
    // A row by its sequence number (the first cell): it stays after its buttons go.
    const rowOf = (seq: number) => page.getByRole('row').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${seq}$`) }) });
    const fixRow = rowOf(toFix.seq);
    const dropRow = rowOf(toDrop.seq);
    await expect(fixRow.getByTestId('attention-code')).toHaveText(fixAttention.code);
    // The reason in the UI's words from its code (docs/architecture.md, "Errors"); the station's English under Details.
    await expect(fixRow.getByTestId('attention')).toContainText(/too little usable detail|no usable detail/);
    await expect(fixRow.getByTestId('attention')).toContainText('Recapture');
    await expect(fixRow.getByTestId('error-details')).not.toHaveAttribute('open');
    await fixRow.getByTestId('attention').getByText('Details', { exact: true }).click();
    await expect(fixRow.getByTestId('error-details')).toContainText(fixAttention.reason);
    await expect(fixRow).toContainText(`request id ${fixAttention.requestId}`);
    await expect(dropRow.getByTestId('attention-code')).toHaveText(toDrop.attention?.code ?? '');
    await expect(dropRow).toContainText(toDrop.attention?.requestId ?? '');
    // Plain words first: the Reel by name and the position; the request's method and path only under Details.
    await expect(fixRow.getByTestId('queue-what')).toHaveText('Enroll Label at position 2 of Reel “Attention reel”');
    expect(await page.getByRole('table', { name: 'Operations' }).innerText(), 'the text shown').not.toMatch(/\b(POST|PUT|PATCH|DELETE) \//);
    const rawOfFix = fixRow.getByTestId('queue-raw');
    await expect(rawOfFix).toBeHidden();
    await fixRow.getByText('Sending', { exact: true }).click();
    await expect(rawOfFix).toContainText(`${fixAttention.code} · HTTP 400`);
    // The refused attempt names its request under Details: method and path, the service's words, code, status, request
    // id and how long it took (docs/sync.md, "The queue").
    await expect(rawOfFix.getByTestId('queue-attempt').last()).toHaveText(
      new RegExp(`POST /api/v1/\\S+ — .+ · ${fixAttention.code} · HTTP 400 · request id ${fixAttention.requestId} · \\d+ ms$`),
    );
    // Its time in the station's language and local time (the exact UTC instant in its title), not a raw ISO stamp.
    await expect(rawOfFix.getByTestId('queue-attempt').last()).not.toContainText(/\d{4}-\d\d-\d\dT/);
    await expect(rawOfFix.getByTestId('queue-attempt').last().locator('time')).toHaveAttribute('title', /^\d{4}-\d\d-\d\dT.+Z$/);
    const createRow = page.getByRole('row').filter({ has: page.getByTestId('queue-what').filter({ hasText: 'Create Reel “Attention reel”' }) });
    await createRow.getByText('Sending', { exact: true }).click();
    await expect(createRow.getByTestId('queue-raw')).toContainText(/POST \/api\/v1\/\S+ · HTTP 201/);
    await screenshot(page, 'queue-attention');

    // Discard asks first: dismissing the question leaves the item; accepting discards it (the row stays, as discarded).
    await dropRow.getByRole('button', { name: `Discard operation ${toDrop.seq}`, exact: true }).click();
    const asked = [await answerConfirm(page, 'cancel')];
    expect(asked).toEqual([
      `Discard operation ${toDrop.seq} (Enroll Label at position 3 of Reel “Attention reel”)? It will not be sent; the decision is recorded.`,
    ]);
    await expect(attentionCount).toHaveText(/attention 2$/);
    await expect(dropRow.getByTestId('attention-code')).toBeVisible();
    expect((await station.call('queue.list', { state: 'attention' })).items.map((i) => i.opId)).toContain(toDrop.opId);
    await dropRow.getByRole('button', { name: `Discard operation ${toDrop.seq}`, exact: true }).click();
    asked.push(await answerConfirm(page, 'confirm'));
    await expect(attentionCount).toHaveText(/attention 1$/);
    await expect(page.getByTestId('queue-count-discarded')).toHaveText(/discarded 1$/);
    expect(asked).toHaveLength(2);
    await expect(dropRow).toContainText('discarded');

    // The Label carries the same attention on the reel map, with its history; Recapture opens the camera there too.
    await page.getByRole('link', { name: 'Reel map', exact: true }).click();
    await page.getByLabel('Reel', { exact: true }).selectOption({ label: 'Attention reel' });
    await page.getByRole('gridcell', { name: 'Position 1: enrolled' }).click();
    await expect(page.getByRole('button', { name: 'Recapture position 1' })).toBeDisabled();
    await page.getByRole('gridcell', { name: 'Position 2: attention' }).click();
    const detail = page.getByRole('complementary', { name: /Position 2/ });
    await expect(detail.getByRole('alert').first()).toContainText(fixAttention.code);
    await expect(detail.getByRole('alert').first()).toContainText(fixAttention.requestId ?? '');
    const history = detail.getByTestId('label-history');
    await expect(history.getByRole('img', { name: /^Capture / })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // The history in words (the recorded action in its title), each attempt with its request and answer.
    await expect(history.getByRole('listitem').filter({ hasText: 'Enrolled at this station' })).toHaveAttribute('title', 'label.enroll');
    const refusedAttempt = history.getByTestId('label-attempt').filter({ hasText: fixAttention.code });
    await expect(refusedAttempt).toContainText(fixAttention.requestId ?? '');
    await expect(refusedAttempt).toContainText(/^enroll Label · attention · .+POST \/api\/v1\/\S+HTTP 400/);
    await detail.getByRole('button', { name: 'Recapture position 2' }).click();
    const mapPanel = detail.getByRole('region', { name: 'Recapture position 2' });
    await expect(mapPanel.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    await expect(mapPanel.getByRole('button', { name: 'Capture', exact: true })).toBeFocused();
    await screenshot(page, 'reel-map-attention');
    await mapPanel.getByRole('button', { name: 'Cancel recapture' }).click();
    await expect(mapPanel).toBeHidden();

    // Recapture from the queue. A stricter focus threshold makes the gate refuse the frame first:
    // the panel says why and the item stays.
    await page.getByRole('link', { name: /Queue/ }).click();
    await fixRow.getByRole('button', { name: `Recapture for operation ${toFix.seq}` }).click();
    const panel = page.getByRole('region', { name: `Recapture for operation ${toFix.seq}` });
    await expect(panel.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
    await expect(panel.getByLabel('Camera preview')).toBeVisible();
    await expect(panel.getByText(/Focus \d+/)).toBeVisible({ timeout: 10_000 });
    await station.call('camera.settings.set', { thresholds: { minFocus: 1_000_000 } });
    await panel.getByRole('heading', { name: `Recapture for operation ${toFix.seq}` }).click(); // focus off the buttons: Space is the panel's
    await page.keyboard.press(' ');
    const refused = panel.getByTestId('recapture-refused');
    await expect(refused).toContainText('The capture was refused:', { timeout: 30_000 });
    await expect(refused).toContainText('TOO_BLURRY');
    await expect(refused.getByRole('img', { name: 'The refused capture' })).toBeVisible();
    await expect(attentionCount).toHaveText(/attention 1$/);
    await screenshot(page, 'queue-recapture-refused');

    await station.call('camera.settings.set', { thresholds: DEFAULT_QUALITY_THRESHOLDS });
    await panel.getByRole('button', { name: 'Capture', exact: true }).click();
    await expect(page.getByTestId('queue-recaptured')).toHaveText(`✓ Operation ${toFix.seq} recaptured: the Label is queued to enroll again.`, {
      timeout: 30_000,
    });
    await expect(panel).toBeHidden();
    // The web host sends the new enrollment by itself: nothing needs attention, nothing waits.
    await expect(attentionCount).toHaveText(/attention 0$/, { timeout: 60_000 });
    await expect(page.getByTestId('queue-count-pending')).toHaveText(/pending 0$/, { timeout: 60_000 });
    await expect(page.getByTestId('queue-count-sending')).toHaveText(/sending 0$/, { timeout: 60_000 });
    await expect(page.getByTestId('queue-count-done')).toHaveText(/done 3$/);
    await expect(page.getByTestId('queue-count-discarded')).toHaveText(/discarded 2$/);
    await expect(fixRow).toContainText('discarded');
    await screenshot(page, 'queue-recaptured');

    // On the reel map the Label is enrolled, with the new capture and the refused one marked replaced.
    await page.getByRole('link', { name: 'Reel map', exact: true }).click();
    await page.getByRole('gridcell', { name: 'Position 2: enrolled' }).click();
    const enrolledHistory = page.getByRole('complementary', { name: /Position 2/ }).getByTestId('label-history');
    await expect(enrolledHistory.getByRole('img', { name: /^Capture / })).toHaveCount(2);
    await expect(enrolledHistory.getByRole('listitem').filter({ hasText: '(replaced)' })).toHaveCount(1);
    await screenshot(page, 'reel-map-recaptured');
  });

  // The new enrollment is done, and the service holds the Label at position 2 with the new capture and its QR.
  const { items: after } = await station.call('queue.list', {});
  const forLabel = after.filter((i) => i.subject === fixed.labelId);
  expect(forLabel.map((i) => [i.kind, i.state])).toEqual(
    expect.arrayContaining([
      ['enrollLabel', 'discarded'],
      ['enrollLabel', 'done'],
    ]),
  );
  expect(forLabel.find((i) => i.opId === toFix.opId)?.state).toBe('discarded');
  const shown = await station.call('reels.show', { reelId, refresh: true });
  const label = shown.labels.find((l) => l.position === 2);
  expect(label?.labelId).toBe(fixed.labelId);
  expect(label?.state).toBe('enrolled');
  expect(label?.attention).toBeNull();
  const capture = label?.identifiers.find((i) => i.tagType === 'SVC')?.captureSha256;
  expect(capture).toMatch(/^[0-9a-f]{64}$/);
  expect(capture).not.toBe(lowDetail.sha256);
  if (!label?.serviceId) throw new Error('the recaptured Label has no service id');
  const onService = await serviceLabel(station, label.serviceId);
  expect(onService.position).toBe(2);
  expect(onService.archivedAt).toBeNull();
  const live = onService.members.filter((m) => m.archivedAt === null);
  expect(live.find((m) => m.tagType === 'QR')?.value).toBe('ATT-2');
  expect(live.find((m) => m.tagType === 'SVC')?.fingerprintId).toBeTruthy();
  expect(shown.labels.find((l) => l.position === 3)?.state).not.toBe('enrolled');
});
