// The watch folder for industrial cameras, on the real file system: files are taken only
// once fully written, bad files are refused with a reason, and the folder keeps working.
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCameraService, findIncomingStill, type CameraService } from '../../../src-main/devices/camera';
import type { CameraSettings, CameraStatus, CaptureResult } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { labelFrame } from '../../helpers/frames';

let frame: Buffer;
beforeAll(async () => {
  frame = await labelFrame({ seed: 21, qr: 'WATCH-21' });
});

interface Harness {
  service: CameraService;
  folder: string;
  dataDir: string;
  captures: CaptureResult[];
  statuses: CameraStatus[];
  next(count?: number): Promise<CaptureResult[]>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startWatching(before?: (folder: string) => Promise<void>): Promise<Harness> {
  const data = tempDir('camera-data-');
  const drop = tempDir('camera-drop-');
  cleanups.push(data.remove, drop.remove);
  await before?.(drop.path);
  const captures: CaptureResult[] = [];
  const statuses: CameraStatus[] = [];
  let saved: CameraSettings | undefined;
  const service = createCameraService({
    dataDir: data.path,
    settings: { load: () => saved, save: (value) => (saved = value) },
    events: { captured: (result) => captures.push(result), changed: (status) => statuses.push(status) },
  });
  cleanups.push(() => service.close());
  await service.updateSettings({ watchFolder: { path: drop.path, settleMs: 150 } });
  const next = async (count = 1) => {
    await until(() => captures.length >= count, { everyMs: 25, what: `${count} capture(s) from the watch folder` });
    return captures.splice(0, count);
  };
  return { service, folder: drop.path, dataDir: data.path, captures, statuses, next };
}

describe('watch folder', () => {
  it('takes a dropped image through the gate, keeps it for the commit and moves it to processed/', async () => {
    const h = await startWatching();
    expect(h.service.status().watchFolder).toEqual({ state: 'watching', path: h.folder });
    await writeFile(join(h.folder, 'IMG_0001.jpg'), frame);
    const [result] = await h.next();
    expect(result).toMatchObject({ source: 'watch_folder', device: join(h.folder, 'IMG_0001.jpg'), accepted: true, stored: true });
    expect(result?.barcodes).toEqual([{ tagType: 'QR', value: 'WATCH-21', format: 'QRCode' }]);
    const kept = await findIncomingStill(h.dataDir, result?.sha256 ?? '');
    expect(kept?.result.sha256).toBe(result?.sha256);
    // The file is moved after its capture is reported (watch-folder.ts, #handle): wait for the move.
    await until(() => readdirSync(join(h.folder, 'processed')).length > 0);
    expect(readdirSync(join(h.folder, 'processed'))).toEqual([expect.stringMatching(/-IMG_0001\.jpg$/)]);
    expect(existsSync(join(h.folder, 'IMG_0001.jpg'))).toBe(false);
  });

  it('waits until a file written in pieces stops growing, then reads it once, whole', async () => {
    const h = await startWatching();
    const path = join(h.folder, 'slow.jpg');
    const pieces = 6;
    const size = Math.ceil(frame.length / pieces);
    for (let i = 0; i < pieces; i += 1) {
      await appendFile(path, frame.subarray(i * size, (i + 1) * size));
      await sleep(60);
    }
    const [result] = await h.next();
    expect(result?.accepted).toBe(true);
    expect(result?.byteLength).toBe(frame.length);
    await sleep(400);
    expect(h.captures).toEqual([]);
  });

  it('ignores temporary names until the camera renames the file', async () => {
    const h = await startWatching();
    await writeFile(join(h.folder, 'frame.jpg.part'), frame);
    await sleep(500);
    expect(h.captures).toEqual([]);
    await rename(join(h.folder, 'frame.jpg.part'), join(h.folder, 'frame.jpg'));
    expect((await h.next())[0]?.accepted).toBe(true);
  });

  it('refuses a 50 MB file and a file that is not an image with clear reasons, and keeps running', async () => {
    const h = await startWatching();
    const big = Buffer.alloc(50 * 1024 * 1024, 1);
    frame.copy(big);
    await writeFile(join(h.folder, 'huge.jpg'), big);
    const [huge] = await h.next();
    expect(huge).toMatchObject({ accepted: false, stored: false, byteLength: big.length });
    expect(huge?.reasons).toEqual([{ code: 'IMAGE_TOO_LARGE', message: "image too large: 50.0 MB > 40.0 MB; lower the camera's resolution or JPEG quality" }]);

    await writeFile(join(h.folder, 'notes.txt'), 'camera log line\n');
    const [text] = await h.next();
    expect(text?.reasons.map((r) => r.code)).toEqual(['IMAGE_NOT_SUPPORTED']);

    await writeFile(join(h.folder, 'after.jpg'), frame);
    expect((await h.next())[0]?.accepted).toBe(true);
    await until(() => readdirSync(join(h.folder, 'refused')).length >= 2);
    expect(readdirSync(join(h.folder, 'refused')).sort()).toEqual([expect.stringMatching(/-huge\.jpg$/), expect.stringMatching(/-notes\.txt$/)]);
    expect(h.service.status().watchFolder.state).toBe('watching');
  });

  it('picks up files dropped while the station was not running', async () => {
    const h = await startWatching((folder) => writeFile(join(folder, 'early.jpg'), frame));
    const [result] = await h.next();
    expect(result).toMatchObject({ accepted: true, device: join(h.folder, 'early.jpg') });
  });

  it('reports a missing folder in the status with what to do, and stops watching when turned off', async () => {
    const h = await startWatching();
    const missing = join(h.folder, 'nope');
    await h.service.updateSettings({ watchFolder: { path: missing } });
    expect(h.service.status().watchFolder).toMatchObject({ state: 'error', path: missing });
    expect(h.service.status().watchFolder.error).toMatch(/^cannot watch .*nope \(.+\); check the folder exists and the station may read it$/);
    await h.service.updateSettings({ watchFolder: { path: null } });
    expect(h.service.status().watchFolder).toEqual({ state: 'off', path: null });
  });
});
