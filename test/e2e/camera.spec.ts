// The camera path end to end (docs/devices.md, "Cameras"): Chromium's fake capture device plays a Y4M
// made from a generated label; the renderer's camera module (src-renderer/src/camera) runs in
// the station page served by the web host, takes a full-resolution still and sends it to
// main through the station contract; main's gate judges it and decodes its QR.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import type { QualityMetrics } from '../../src-shared/domain/image-quality';
import type { CaptureResult, StationApi } from '../../src-shared/ipc';
import { repoRoot, startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { blurred, dark, labelFrame } from '../helpers/frames';

type Ready = { ready: true; url: string; token: string };

const dir = tempDir('station-e2e-camera-');
let served: Started<Ready>;
let bundle: string;
const videos: Record<'label' | 'blurred' | 'dark', string> = { label: '', blurred: '', dark: '' };
const QR = 'https://example.test/l/000042';

/** Chromium reads the fake camera's frames from a Y4M; ffmpeg makes one from a still. */
function toY4m(name: string, image: Buffer): string {
  const png = join(dir.path, `${name}.png`);
  const y4m = join(dir.path, `${name}.y4m`);
  writeFileSync(png, image);
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-frames:v', '1', '-pix_fmt', 'yuv420p', y4m]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return y4m;
}

test.beforeAll(async () => {
  const label = await labelFrame({ seed: 42, qr: QR, format: 'png' });
  videos.label = toY4m('label', label);
  videos.blurred = toY4m('blurred', await blurred(label, 5));
  videos.dark = toY4m('dark', await dark(label));
  // The module as the UI uses it, exposed to page.evaluate (the station page's CSP is bypassed for this script only).
  const result = await build({
    stdin: {
      contents: `import { CameraCapture, listCameras } from './src-renderer/src/camera';
                 import { station } from './src-renderer/src/station-client';
                 Object.assign(globalThis, { cameraTest: { CameraCapture, listCameras, station } });`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'chrome120',
  });
  bundle = result.outputFiles[0]?.text ?? '';
  served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', '--data', join(dir.path, 'data'), 'serve', '--port', '0']);
});

test.afterAll(async () => {
  await served?.stop();
  dir.remove();
});

async function withFakeCamera<T>(video: string, run: (page: Page) => Promise<T>): Promise<T> {
  const base = test.info().project.use.launchOptions ?? {};
  const browser: Browser = await chromium.launch({
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(served.ready.url);
    await page.addScriptTag({ content: bundle });
    return await run(page);
  } finally {
    await browser.close();
  }
}

/**
 * What the injected bundle puts on the page's global object: the renderer's camera module
 * and station client. Typed here by shape, because this file compiles without the DOM library.
 */
interface CameraTestGlobal {
  cameraTest: {
    CameraCapture: new (station: StationApi) => {
      open(request: { name?: string | null; resolution?: { width: number; height: number } }): Promise<{ name: string }>;
      meters(): QualityMetrics | null;
      grabStill(): Promise<{ width: number; height: number; method: string }>;
      capture(): Promise<CaptureResult>;
      close(): void;
    };
    listCameras(): Promise<{ name: string; deviceId: string }[]>;
    station: StationApi;
  };
}

/** Opens the camera saved in the settings (by name), takes a still and returns main's verdict. */
function captureOnPage(page: Page, options: { withoutImageCapture?: boolean } = {}) {
  return page.evaluate(async ({ withoutImageCapture }) => {
    // Cameras (and browsers) without ImageCapture fall back to a frame of the video.
    if (withoutImageCapture) Reflect.deleteProperty(globalThis, 'ImageCapture');
    const { CameraCapture, station } = (globalThis as unknown as CameraTestGlobal).cameraTest;
    const settings = await station.call('camera.settings.get', {});
    const camera = new CameraCapture(station);
    const opened = await camera.open({ name: settings.cameraName, resolution: { width: 1600, height: 1200 } });
    const meters = camera.meters();
    const still = await camera.grabStill();
    const result = await camera.capture();
    camera.close();
    return { opened: opened.name, meters, still: { width: still.width, height: still.height, method: still.method }, result };
  }, options);
}

test('a still of a sharp label reaches main, passes the gate and its QR is decoded', async () => {
  const run = await withFakeCamera(videos.label, async (page) => {
    const cameras = await page.evaluate(() => (globalThis as unknown as CameraTestGlobal).cameraTest.listCameras());
    expect(cameras.length).toBe(1);
    const name = cameras[0]?.name ?? '';
    expect(name).not.toBe('');
    // Chosen by name (ids change per session): saved, then reopened by that name.
    await page.evaluate((cameraName) => (globalThis as unknown as CameraTestGlobal).cameraTest.station.call('camera.settings.set', { cameraName }), name);
    return { name, ...(await captureOnPage(page)) };
  });
  expect(run.opened).toBe(run.name);
  expect(run.still).toEqual({ width: 1600, height: 1200, method: 'takePhoto' });
  expect(run.meters?.focus).toBeGreaterThan(60);
  expect(run.result).toMatchObject({ accepted: true, stored: true, source: 'camera', device: run.name, width: 1600, height: 1200, reasons: [] });
  expect(run.result.barcodes).toContainEqual({ tagType: 'QR', value: QR, format: 'QRCode' });
  expect(run.result.options.settings).toBeDefined();
});

test('a blurred label is refused as too blurry, with the reason', async () => {
  const run = await withFakeCamera(videos.blurred, (page) => captureOnPage(page));
  expect(run.result.accepted).toBe(false);
  expect(run.result.stored).toBe(false);
  expect(run.result.reasons.map((r) => r.code)).toEqual(['TOO_BLURRY']);
  expect(run.result.reasons[0]?.message).toMatch(/^too blurry: focus [\d.]+ < 60; hold the label still or refocus$/);
  expect(run.meters?.focus).toBeLessThan(60);
});

test('a dark label is refused as too dark, with the reason', async () => {
  const run = await withFakeCamera(videos.dark, (page) => captureOnPage(page));
  expect(run.result.accepted).toBe(false);
  expect(run.result.reasons.map((r) => r.code)).toEqual(['TOO_DARK']);
  expect(run.result.reasons[0]?.message).toMatch(/^too dark: brightness [\d.]+ < 50; add light or raise the exposure$/);
});

test('without ImageCapture the still is a native-resolution video frame, and still passes with its QR', async () => {
  const run = await withFakeCamera(videos.label, (page) => captureOnPage(page, { withoutImageCapture: true }));
  expect(run.still).toEqual({ width: 1600, height: 1200, method: 'videoFrame' });
  expect(run.result).toMatchObject({ accepted: true, width: 1600, height: 1200, mimeType: 'image/jpeg' });
  expect(run.result.barcodes).toContainEqual({ tagType: 'QR', value: QR, format: 'QRCode' });
});
