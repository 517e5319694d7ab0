import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { tempDir } from '../tmp';

// Chromium's fake camera (docs/testing.md, "Real parts"): `--use-file-for-fake-video-capture=FILE.y4m`
// plays the file's frames at the rate in its header, from the moment a page opens the camera,
// and starts again at the first frame after the last. ImageCapture.takePhoto answers with the
// next frame the device delivers, so two stills in a row are two different frames.

/**
 * A Y4M with one frame per image (PNG or JPEG, all the same size), `fps` frames per second.
 * Chromium reads the header's rate as a whole number, so 1 is the slowest.
 */
function y4mFromFrames(dir: string, frames: readonly Buffer[], fps = 1): string {
  if (!Number.isInteger(fps) || fps < 1) throw new Error(`fps must be a whole number ≥ 1 (Chromium reads the Y4M rate as an integer), got ${fps}`);
  frames.forEach((frame, n) => writeFileSync(join(dir, `frame-${String(n).padStart(4, '0')}.png`), frame));
  const video = join(dir, 'frames.y4m');
  const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-framerate', String(fps), '-i', join(dir, 'frame-%04d.png'), '-pix_fmt', 'yuv420p', video]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return video;
}

/** Chromium's switches for a fake camera playing `video`, with no permission prompt. */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

/**
 * `test` whose browser (and so its `page`, with the config's screenshots and traces) has a fake
 * camera playing `frames()` at `fps`: the Y4M is made once per worker, removed at its end.
 */
export function testWithFakeCamera(frames: () => Promise<Buffer[]>, fps = 1) {
  return base.extend<object, { fakeCameraVideo: string }>({
    fakeCameraVideo: [
      async ({}, use) => {
        const dir = tempDir('station-fake-camera-');
        try {
          await use(y4mFromFrames(dir.path, await frames(), fps));
        } finally {
          dir.remove();
        }
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    launchOptions: [
      async ({ launchOptions, fakeCameraVideo }, use) => {
        await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(fakeCameraVideo)] });
      },
      { scope: 'worker' },
    ],
  });
}
