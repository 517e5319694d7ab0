import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { storeCapture } from './captures';

// Which directories a stored capture fsyncs (docs/architecture.md, "The local change"): its folder each time, and
// `captures/` (which holds that folder's entry) only the first time this process writes into the folder.

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, openSync: vi.fn(real.openSync), fsyncSync: vi.fn(real.fsyncSync) };
});

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

/** The paths fsynced since the spies were last cleared, in order (each fd as the latest open before it had it). */
function fsyncedPaths(): string[] {
  const opens = vi.mocked(fs.openSync).mock;
  const fsyncs = vi.mocked(fs.fsyncSync).mock;
  return fsyncs.calls.map(([fd], n) => {
    const at = fsyncs.invocationCallOrder[n] as number;
    let path = `fd ${fd}`;
    opens.calls.forEach((call, m) => {
      if (opens.results[m]?.value === fd && (opens.invocationCallOrder[m] as number) < at) path = String(call[0]);
    });
    return path;
  });
}

/** Two different JPEGs whose SHA-256 starts alike, so they land in one folder `captures/ab`. */
async function twoInOneFolder(): Promise<[Buffer, Buffer]> {
  const jpeg = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const byPrefix = new Map<string, Buffer>();
  // Bytes after the end-of-image marker change the hash, not the picture.
  for (let n = 0; ; n += 1) {
    const image = Buffer.concat([jpeg, Buffer.from(`trailer ${n}`)]);
    const prefix = createHash('sha256').update(image).digest('hex').slice(0, 2);
    const other = byPrefix.get(prefix);
    if (other) return [other, image];
    byPrefix.set(prefix, image);
  }
}

describe('capture fsyncs', () => {
  it('fsyncs the file and its folder each time, and captures/ only the first time this process writes into that folder', async () => {
    const dir = tempDir('captures-fsync-');
    dirs.push(dir);
    const [first, second] = await twoInOneFolder();
    vi.mocked(fs.openSync).mockClear();
    vi.mocked(fs.fsyncSync).mockClear();

    const a = await storeCapture(dir.path, first);
    const folder = join(dir.path, 'captures', a.sha256.slice(0, 2));
    expect(fsyncedPaths()).toEqual([`${a.path}.${process.pid}.tmp`, folder, join(dir.path, 'captures')]);

    vi.mocked(fs.openSync).mockClear();
    vi.mocked(fs.fsyncSync).mockClear();
    const b = await storeCapture(dir.path, second);
    expect(b.sha256.slice(0, 2)).toBe(a.sha256.slice(0, 2));
    expect(fsyncedPaths()).toEqual([`${b.path}.${process.pid}.tmp`, folder]);
  });
});
