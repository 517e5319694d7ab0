import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { tempDir } from '../helpers/tmp';
import { labelFrame } from '../helpers/frames';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { answerConfirm } from '../helpers/e2e/confirm';

// Bench keys and sounds: the pedal (F12) captures, F8 recaptures, F9 voids
// (confirmed; a blank position becomes a gap); "labels per minute" counts the saves; saved,
// warning and error each play their own tone (announced as `station:sound`, and the bench's
// `data-last-sound`), heard here without an audio device.

// A minute of distinct frames for the pedal test, and frames of its own for the tone test: no capture of this
// file repeats a picture already saved for another Label (the bench refuses the very same picture twice:
// SAME_CAPTURE), even though each page's camera starts again at the video's first frame.
const FRAMES = 60;
const dir = tempDir('station-ui-bench-keys-');
let station: ServedStation;
let browser: Browser;
let reelId: string;

/**
 * A browser whose fake camera plays `count` distinct label frames (seeds from `seed`), one a second. Chromium
 * plays the file from its first frame for each page that opens the camera, so two tests on one browser can
 * capture the same frame: a test that must not repeat another's picture gets frames of its own.
 */
async function cameraBrowser(seed: number, count: number): Promise<Browser> {
  const frames = join(dir.path, `frames-${seed}`);
  mkdirSync(frames);
  // Distinct tags (no barcodes on them), one frame a second: two stills in a row are two frames.
  for (let n = 0; n < count; n += 1) writeFileSync(join(frames, `frame-${n}.png`), await labelFrame({ seed: seed + n, format: 'png' }));
  const video = join(frames, 'labels.y4m');
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-framerate', '1', '-i', join(frames, 'frame-%d.png'), '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  const base = test.info().project.use.launchOptions ?? {};
  return chromium.launch({
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  browser = await cameraBrowser(300, FRAMES);
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('devices.assignRole', { device: 'virtual:scanner', role: 'TEXT' });
  ({ reelId } = await station.call('reels.create', {
    name: 'Pedal reel',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
});
test.afterAll(async () => {
  await browser?.close();
  await station?.stop();
  dir.remove();
});

interface Heard {
  tone: string;
  notes: { frequency: number; duration: number; type: string }[];
  /** The page's audio context state when the tone was scheduled. */
  audio: string;
}

/** The tones the page played so far, oldest first. */
const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sounds: Heard[] }).__sounds.map((s) => ({ tone: s.tone, notes: s.notes, audio: s.audio })));

async function openBench(reel = reelId, on: Browser = browser): Promise<Page> {
  const page = await on.newPage();
  await page.addInitScript(() => {
    const sounds: unknown[] = [];
    (window as unknown as { __sounds: unknown[] }).__sounds = sounds;
    window.addEventListener('station:sound', (event) => sounds.push((event as CustomEvent).detail));
  });
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reel)}`);
  await expect(page.getByTestId('camera-state')).toHaveText('Camera live', { timeout: 30_000 });
  return page;
}

const scan = (data: string) => station.call('devices.inject', { device: 'virtual:scanner', data });
const stateAt = async (position: number) => (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === position)?.state;

test('F12 (pedal) captures, F8 recaptures, F9 voids; labels per minute after several saves', async () => {
  test.setTimeout(120_000);
  const page = await openBench();
  try {
    const position = page.getByTestId('bench-position');
    const svc = page.getByTestId('slot-SVC');
    await expect(position).toHaveText('1');
    await expect(page.getByRole('button', { name: /Capture/ })).toHaveAttribute('aria-keyshortcuts', 'Space F12');

    // The pedal sends F12: a capture fills the SVC slot.
    await page.keyboard.press('F12');
    await expect(svc).toHaveAttribute('aria-label', 'SVC: captured', { timeout: 30_000 });
    const first = await svc.getByRole('img').getAttribute('src');
    expect(first).toMatch(/^data:image\//);

    // F8: the capture is taken again (the next frame: another image in the slot).
    await page.keyboard.press('F8');
    await expect.poll(() => svc.getByRole('img').getAttribute('src'), { timeout: 30_000 }).not.toBe(first);
    await expect(svc).toHaveAttribute('aria-label', 'SVC: captured');
    await expect(position).toHaveText('1');

    // The printed code completes the Label: saved with the recaptured image, the position advances.
    await scan('KEY-1');
    await expect(position).toHaveText('2', { timeout: 20_000 });
    const saved = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === 1);
    expect(saved?.identifiers.map((i) => i.tagType).sort()).toEqual(['SVC', 'TEXT']);

    // F9 voids the damaged label at this position (after a confirmation): a blank position is a gap.
    await page.keyboard.press('F9');
    expect(await answerConfirm(page, 'confirm')).toBe('Void the Label at position 2 (damaged)?');
    await expect(position).toHaveText('3');
    expect(await stateAt(2)).toBe('gap');
    // A dismissed confirmation voids nothing.
    await page.keyboard.press('F9');
    await answerConfirm(page, 'cancel');
    await expect(position).toHaveText('3');
    expect(await stateAt(3)).toBeUndefined();

    // Several saves in a row, each by pedal and scan.
    for (let p = 3; p <= 6; p += 1) {
      await expect(svc).toHaveAttribute('aria-label', 'SVC: waiting');
      await page.keyboard.press('F12');
      await expect(svc).toHaveAttribute('aria-label', 'SVC: captured', { timeout: 30_000 });
      await scan(`KEY-${p}`);
      await expect(position).toHaveText(String(p + 1), { timeout: 20_000 });
    }
    await expect(page.getByTestId('bench-session-count')).toHaveText('5');
    // Five saves within the first minute: five a minute (the first minute counts whole).
    const rate = Number(await page.getByTestId('bench-rate').textContent());
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThanOrEqual(5);
    expect(rate).toBe(5);
    await screenshot(page, 'bench-keys');
  } finally {
    await page.close();
  }
});

test('saved, warning and error each play their own tone', async () => {
  test.setTimeout(90_000);
  const tone = await station.call('reels.create', {
    name: 'Tone reel',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  });
  await station.call('labels.enroll', { reelId: tone.reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'TONE-1' }] });
  // Frames no other test of this file saves: the capture that completes the Label is a new picture.
  const own = await cameraBrowser(900, 10);
  const page = await openBench(tone.reelId, own);
  try {
    const bench = page.getByTestId('bench');
    const feedback = page.getByTestId('bench-feedback');
    const position = page.getByTestId('bench-position');
    await expect(position).toHaveText('2');
    await expect(bench).toHaveAttribute('data-sound-count', '0');

    // Error: a printed code already on another Label of this Reel (position 1). Reads stop until Enter.
    await scan('TONE-1');
    await expect(feedback).toHaveAttribute('data-code', 'DUPLICATE_IN_REEL');
    await expect(bench).toHaveAttribute('data-last-sound', 'error');
    await expect(bench).toHaveAttribute('data-sound-count', '1');
    await page.keyboard.press('Enter');
    await expect(feedback).toHaveAttribute('data-blocked', 'false');

    // Warning: the same code read twice on this Label. Warnings do not stop the flow.
    await scan('TONE-2');
    await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', 'TEXT: TONE-2');
    await scan('TONE-2');
    await expect(feedback).toHaveAttribute('data-code', 'REPEAT_READ');
    await expect(bench).toHaveAttribute('data-last-sound', 'warning');
    await expect(bench).toHaveAttribute('data-sound-count', '2');

    // Saved: the capture completes the Label.
    await page.keyboard.press('F12');
    await expect(position).toHaveText('3', { timeout: 30_000 });
    await expect(bench).toHaveAttribute('data-last-sound', 'saved');
    await expect(bench).toHaveAttribute('data-sound-count', '3');

    const tones = await heard(page);
    expect(tones.map((t) => t.tone)).toEqual(['error', 'warning', 'saved']);
    // Scheduled on a running audio context: played, not merely announced.
    expect(tones.map((t) => t.audio)).toEqual(['running', 'running', 'running']);
    // Three different sounds, not one sound three times.
    const signature = (t: Heard) => t.notes.map((n) => `${n.type}@${n.frequency}/${n.duration}`).join(' ');
    expect(new Set(tones.map(signature)).size).toBe(3);
    await screenshot(page, 'bench-sounds');
  } finally {
    await page.close();
    await own.close();
  }
});
