import { z } from 'zod';

// Storage (docs/storage.md): the data folder's disk, the floor below which new enrollments wait, and the retention of
// capture images of Labels already on the service. Settings → Storage and `station storage`.

/** The data folder's disk, in the status (`station status`, the status bar). */
export const DiskStatus = z.object({
  /** Bytes free on the data folder's disk. */
  free: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Labels that still fit above the floor at the recent capture size. */
  labelsLeft: z.number().int().nonnegative(),
  /** Free space is below the floor: new enrollments are refused (STATION_DISK_LOW). */
  low: z.boolean(),
  /** A write failed for want of space (STATION_DISK_FULL) and free space has not come back above the floor since. */
  full: z.boolean(),
  /** The floor in bytes (Settings → Storage). */
  floor: z.number().int().nonnegative(),
});
export type DiskStatus = z.infer<typeof DiskStatus>;

export const StorageSettings = z.object({
  /** Days the image of a Label on the service is kept (0: removed at the next prune once landed). */
  keepDays: z.number().int().nonnegative().max(36_500),
  /** The most bytes of images kept: the oldest images of Labels on the service go first past it; null: no cap. */
  maxBytes: z.number().int().positive().nullable(),
  /** Below this many bytes free, new enrollments are refused (STATION_DISK_LOW). */
  floorBytes: z.number().int().nonnegative(),
});
export type StorageSettings = z.infer<typeof StorageSettings>;

export const DEFAULT_STORAGE_SETTINGS: StorageSettings = { keepDays: 30, maxBytes: null, floorBytes: 500_000_000 };

const CaptureTotals = z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

export const StorageInfo = StorageSettings.extend({
  /** Capture images still on disk (thumbnails not counted). */
  captures: CaptureTotals,
  disk: DiskStatus,
  /** What this prune removed (storage.prune only). */
  pruned: CaptureTotals.optional(),
  /** When the last prune ran (ISO), by itself or on demand; null before the first. */
  lastPrunedAt: z.string().nullable(),
});
export type StorageInfo = z.infer<typeof StorageInfo>;

export const storageCommands = {
  'storage.get': { input: z.object({}).strict(), output: StorageInfo },
  /** Changes the saved settings (only the fields given). */
  'storage.set': { input: StorageSettings.partial().strict(), output: StorageInfo },
  /** Removes now the images retention allows to remove. */
  'storage.prune': { input: z.object({}).strict(), output: StorageInfo },
} as const;
