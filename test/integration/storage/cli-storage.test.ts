import { statfsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { StationStatus, StorageInfo } from '../../../src-shared/ipc';
import { runStation } from '../../helpers/cli';
import { tempDir } from '../../helpers/tmp';

// `station --json status` shows the disk; `station --json storage` shows and changes retention (docs/storage.md).

const dir = tempDir('storage-cli-');
afterAll(() => dir.remove());

describe('station storage on the command line', () => {
  it('status has the disk: free, total, Labels left, low', () => {
    const result = runStation(['--data', dir.path, '--json', 'status']);
    expect(result.code).toBe(0);
    const disk = StationStatus.parse(result.json()).disk;
    const fs = statfsSync(dir.path);
    expect(disk?.total).toBe(fs.blocks * fs.bsize);
    expect(disk?.free).toBeGreaterThan(0);
    expect(disk).toMatchObject({ floor: 500_000_000, full: false });
    expect(disk?.low).toBe((disk?.free ?? 0) < 500_000_000);
    const text = runStation(['--data', dir.path, 'status']);
    expect(text.stdout).toMatch(/^disk {7}.* free of .* Labels left/m);
  });

  it('storage shows the captures and retention; the flags change the saved settings; --prune says what it removed', () => {
    const first = runStation(['--data', dir.path, '--json', 'storage']);
    expect(first.code).toBe(0);
    expect(StorageInfo.parse(first.json())).toMatchObject({ captures: { count: 0, bytes: 0 }, keepDays: 30, maxBytes: null, floorBytes: 500_000_000 });
    expect(first.json()).not.toHaveProperty('pruned');

    const set = runStation(['--data', dir.path, '--json', 'storage', '--keep-days', '7', '--max-gb', '20', '--floor-mb', '300', '--prune']);
    expect(set.code).toBe(0);
    expect(StorageInfo.parse(set.json())).toMatchObject({ keepDays: 7, maxBytes: 20_000_000_000, floorBytes: 300_000_000, pruned: { count: 0, bytes: 0 } });
    // Saved: the next run reads them back; --max-gb 0 lifts the cap.
    const again = runStation(['--data', dir.path, '--json', 'storage', '--max-gb', '0']);
    expect(StorageInfo.parse(again.json())).toMatchObject({ keepDays: 7, maxBytes: null, floorBytes: 300_000_000 });

    const bad = runStation(['--data', dir.path, 'storage', '--keep-days', 'ten']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--keep-days must be a whole number');
  });
});
