import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processDead, processState, startLockHolder, until, type LockHolder } from '../../test/helpers/sync-lock';
import { tempDir } from '../../test/helpers/tmp';
import { syncLockOwner, tryAcquireSyncLock } from './sync-lock';

const dirs: { remove(): void }[] = [];
const holders: LockHolder[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((h) => h.kill()));
  dirs.splice(0).forEach((d) => d.remove());
});
function dir(): string {
  const d = tempDir('sync-lock-');
  dirs.push(d);
  return d.path;
}

async function startHolder(dataDir: string, options: { viaNpm?: boolean } = {}): Promise<LockHolder> {
  const holder = await startLockHolder(dataDir, options);
  holders.push(holder);
  return holder;
}

function releaseIfHeld(result: ReturnType<typeof tryAcquireSyncLock>): void {
  if (result.held) result.release();
}

describe('the data folder sync lock', () => {
  it('has one holder in a process; a second taker is told this pid until the first releases', () => {
    const path = dir();
    const first = tryAcquireSyncLock(path);
    expect(first.held).toBe(true);
    expect(syncLockOwner(path)).toEqual({ pid: process.pid });
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: process.pid });
    releaseIfHeld(first);
    expect(syncLockOwner(path)).toBeNull();
    const again = tryAcquireSyncLock(path);
    expect(again.held).toBe(true);
    releaseIfHeld(again);
  });

  it('is free the moment its holder is killed with kill -9 through npm, while the killed node is still unreaped', async () => {
    const path = dir();
    const holder = await startHolder(path, { viaNpm: true });
    expect(holder.ready.held).toBe(true);
    // The real condition: the lock is held, by the node process under npm.
    await until(() => syncLockOwner(path) !== null, 'the holder holds the lock');
    expect(syncLockOwner(path)).toEqual({ pid: holder.ready.pid });
    expect(processState(holder.ready.pid)).not.toBeNull();

    await holder.kill();
    // Dead: every thread has exited. The process stays a zombie until something reaps it (its
    // parent npm died with it), which `process.kill(pid, 0)` calls alive.
    await until(() => processDead(holder.ready.pid), `pid ${holder.ready.pid} is dead`);
    const taken = tryAcquireSyncLock(path);
    expect(taken).toMatchObject({ held: true });
    releaseIfHeld(taken);
  });

  it('excludes another live process: the child holds, this process is refused with its pid until it releases', async () => {
    const path = dir();
    const holder = await startHolder(path);
    expect(holder.ready.held).toBe(true);
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: holder.ready.pid });
    expect(syncLockOwner(path)).toEqual({ pid: holder.ready.pid });

    holder.send('release');
    expect(await holder.next()).toEqual({ released: true });
    expect(syncLockOwner(path)).toBeNull();
    const taken = tryAcquireSyncLock(path);
    expect(taken.held).toBe(true);
    // And the other way round: this process holds, a new child is refused with this pid.
    const second = await startHolder(path);
    expect(second.ready).toMatchObject({ held: false, ownerPid: process.pid });
    releaseIfHeld(taken);
  });

  it('stays held while the holding process looks at it (looking opens and closes the lock file)', async () => {
    const path = dir();
    const taken = tryAcquireSyncLock(path);
    expect(taken.held).toBe(true);
    // A status check and a refused second station in this process open their own connection to the
    // lock and close it; the POSIX locks of this process must survive those closes.
    expect(syncLockOwner(path)).toEqual({ pid: process.pid });
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: process.pid });
    const other = await startHolder(path);
    expect(other.ready).toMatchObject({ held: false, ownerPid: process.pid });
    releaseIfHeld(taken);
  });

  it('is free when its holder exited without releasing it', async () => {
    const path = dir();
    const holder = await startHolder(path);
    expect(holder.ready.held).toBe(true);
    holder.send('exit');
    await holder.exited;
    // Its pid file stays behind, naming a dead process: it names, it does not hold.
    expect(readFileSync(join(path, 'sync.lock.pid'), 'utf8').trim()).toBe(String(holder.ready.pid));
    expect(syncLockOwner(path)).toBeNull();
    const taken = tryAcquireSyncLock(path);
    expect(taken.held).toBe(true);
    expect(readFileSync(join(path, 'sync.lock.pid'), 'utf8').trim()).toBe(String(process.pid));
    releaseIfHeld(taken);
    expect(existsSync(join(path, 'sync.lock.pid'))).toBe(false);
  });

  it("takes over left-overs: a pid file naming a live or dead pid, junk, a junk lock file, an older station's sync.lock", () => {
    const cases: Record<string, string>[] = [
      // pid 1 is alive; no process has a pid above the kernel's pid_max.
      { 'sync.lock.pid': '1\n' },
      { 'sync.lock.pid': '4194305\n' },
      { 'sync.lock.pid': 'not a pid' },
      { 'sync.lock.db': 'not a database, and not empty: '.repeat(40) },
      // The pid/boot file of earlier versions: pid 1, this boot (which they read as a live holder).
      { 'sync.lock': `1 ${Math.round(Date.now() / 1000 - uptime())}\n` },
    ];
    for (const files of cases) {
      const path = dir();
      for (const [name, content] of Object.entries(files)) writeFileSync(join(path, name), content);
      expect(syncLockOwner(path), JSON.stringify(files)).toBeNull();
      const taken = tryAcquireSyncLock(path);
      expect(taken.held, JSON.stringify(files)).toBe(true);
      expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: process.pid });
      releaseIfHeld(taken);
    }
  });

  it("names no pid when the holder's pid file cannot be read", async () => {
    const path = dir();
    const holder = await startHolder(path);
    expect(holder.ready.held).toBe(true);
    writeFileSync(join(path, 'sync.lock.pid'), 'garbled');
    expect(tryAcquireSyncLock(path)).toEqual({ held: false, ownerPid: null });
    expect(syncLockOwner(path)).toEqual({ pid: null });
  });

  it('is tested without a journal file: nothing is created beside the lock file, nor synced', async () => {
    // A `station status` tests the lock; a journal file was created, synced three times and deleted at each test
    // (docs/architecture.md, "Start-up").
    const path = dir();
    releaseIfHeld(tryAcquireSyncLock(path)); // the lock file exists: a test of the lock opens it
    const seen: string[] = [];
    const watcher = watch(path, (_event, name) => seen.push(String(name)));
    try {
      expect(syncLockOwner(path)).toBeNull();
      // The watcher has seen everything before this mark.
      writeFileSync(join(path, 'mark'), '');
      await until(() => seen.includes('mark'), 'the watcher sees the mark');
      expect(seen.filter((name) => name.endsWith('-journal'))).toEqual([]);
    } finally {
      watcher.close();
    }
  });

  it('waits up to waitMs for a holder that is about to let go', async () => {
    const path = dir();
    const holder = await startHolder(path);
    expect(holder.ready.held).toBe(true);
    // The holder lets go 300 ms after it answers; an instant try in that time is refused.
    holder.send('release 300');
    expect(await holder.next()).toEqual({ releasingInMs: 300 });
    const taken = tryAcquireSyncLock(path, { waitMs: 20_000 });
    expect(taken.held).toBe(true);
    releaseIfHeld(taken);
  });
});
