import { existsSync, readFileSync, renameSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

// One sender per data folder (docs/sync.md, "One sender"): at start-up every `sending` row goes
// back to `pending` ("Start-up recovery"). That rule is only safe when no other process is
// sending the same queue: a second process (the CLI while the UI runs) would reset the first
// one's in-flight rows and send them again before their first request has answered, which
// can create a Reel twice. The process that syncs holds the lock; others may read and queue
// work, which the holder sends.
//
// The lock is `sync.lock.db`, an SQLite file the sender keeps open in an exclusive write
// transaction (locking_mode=EXCLUSIVE, BEGIN EXCLUSIVE). SQLite takes POSIX advisory locks,
// which the kernel drops the moment the holder dies: after kill -9, a power loss, or while the
// killed process is still an unreaped zombie (which `process.kill(pid, 0)` would call alive).
// SQLite also refuses a second connection in the same process (two stations in one process).
// Nothing is ever written to the file, so a held lock file is always empty.
//
// `sync.lock.pid` only names the holder in messages: the holder writes its pid after taking the
// lock and removes it on release. It is read only while the lock is held, never to decide.
//
// `sync.lock.db` is opened outside SQLite only to empty a junk file, and only while this process
// holds no lock on it: closing any descriptor of the file drops every POSIX lock this process
// holds on it (SQLite itself keeps such descriptors open until its last lock is gone).

export type SyncLockResult = { held: true; release(): void } | { held: false; ownerPid: number | null };

export interface SyncLockOptions {
  /** The better-sqlite3 binary the station database uses (the Electron host's build). */
  nativeBinding?: string;
  /** How long to wait for a holder that is about to let go, in ms (default 0: one instant try). */
  waitMs?: number;
}

const LOCK_FILE = 'sync.lock.db';
const PID_FILE = 'sync.lock.pid';

/** Lock files held by this process (a junk lock file is only ever emptied when this process holds none). */
const heldHere = new Set<string>();

type Attempt = { taken: Database.Database } | { busy: true } | { junk: true };

/** A test of the lock (`lookOnly`) takes it with its journal in memory and lets go at once. */
type AttemptOptions = SyncLockOptions & { lookOnly?: boolean };

function attempt(path: string, options: AttemptOptions): Attempt {
  const db = new Database(path, {
    timeout: options.waitMs ?? 0,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // A test of the lock keeps its rollback journal in memory: the journal file SQLite keeps by default was created,
    // synced three times (with the folder) and deleted at every test, as every `station status` makes
    // (docs/architecture.md, "Start-up"); the lock is the same POSIX lock on the file itself. The sender's own take
    // keeps the file: on a disk with not one byte left it fails, and sending says the disk is full (docs/storage.md,
    // "A full disk"). (OFF is refused by better-sqlite3's defensive mode.)
    if (options.lookOnly) db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    return { taken: db };
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return { busy: true };
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return { junk: true };
    throw error;
  }
}

/**
 * Takes the lock, or says who holds it. A lock file that is not an SQLite database (nobody can
 * hold such a file) is emptied and taken; emptying is harmless even if another process takes it
 * first, since a held lock file is empty.
 */
function take(dataDir: string, options: AttemptOptions): Database.Database | { busy: true } {
  const path = join(dataDir, LOCK_FILE);
  let result = attempt(path, options);
  if ('junk' in result && !heldHere.has(path)) {
    truncateSync(path, 0);
    result = attempt(path, options);
  }
  if ('taken' in result) return result.taken;
  if ('busy' in result) return result;
  throw new Error(`The sync lock ${path} is not an SQLite database and could not be emptied; delete it while no station runs on this data folder.`);
}

/** The holder's pid from its side file, or null when missing or unreadable. */
function readHolderPid(dataDir: string): number | null {
  try {
    const text = readFileSync(join(dataDir, PID_FILE), 'utf8').trim();
    const pid = Number(text);
    return /^\d+$/.test(text) && Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function writeHolderPid(dataDir: string): void {
  const path = join(dataDir, PID_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${process.pid}\n`, { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    // The pid only names the holder in messages; without it others say "another station process".
  }
}

/**
 * Whether another connection holds this data folder's sync lock, and its pid when its side file
 * names one. Tests the lock itself (takes it and lets go at once); takes nothing when it is free.
 */
export function syncLockOwner(dataDir: string, options: Pick<SyncLockOptions, 'nativeBinding'> = {}): { pid: number | null } | null {
  // No lock file: no process has ever taken it here (not creating one just to look).
  if (!existsSync(join(dataDir, LOCK_FILE))) return null;
  const result = take(dataDir, { ...options, waitMs: 0, lookOnly: true });
  if ('busy' in result) return { pid: readHolderPid(dataDir) };
  result.close();
  return null;
}

/** Takes the data folder's sync lock if no live process holds it (a dead holder's lock is free). */
export function tryAcquireSyncLock(dataDir: string, options: SyncLockOptions = {}): SyncLockResult {
  const result = take(dataDir, options);
  if ('busy' in result) return { held: false, ownerPid: readHolderPid(dataDir) };
  const db = result;
  const path = join(dataDir, LOCK_FILE);
  heldHere.add(path);
  writeHolderPid(dataDir);
  let released = false;
  return {
    held: true,
    release() {
      if (released) return;
      released = true;
      // The pid file first, while still holding: after the close another process may write its own.
      if (readHolderPid(dataDir) === process.pid) {
        try {
          unlinkSync(join(dataDir, PID_FILE));
        } catch {
          // Already gone: nothing to remove.
        }
      }
      heldHere.delete(path);
      db.close();
    },
  };
}
