import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiskStatus, StorageInfo, StorageSettings } from '../../src-shared/ipc/storage';
import { diskStatus, pruneCaptures, requireRoom, saveStorageSettings, storageSettings } from './storage';
import { INCOMING_MAX_AGE_MS, pruneIncomingStills } from '../devices/camera/incoming-stills';
import { captureTotals } from '../store/captures';
import { openDatabase, type Db, type OpenDatabaseOptions } from '../store/database';
import { diskFullError, diskSpace, openFullDiskError } from '../runtime/disk';
import type { StationLogger } from '../runtime/log';

// The station's care of its data folder over a long run (docs/storage.md): it watches the disk (the status bar's
// indicator and banner follow it), remembers a write that failed for want of space until room is back, and prunes
// capture images (at start and daily) and the camera's stills nobody took (hourly).

/** How often the disk is looked at (cheap: one statfs); a change of low/full reaches the UI as station.changed. */
const DISK_CHECK_MS = 5_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** After a full disk, room is back (the banner goes) once this much is free, and the floor. */
const ROOM_AGAIN_BYTES = 2_000_000;
/**
 * The disk reserve: a file of this size in the data folder, given up when a write meets a full disk, so that sending the
 * queue (SQLite records each answer) and pruning still have room; made again once room is back (docs/storage.md).
 */
export const RESERVE_BYTES = 8_000_000;
/** Below this much free, the disk counts as full even before a write of the station failed (another program filled it). */
const NEARLY_FULL_BYTES = 1_000_000;

export function reservePath(dataDir: string): string {
  return join(dataDir, 'disk-reserve');
}

