import { rmSync } from 'node:fs';
import { DEFAULT_STORAGE_SETTINGS, StorageSettings, type DiskStatus } from '../../src-shared/ipc/storage';
import { diskLowError, diskSpace } from '../runtime/disk';
import { captureTotals, markCapturesPruned, prunableCaptures, recentCaptureBytes } from '../store/captures';
import type { Db } from '../store/database';
import { readSetting, writeSetting } from '../store/settings';

// Storage rules (docs/storage.md): the floor below which new enrollments wait, the Labels that still fit, and the
// retention of capture images of Labels already on the service.

const STORAGE_SETTING = 'storage';

/** What one Label's rows take in the database (Label, operation, attempts, audit, indexes), beside its capture. */
const LABEL_ROW_BYTES = 4_000;
/** A capture's thumbnail (320 px wide JPEG), kept when the image is pruned. */
const THUMBNAIL_BYTES = 15_000;

export function storageSettings(db: Db): StorageSettings {
  return { ...DEFAULT_STORAGE_SETTINGS, ...readSetting(db, STORAGE_SETTING, StorageSettings.partial()) };
}

export function saveStorageSettings(db: Db, patch: Partial<StorageSettings>): StorageSettings {
  const next = StorageSettings.parse({ ...storageSettings(db), ...patch });
  writeSetting(db, STORAGE_SETTING, next);
  return next;
}

/** The data folder's disk against the floor; `full` is the station's memory of a write that failed for want of space. */
export function diskStatus(db: Db, dataDir: string, settings: StorageSettings, full: boolean): DiskStatus {
  const { free, total } = diskSpace(dataDir);
  const capture = recentCaptureBytes(db);
  const perLabel = LABEL_ROW_BYTES + (capture === null ? 0 : capture + THUMBNAIL_BYTES);
  return {
    free,
    total,
    labelsLeft: full ? 0 : Math.max(0, Math.floor((free - settings.floorBytes) / perLabel)),
    low: free < settings.floorBytes,
    full,
    floor: settings.floorBytes,
  };
}

/** Refuses new work with STATION_DISK_LOW below the floor, before SQLite or the capture store can meet ENOSPC. */
export function requireRoom(dataDir: string, settings: StorageSettings): void {
  const { free } = diskSpace(dataDir);
  if (free < settings.floorBytes) throw diskLowError(dataDir, free, settings.floorBytes);
}

/**
 * Removes the images retention allows (docs/storage.md, "Retention"): of the captures no one needs any more
 * (store/captures.ts, prunableCaptures), those older than keepDays, then the oldest others while the images on disk
 * exceed maxBytes. The files go first (a full disk must get room back even when SQLite cannot write), then the rows are
 * marked; thumbnails stay.
 */
export function pruneCaptures(db: Db, settings: StorageSettings, now = new Date()): { count: number; bytes: number } {
  const cutoff = now.getTime() - settings.keepDays * 24 * 60 * 60 * 1000;
  const candidates = prunableCaptures(db);
  const chosen = candidates.filter((c) => Date.parse(c.createdAt) <= cutoff);
  if (settings.maxBytes !== null) {
    let kept = captureTotals(db).bytes - chosen.reduce((sum, c) => sum + c.bytes, 0);
    const taken = new Set(chosen.map((c) => c.sha256));
    for (const c of candidates) {
      if (kept <= settings.maxBytes) break;
      if (taken.has(c.sha256)) continue;
      chosen.push(c);
      kept -= c.bytes;
    }
  }
  for (const c of chosen) rmSync(c.path, { force: true });
  markCapturesPruned(
    db,
    chosen.map((c) => c.sha256),
    now.toISOString(),
  );
  return { count: chosen.length, bytes: chosen.reduce((sum, c) => sum + c.bytes, 0) };
}
