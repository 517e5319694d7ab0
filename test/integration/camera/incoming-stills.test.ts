// Accepted stills wait under the data dir, named by sha256, for the enrollment commit.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCapture, findIncomingStill, keepIncomingStill, pruneIncomingStills } from '../../../src-main/devices/camera';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../../src-shared/domain/image-quality';
import type { CaptureResult } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { labelFrame } from '../../helpers/frames';

let frame: Buffer;
let result: CaptureResult;
beforeAll(async () => {
  frame = await labelFrame({ seed: 51, format: 'png' });
  const analysis = await analyzeCapture(frame, { thresholds: DEFAULT_QUALITY_THRESHOLDS });
  result = { ...analysis, source: 'camera', device: 'cam', capturedAt: new Date().toISOString(), options: { settings: { zoom: 1.5 } }, stored: true };
});

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('incoming stills', () => {
  it('keeps the bytes under their sha256 with the capture result, found again by sha256 alone', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const kept = await keepIncomingStill(dir.path, frame, result);
    expect(kept.path).toMatch(new RegExp(`captures/incoming/${result.sha256}\\.png$`));
    const found = await findIncomingStill(dir.path, result.sha256);
    expect(found?.path).toBe(kept.path);
    expect(readFileSync(found?.path ?? '').equals(frame)).toBe(true);
    expect(found?.result).toEqual(result);
    expect(await findIncomingStill(dir.path, '0'.repeat(64))).toBeUndefined();
    expect(await findIncomingStill(dir.path, '../../etc/passwd')).toBeUndefined();
  });

  it('keeps the same frame submitted twice at once (both writes complete, one file results)', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const [a, b] = await Promise.all([keepIncomingStill(dir.path, frame, result), keepIncomingStill(dir.path, frame, result)]);
    expect(a.path).toBe(b.path);
    expect(readFileSync(a.path).equals(frame)).toBe(true);
    expect((await findIncomingStill(dir.path, result.sha256))?.result).toEqual(result);
  });

  it('prunes stills older than the age limit and keeps fresh ones', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const kept = await keepIncomingStill(dir.path, frame, result);
    expect(await pruneIncomingStills(dir.path, 60_000)).toBe(0);
    expect(existsSync(kept.path)).toBe(true);
    expect(await pruneIncomingStills(dir.path, 60_000, Date.now() + 120_000)).toBe(1);
    expect(existsSync(kept.path)).toBe(false);
    expect(await findIncomingStill(dir.path, result.sha256)).toBeUndefined();
  });
});
