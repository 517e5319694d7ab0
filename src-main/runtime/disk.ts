import { statfsSync } from 'node:fs';
import { formatBytes } from '../../src-shared/domain/bytes';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';

export { formatBytes };

// The data folder's disk (docs/storage.md): how much is free, and the named errors of a disk that is full
// (STATION_DISK_FULL: a write failed for want of space) or below the floor (STATION_DISK_LOW: refused before writing).

export interface DiskSpace {
  /** Bytes a non-root process may still write. */
  free: number;
  total: number;
}

/** Free and total bytes of the filesystem that holds `dir` (statfs). */
export function diskSpace(dir: string): DiskSpace {
  const s = statfsSync(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
}

/** A write that failed because the disk (or the user's quota) is full: ENOSPC, EDQUOT, or SQLite's SQLITE_FULL. */
export function isNoSpace(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /\bENOSPC\b|database or disk is full/.test(message);
}

/** What a shift lead does about a disk that fills up; README.md, "Configuration" and docs/storage.md say the same. */
function whatToDo(dataDir: string): string {
  return (
    `Free space on that disk (remove other files there, or remove the images of Labels already on the service: "station storage --prune", ` +
    `Settings → Storage), or move the data folder to a larger disk: close the station, move the folder "${dataDir}" ` +
    `and start the station with --data NEW_FOLDER (or STATION_DATA_DIR=NEW_FOLDER).`
  );
}

function safeFree(dataDir: string): number | null {
  try {
    return diskSpace(dataDir).free;
  } catch {
    return null;
  }
}

export function diskFullError(dataDir: string): StationError {
  const free = safeFree(dataDir);
  return new StationError({
    code: StationErrorCode.diskFull,
    message: `The disk of the data folder "${dataDir}" is full (${free === null ? 'free space unknown' : `${formatBytes(free)} free`}); nothing of this change was saved. ${whatToDo(dataDir)}`,
    detail: { dataDir, free },
  });
}

/** The database of the data folder could not be opened for want of room (docs/storage.md, "A full disk"). */
export function openFullDiskError(dataDir: string): StationError {
  const free = safeFree(dataDir);
  return new StationError({
    code: StationErrorCode.diskFull,
    message: `The disk of the data folder "${dataDir}" is full (${free === null ? 'free space unknown' : `${formatBytes(free)} free`}); the station cannot open its data there until there is room. Nothing saved before is lost. ${whatToDo(dataDir)}`,
    detail: { dataDir, free },
  });
}

export function diskLowError(dataDir: string, free: number, floor: number): StationError {
  return new StationError({
    code: StationErrorCode.diskLow,
    message: `The disk of the data folder "${dataDir}" has ${formatBytes(free)} free, below the floor of ${formatBytes(floor)} (Settings → Storage); new enrollments wait until there is more room (sending the queue goes on). ${whatToDo(dataDir)}`,
    detail: { dataDir, free, floor },
  });
}
