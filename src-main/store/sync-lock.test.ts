import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { tryAcquireSyncLock } from './sync-lock';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
function dir(): string {
  const d = tempDir('sync-lock-');
  dirs.push(d);
  return d.path;
}

describe('the data folder sync lock', () => {
  it('has one holder; a second taker is told the holder pid until it releases', () => {
    const path = dir();
    const first = tryAcquireSyncLock(path);
    expect(first.held).toBe(true);
    expect(readFileSync(join(path, 'sync.lock'), 'utf8').trim()).toMatch(new RegExp(`^${process.pid} \\d+$`));
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: process.pid });
    if (first.held) first.release();
    expect(existsSync(join(path, 'sync.lock'))).toBe(false);
    const again = tryAcquireSyncLock(path);
    expect(again.held).toBe(true);
    if (again.held) again.release();
  });

  it('takes over a lock left by a process that died', () => {
    const path = dir();
    // No process has this pid (above the kernel's pid_max).
    writeFileSync(join(path, 'sync.lock'), '4194305\n');
    const taken = tryAcquireSyncLock(path);
    expect(taken.held).toBe(true);
    expect(readFileSync(join(path, 'sync.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    if (taken.held) taken.release();
  });

  it('refuses while a live process of another pid holds it', () => {
    const path = dir();
    // pid 1 is always alive; the lock is of this boot.
    writeFileSync(join(path, 'sync.lock'), `1 ${Math.round(Date.now() / 1000 - uptime())}\n`);
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: 1 });
    // A lock written without the boot (older stations) is judged by the pid alone.
    writeFileSync(join(path, 'sync.lock'), '1\n');
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: 1 });
  });

  it('takes over a lock left before the machine last booted, even when its pid is alive again', () => {
    const path = dir();
    // pid 1 is alive now, but the lock is from a boot a day earlier (a power loss, then a restart).
    writeFileSync(join(path, 'sync.lock'), `1 ${Math.round(Date.now() / 1000 - uptime()) - 86_400}\n`);
    const taken = tryAcquireSyncLock(path);
    expect(taken.held).toBe(true);
    if (taken.held) taken.release();
  });
});
