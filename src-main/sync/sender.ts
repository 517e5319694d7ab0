import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { Db } from '../store/database';
import { isNoSpace } from '../runtime/disk';
import { recoverInterrupted } from '../store/outbox';
import { syncLockOwner, tryAcquireSyncLock, type SyncLockResult } from '../store/sync-lock';
import type { SyncEngine } from './engine';

// One sender per data folder (docs/sync.md, "One sender"): the process that holds the folder's sync lock
// (store/sync-lock.ts) is the only one that runs the start-up rule (`sending` → `pending`, outcome unknown) and
// sends. Others queue work, which the sender sends.

/** How often a host that wants to sync checks whether the other sender has gone. */
const SENDER_RETRY_MS = 2_000;
/**
 * How long an explicit sync (sync.run) waits for the lock by default: another process's status check
 * (syncLockOwner) holds it for an instant, and that must not answer STATION_BUSY. Background tries wait 0 (the
 * host's thread is not held) and try again after SENDER_RETRY_MS.
 */
const SENDER_WAIT_MS = 100;

export interface SenderOptions {
  db: Db;
  dataDir: string;
  engine: SyncEngine;
  /** The better-sqlite3 binary of the station database (Electron host), for the lock file too. */
  nativeBinding?: string;
  /** How long `sendNow` waits for another process to let go of the lock (ms; default SENDER_WAIT_MS). */
  waitMs?: number;
  /** This process became the sender (the status shows it). */
  onBecameSender(): void;
}

export class Sender {
  #lock: SyncLockResult | null = null;
  #retry: NodeJS.Timeout | undefined;

  constructor(private readonly options: SenderOptions) {}

  /** Sends from now on, or throws STATION_BUSY naming the process that sends this folder's queue. */
  sendNow(): void {
    if (!this.#become(this.options.waitMs ?? SENDER_WAIT_MS)) {
      const ownerPid = this.#lock && !this.#lock.held ? this.#lock.ownerPid : null;
      // The pid names the holder when its side file is readable (store/sync-lock.ts); the lock decides.
      const who = ownerPid === null ? 'Another station process' : `Another station process (pid ${ownerPid})`;
      throw new StationError({
        code: StationErrorCode.busy,
        message: `${who} is sending this data folder's queue; what you queue here is sent by it. Stop it to sync from here.`,
        detail: { ownerPid },
      });
    }
    this.options.engine.start();
  }

  /** Becomes the sender as soon as no other process is (hosts that drain whenever online). */
  sendWhenFree(): void {
    this.#retry = undefined;
    if (this.#become(0)) {
      this.options.engine.start();
      this.options.onBecameSender();
    } else {
      // The other sender (a `station sync` run, say) may finish soon: take over then.
      this.#retry = setTimeout(() => this.sendWhenFree(), SENDER_RETRY_MS);
      this.#retry.unref();
    }
  }

  /** The other process that sends this folder's queue (its pid when known), or null when it is this one or none. */
  otherSender(): { pid: number | null } | null {
    if (this.#lock?.held) return null;
    try {
      return syncLockOwner(this.options.dataDir, this.#lockOptions());
    } catch (error) {
      // On a disk full to the last byte the lock cannot even be tested (docs/storage.md, "A full disk"): the status
      // names no other sender; taking the lock to send says STATION_DISK_FULL.
      if (isNoSpace(error)) return null;
      throw error;
    }
  }

  close(): void {
    clearTimeout(this.#retry);
    if (this.#lock?.held) this.#lock.release();
  }

  #become(waitMs: number): boolean {
    if (this.#lock?.held) return true;
    this.#lock = tryAcquireSyncLock(this.options.dataDir, { ...this.#lockOptions(), waitMs });
    if (!this.#lock.held) return false;
    recoverInterrupted(this.options.db);
    return true;
  }

  #lockOptions(): { nativeBinding?: string } {
    return this.options.nativeBinding ? { nativeBinding: this.options.nativeBinding } : {};
  }
}
