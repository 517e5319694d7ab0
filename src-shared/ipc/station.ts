import { z } from 'zod';
import { SYNC_PAUSE_KINDS } from '../domain/sync-pause';
import { DiskStatus } from './storage';

// The station's own state, shown in the status bar and by `station status`.

export const QueueCounts = z.object({
  pending: z.number().int().nonnegative(),
  sending: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  attention: z.number().int().nonnegative(),
  discarded: z.number().int().nonnegative(),
});
export type QueueCounts = z.infer<typeof QueueCounts>;

export const ServiceProfileSummary = z.object({
  profileId: z.string(),
  kind: z.enum(['sandbox', 'remote']),
  name: z.string(),
  baseUrl: z.string(),
  orgId: z.string().nullable(),
  teamId: z.string().nullable(),
  /** The organization's and the Team's names as the service gave them when connecting; null when not known. */
  orgName: z.string().nullable(),
  teamName: z.string().nullable(),
});
export type ServiceProfileSummary = z.infer<typeof ServiceProfileSummary>;

export const OnlineState = z.enum(['online', 'offline', 'unknown', 'not_connected']);
export type OnlineState = z.infer<typeof OnlineState>;

/**
 * Why sending is paused (docs/sync.md, "Pause and resume"): the operator's Pause, or the service refused the API key.
 * A screen says it in its own language from this; `pauseReason` is the station's English for the CLI and the log.
 */
export const SyncPauseKind = z.enum(SYNC_PAUSE_KINDS);
export type SyncPauseKind = z.infer<typeof SyncPauseKind>;

const SyncState = z.object({
  /** Sending is paused (by the operator, or after the service refused the API key); survives restarts. */
  paused: z.boolean(),
  /** Why it is paused; null when it is not. */
  pauseKind: SyncPauseKind.nullable(),
  pauseReason: z.string().nullable(),
  /** Another process on this data folder sends the queue (it holds the sync lock); this one only queues. */
  otherSender: z.boolean(),
  /** That process's pid, when it could be read (null when no other process sends, or its pid is unknown). */
  otherSenderPid: z.number().int().nullable(),
});
type SyncState = z.infer<typeof SyncState>;

/**
 * The UI's language (docs/architecture.md, "Renderer", *One language*): the station's setting, kept by the main
 * process and served to every window, so a second window of a German station opens in German.
 */
export const UI_LANGUAGES = ['en', 'de'] as const;
export const UiLanguage = z.enum(UI_LANGUAGES);
export type UiLanguage = z.infer<typeof UiLanguage>;

export const StationStatus = z.object({
  version: z.string(),
  dataDir: z.string(),
  profile: ServiceProfileSummary.nullable(),
  online: OnlineState,
  queue: QueueCounts,
  /** When the service token in use expires (ISO); null before the first exchange or without a profile. */
  tokenExpiresAt: z.string().nullable(),
  sync: SyncState,
  startedAt: z.string(),
  /** The data folder's disk (docs/storage.md); null when it cannot be read. */
  disk: DiskStatus.nullable(),
  /** The UI's language, the same in every window (`station.language`). */
  language: UiLanguage,
  /**
   * This bench's Labels other benches took off their positions that the operator has not put away yet (the Queue's
   * "From other benches", docs/sync.md, "Every bench knows"): how many, and how many of them on each Reel (by reelId).
   */
  notices: z.object({ count: z.number().int().nonnegative(), reels: z.record(z.string(), z.number().int().nonnegative()) }),
});
export type StationStatus = z.infer<typeof StationStatus>;

export const stationCommands = {
  'station.status': { input: z.object({}).strict(), output: StationStatus },
  /** Sets the UI's language for every window of this station; `station.changed` tells the open ones. */
  'station.language': { input: z.object({ language: UiLanguage }).strict(), output: z.object({ language: UiLanguage }) },
} as const;

export const stationEvents = {
  /** Anything in the status changed; carries the new status. */
  'station.changed': StationStatus,
} as const;
