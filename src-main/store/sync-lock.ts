import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';

// One sender per data folder (SYNC.md: "at start-up every `sending` row goes back to
// `pending`"). That rule is only safe when no other process is sending the same queue:
// a second process (the CLI while the UI runs) would reset the first one's in-flight rows
// and send them again before their first request has answered, which can create a Reel
// twice. The process that syncs holds `sync.lock` (its pid and boot inside); others may read and
// queue work, which the holder sends.

export type SyncLockResult = { held: true; release(): void } | { held: false; ownerPid: number };

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this machine booted, in whole seconds (the same for every process of one boot, ±1 s). */
function bootTime(): number {
  return Math.round(Date.now() / 1000 - uptime());
}

/**
 * The lock's content: `PID BOOT`. After a power loss the pid in a left-over lock may belong to another
 * process of the new boot (pids are reused from small numbers), so a lock from another boot is stale.
 */
function lockContent(): string {
  return `${process.pid} ${bootTime()}\n`;
}

function readOwner(path: string): { pid: number; boot: number | null } | null {
  try {
    const [pidText, bootText] = readFileSync(path, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    const boot = bootText === undefined ? null : Number(bootText);
    return Number.isInteger(pid) && pid > 0 ? { pid, boot: Number.isFinite(boot) ? boot : null } : null;
  } catch {
    return null;
  }
}

function liveOwner(path: string): number | null {
  const owner = readOwner(path);
  if (!owner) return null;
  // Another station in this same process (tests, a second window) counts as a live holder.
  if (owner.pid === process.pid) return heldHere.has(path) ? owner.pid : null;
  if (owner.boot !== null && Math.abs(owner.boot - bootTime()) > BOOT_SLACK_SECONDS) return null;
  return alive(owner.pid) ? owner.pid : null;
}

/** Boot times computed by two processes of one boot differ by rounding and clock steps only. */
const BOOT_SLACK_SECONDS = 30;

/** The pid of the live process that sends this data folder's queue, if any (nothing is taken). */
export function syncLockOwner(dataDir: string): number | null {
  return liveOwner(join(dataDir, 'sync.lock'));
}

/** Takes the data folder's sync lock if no live process holds it (a dead holder's lock is taken over). */
export function tryAcquireSyncLock(dataDir: string): SyncLockResult {
  const path = join(dataDir, 'sync.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = liveOwner(path);
      if (owner !== null) return { held: false, ownerPid: owner };
      // Left by a process that died (kill -9, power loss): take it over.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(fd, lockContent());
    closeSync(fd);
    heldHere.add(path);
    let released = false;
    return {
      held: true,
      release() {
        if (released) return;
        released = true;
        heldHere.delete(path);
        if (readOwner(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        }
      },
    };
  }
  return { held: false, ownerPid: readOwner(path)?.pid ?? 0 };
}