/** Whether the disk of `dataDir` is (nearly) full: less than NEARLY_FULL_BYTES free; false when it cannot be read. */
function nearlyFull(dataDir: string): boolean {
  try {
    return diskSpace(dataDir).free < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/**
 * Opens the data folder's database on a disk that may be full to the last byte (docs/storage.md, "A full disk"). Opening
 * needs room of its own (WAL's shared-memory file), so on a nearly full disk the reserve goes first; when the database
 * still cannot be opened there (no reserve, the disk full), it is opened without the shared-memory file, which
 * answers every read, and a write fails as SQLITE_FULL (STATION_DISK_FULL). When even that fails, STATION_DISK_FULL
 * names the folder and what to do, never an internal error. `full` says the disk was found full (the status says so).
 */
export function openStationDatabase(options: OpenDatabaseOptions): { db: Db; full: boolean } {
  const full = nearlyFull(options.dataDir);
  if (full) rmSync(reservePath(options.dataDir), { force: true });
  try {
    return { db: openDatabase(options), full };
  } catch (error) {
    if (!full && !nearlyFull(options.dataDir)) throw error;
    try {
      return { db: openDatabase({ ...options, sharedMemory: false }), full: true };
    } catch {
      throw openFullDiskError(options.dataDir);
    }
  }
}

export interface HousekeepingOptions {
  db: Db;
  dataDir: string;
  log: StationLogger;
  /** The disk's low/full state changed: the status must be sent again. */
  changed(): void;
  /** Prune at start, daily, and watch the disk (long-running hosts); the CLI's one-shot commands do none of it. */
  timers: boolean;
  /**
   * Keep the disk reserve (default: with the timers; the CLI keeps it too, so `station sync` can send on a full disk);
   * 'judge': make none, but count the disk as full when a process keeping it would (a CLI command that only reads).
   */
  reserve?: boolean | 'judge';
  /** The database was opened on a full disk (openStationDatabase): the disk counts as full until room is back. */
  openedFull?: boolean;
}

export class Housekeeping {
  private full = false;
  private closed = false;
  private lastShown: string | undefined;
  private lastPrunedAt: string | null = null;
  private lastCapturePrune = 0;
  private readonly diskTimer: NodeJS.Timeout | undefined;
  private readonly hourTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: HousekeepingOptions) {
    if (options.openedFull) this.release('the database was opened on a full disk');
    // A disk another program filled: the reserve goes at once, so this process can still send (the CLI's `station sync`).
    try {
      if (diskSpace(options.dataDir).free < NEARLY_FULL_BYTES && existsSync(reservePath(options.dataDir))) this.release('less than 1 MB free');
    } catch {
      // An unreadable disk is said by the status (disk: null).
    }
    if (this.keepsReserve || options.reserve === 'judge') {
      // Made only where there is room for it and the floor after: a process that makes none judges alike.
      if (this.keepsReserve) this.keepReserve();
      // The reserve was given up and there is not yet room to make it again: the disk is still full, also for a
      // process that did not see it fill (each CLI command is one), until room is back (readDisk).
      if (!this.full && !existsSync(reservePath(options.dataDir)) && this.freeBelow(RESERVE_BYTES + ROOM_AGAIN_BYTES)) this.full = true;
    }
    if (!options.timers) return;
    this.diskTimer = setInterval(() => this.checkDisk(), DISK_CHECK_MS);
    this.diskTimer.unref();
    this.hourTimer = setInterval(() => void this.hourly(), HOUR_MS);
    this.hourTimer.unref();
    void this.hourly();
  }

  private freeBelow(bytes: number): boolean {
    try {
      return diskSpace(this.options.dataDir).free < bytes;
    } catch {
      return false;
    }
  }

  private get keepsReserve(): boolean {
    return (this.options.reserve ?? this.options.timers) === true;
  }

  get settings(): StorageSettings {
    return storageSettings(this.options.db);
  }

  /**
   * The disk as the status shows it; null when it cannot be read. Whoever asks, a change of its low/full state is sent
   * (station.changed, soon after) so that the status bar and the banner follow it.
   */
  disk(): DiskStatus | null {
    const status = this.readDisk();
    const shown = status ? `${status.low}/${status.full}` : 'unknown';
    if (shown !== this.lastShown) {
      const first = this.lastShown === undefined;
      this.lastShown = shown;
      // The first look is no change: whoever asked has the status.
      if (!first)
        setImmediate(() => {
          if (this.closed) return;
          try {
            this.options.changed();
          } catch {
            // The status is sent again with the next change.
          }
        });
    }
    return status;
  }

  private readDisk(): DiskStatus | null {
    try {
      const status = diskStatus(this.options.db, this.options.dataDir, this.settings, this.full);
      // Room is back (the floor, the reserve, and at least ROOM_AGAIN_BYTES): the banner goes, the reserve is made again.
      if (this.full && status.free >= Math.max(status.floor, ROOM_AGAIN_BYTES) + RESERVE_BYTES) {
        this.full = false;
        this.options.log.info({ area: 'storage', free: status.free }, 'disk has room again');
        if (this.keepsReserve) this.keepReserve();
        return diskStatus(this.options.db, this.options.dataDir, this.settings, false);
      }
      if (!this.full && status.free < NEARLY_FULL_BYTES && existsSync(reservePath(this.options.dataDir))) {
        this.release('less than 1 MB free');
        return { ...status, free: diskSpace(this.options.dataDir).free, labelsLeft: 0, full: true };
      }
      return status;
    } catch {
      return null;
    }
  }

  /** A write failed for want of space: the banner shows until room is back. */
  noteNoSpace(why = 'a write failed for want of space'): void {
    const was = this.full;
    this.release(why);
    if (!was) this.checkDisk();
  }

  /** Gives up the reserve and remembers the disk as full. */
  private release(why: string): void {
    let free: number | null = null;
    try {
      free = diskSpace(this.options.dataDir).free;
    } catch {
      // Said as unknown.
    }
    // The reserve goes first: room for the queue's answers and for pruning.
    const reserve = reservePath(this.options.dataDir);
    const released = existsSync(reserve);
    if (released) rmSync(reserve, { force: true });
    this.options.log.error({ area: 'storage', dataDir: this.options.dataDir, free, reserveReleased: released }, `disk full: ${why}`);
    this.full = true;
  }

  /** New work waits while the disk is full (its room is the reserve's, for sending) or below the floor. */
  requireRoom(): void {
    if (this.full && this.disk()?.full !== false) throw diskFullError(this.options.dataDir);
    // The disk as it is now, not at the last look: another program may have filled it since, and a write is not
    // trusted to fail there, since SQLite may fit it in room it already holds (the WAL's old frames, reused after a
    // checkpoint; docs/storage.md, "A full disk").
    if (this.freeBelow(NEARLY_FULL_BYTES)) {
      this.noteNoSpace('less than 1 MB free before new work');
      throw diskFullError(this.options.dataDir);
    }
    requireRoom(this.options.dataDir, this.settings);
  }

  /** Writes the reserve when it is missing and there is plenty of room for it. */
  private keepReserve(): void {
    const path = reservePath(this.options.dataDir);
    try {
      if (existsSync(path)) return;
      if (diskSpace(this.options.dataDir).free < RESERVE_BYTES + ROOM_AGAIN_BYTES) return;
      writeFileSync(path, Buffer.alloc(RESERVE_BYTES), { mode: 0o600 });
    } catch {
      rmSync(path, { force: true });
    }
  }

  info(pruned?: { count: number; bytes: number }): StorageInfo {
    const disk = this.disk();
    const settings = this.settings;
    return {
      ...settings,
      captures: captureTotals(this.options.db),
      disk: disk ?? { free: 0, total: 0, labelsLeft: 0, low: true, full: this.full, floor: settings.floorBytes },
      ...(pruned ? { pruned } : {}),
      lastPrunedAt: this.lastPrunedAt,
    };
  }

  update(patch: Partial<StorageSettings>): StorageInfo {
    saveStorageSettings(this.options.db, patch);
    this.checkDisk();
    return this.info();
  }

  prune(now = new Date()): { count: number; bytes: number } {
    const pruned = pruneCaptures(this.options.db, this.settings, now);
    this.lastPrunedAt = now.toISOString();
    this.lastCapturePrune = now.getTime();
    if (pruned.count) this.options.log.info({ area: 'storage', ...pruned }, 'capture images pruned (retention)');
    this.checkDisk();
    return pruned;
  }

  /** Looks at the disk: a change of its low/full state since the last look is sent (disk()). */
  checkDisk(): void {
    this.disk();
  }

  private async hourly(): Promise<void> {
    try {
      await pruneIncomingStills(this.options.dataDir, INCOMING_MAX_AGE_MS);
      if (Date.now() - this.lastCapturePrune >= DAY_MS) this.prune();
    } catch (error) {
      this.options.log.warn({ area: 'storage', err: error instanceof Error ? error.message : String(error) }, 'pruning failed; tried again within the hour');
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.diskTimer);
    clearInterval(this.hourTimer);
  }
}
