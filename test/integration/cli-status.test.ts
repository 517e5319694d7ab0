import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StationStatus } from '../../src-shared/ipc';
import { runStation } from '../helpers/cli';
import { repoRoot } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

const dir = tempDir();
afterAll(() => dir.remove());

describe('station CLI', () => {
  it('prints the status as one JSON document with real values', () => {
    const result = runStation(['--data', dir.path, '--json', 'status']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const status = StationStatus.parse(result.json());
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(status.version).toBe(pkg.version);
    expect(status.dataDir).toBe(dir.path);
    expect(status.profile).toBeNull();
    expect(status.queue).toEqual({ pending: 0, sending: 0, done: 0, attention: 0, discarded: 0 });
  });

  it('takes --data after the command word too (station status --data DIR)', () => {
    const other = tempDir();
    try {
      const result = runStation(['status', '--data', other.path, '--json']);
      expect(result.code).toBe(0);
      expect(StationStatus.parse(result.json()).dataDir).toBe(other.path);
    } finally {
      other.remove();
    }
  });

  it('creates its database in the data dir', () => {
    runStation(['--data', dir.path, 'status']);
    expect(readFileSync(join(dir.path, 'station.sqlite3')).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('answers an unknown command with a usage error (exit 2)', () => {
    const result = runStation(['--data', dir.path, 'frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown command "frobnicate"');
  });

  it('answers a bad option with a usage error naming it', () => {
    const result = runStation(['--data', dir.path, 'serve', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a port number');
  });
});
