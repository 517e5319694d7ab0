import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { OperationKind, OperationState } from '../../src-shared/ipc/queue';
import type { OnlineState, ServiceProfileSummary, SyncState } from '../../src-shared/ipc/station';
import { z } from 'zod';
import type { EventBus } from '../events';
import type { EnrollmentContext } from '../enrollment/context';
import type { Db } from '../store/database';
import { recoverInterrupted } from '../store/outbox';
import { summarizeProfile } from '../store/profiles';
import { readQueueCounts } from '../store/queue-counts';
import { readSetting, writeSetting } from '../store/settings';
import { syncLockOwner, tryAcquireSyncLock, type SyncLockResult } from '../store/sync-lock';
import { SyncEngine } from '../sync/engine';
import { CONCURRENCY_SETTING, ConcurrencyBoundsSchema } from '../sync/concurrency';
import type { ServiceLogger } from '../service';
import type { KeyCipher } from '../store/api-key-file';
import { Connection, type SandboxStarter } from './connection';
import { bulkBindHandlers } from './handlers/bulk-bind';
import { labelHandlers } from './handlers/labels';
import { profileHandlers } from './handlers/profiles';
import { queueHandlers } from './handlers/queue';
import { reelHandlers } from './handlers/reels';
import { threadHandlers } from './handlers/threads';
import type { CoreParts } from './parts';

// The station core of issue 4: store → connection (service client) → sync engine → enrollment,
// and the command handlers of each area. station.ts merges these handlers with the others.

export interface SyncCoreOptions {
  db: Db;
  dataDir: string;
  events: EventBus;
  startSandbox?: SandboxStarter;
  /** Start draining the queue at once (hosts with a UI); the CLI drains only on `sync`. */
  autoSync?: boolean;
  requestTimeoutMs?: number;
  maxConcurrency?: number;
  /** Inputs may name files on disk (default false). */
  allowFilePaths?: boolean;
  /** The station log (failed service requests with their request id). */
  logger?: ServiceLogger;
  /** The OS keychain's cipher for API keys (Electron host); else 0600 files. */
  keyCipher?: KeyCipher;
  /** The better-sqlite3 binary of the station database (Electron host), for the sync lock too. */
  nativeBinding?: string;
  /** How long sync.run waits for another process to let go of the sync lock (ms; default SENDER_WAIT_MS). */
  senderWaitMs?: number;
  /** Called when the status (profile, online state, queue counts) changed. */
  onStatusChanged(): void;
}

const PROGRESS_INTERVAL_MS = 100;
/** How often a host that wants to sync checks whether the other sender has gone. */
const SENDER_RETRY_MS = 2_000;
/**
 * How long an explicit sync (sync.run) waits for the lock by default: another process's status
 * check (store/sync-lock.ts syncLockOwner) holds it for an instant, and that must not answer
 * STATION_BUSY. Background tries wait 0 (the host's thread is not held) and try again after
 * SENDER_RETRY_MS.
 */
const SENDER_WAIT_MS = 100;
/** A pause survives restarts: a revoked key must not be tried again by the next process. */
const PauseSetting = z.object({ reason: z.string().nullable() }).nullable();

export async function createSyncCore(options: SyncCoreOptions) {
  const { db, events } = options;
  let lock: SyncLockResult | null = null;
  let senderTimer: NodeJS.Timeout | undefined;
  /**
   * Becomes the one sender of this data folder (store/sync-lock.ts). Only the sender runs
   * SYNC.md's start-up rule (`sending` → `pending`, outcome unknown) and sends.
   */
  const lockOptions = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const becomeSender = (waitMs = 0): boolean => {
    if (lock?.held) return true;
    lock = tryAcquireSyncLock(options.dataDir, { ...lockOptions, waitMs });
    if (!lock.held) return false;
    recoverInterrupted(db);
    return true;
  };
  const otherSender = (): { pid: number | null } | null => (lock?.held ? null : syncLockOwner(options.dataDir, lockOptions));

  let progressTimer: NodeJS.Timeout | undefined;
  let lastOp: { opId: string; kind: OperationKind; state: OperationState } | null = null;
  const emitProgress = () => {
    progressTimer = undefined;
    events.emit('queue.progress', { counts: readQueueCounts(db), paused: engine.paused, pauseReason: engine.pauseReason, concurrency: engine.concurrency, lastOp });
    options.onStatusChanged();
  };
  const progressSoon = () => {
    progressTimer ??= setTimeout(emitProgress, PROGRESS_INTERVAL_MS);
  };

  // The operator's bounds (Settings) win over the host's default.
  const savedBounds = readSetting(db, CONCURRENCY_SETTING, ConcurrencyBoundsSchema);
  const engine = new SyncEngine({
    db,
    ...(savedBounds ? { bounds: savedBounds } : options.maxConcurrency ? { maxConcurrency: options.maxConcurrency } : {}),
    events: {
      opFinished(op, labelIds, reelId) {
        lastOp = op;
        if (op.state === 'attention') options.logger?.warn({ opId: op.opId, kind: op.kind, labelIds }, 'operation needs attention');
        if (reelId && labelIds.length) events.emit('labels.changed', { reelId, labelIds });
        progressSoon();
      },
      onlineChanged: () => options.onStatusChanged(),
      pausedChanged: (paused, reason) => {
        writeSetting(db, 'syncPause', paused ? { reason } : null);
        progressSoon();
      },
    },
  });
  const connection = new Connection({
    db,
    dataDir: options.dataDir,
    ...(options.startSandbox ? { startSandbox: options.startSandbox } : {}),
    ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.keyCipher ? { keyCipher: options.keyCipher } : {}),
    onAttempt: (attempt) => {
      engine.observeAttempt(attempt);
      // A new token changes the expiry shown in the status bar.
      if (attempt.path.endsWith('/auth/token') && attempt.kind === 'ok') options.onStatusChanged();
    },
  });
  const enrollment: EnrollmentContext = {
    db,
    dataDir: options.dataDir,
    profileId() {
      const profile = connection.profile;
      if (!profile) throw new StationError({ code: StationErrorCode.notConnected, message: 'Connect the station first: "station connect --sandbox", or a remote service with its base URL and API key.' });
      return profile.profileId;
    },
  };
  const parts: CoreParts = {
    db,
    dataDir: options.dataDir,
    events,
    connection,
    engine,
    enrollment,
    allowFilePaths: options.allowFilePaths ?? false,
    retarget() {
      const client = connection.client;
      const profile = connection.profile;
      engine.setTarget(client && profile ? { profileId: profile.profileId, client } : null);
      options.onStatusChanged();
    },
    statusChanged: progressSoon,
    startSending() {
      if (!becomeSender(options.senderWaitMs ?? SENDER_WAIT_MS)) {
        const ownerPid = lock && !lock.held ? lock.ownerPid : null;
        // The pid names the holder when its side file is readable (store/sync-lock.ts); the lock decides.
        const who = ownerPid === null ? 'Another station process' : `Another station process (pid ${ownerPid})`;
        throw new StationError({
          code: StationErrorCode.busy,
          message: `${who} is sending this data folder's queue; what you queue here is sent by it. Stop it to sync from here.`,
          detail: { ownerPid },
        });
      }
      engine.start();
    },
    labelsChanged(reelId, labelIds) {
      events.emit('labels.changed', { reelId, labelIds });
      progressSoon();
      engine.notify();
    },
  };

  const savedPause = readSetting(db, 'syncPause', PauseSetting);
  if (savedPause) engine.pause(savedPause.reason);
  await connection.restore();
  parts.retarget();
  if (options.autoSync ?? true) {
    const trySending = () => {
      senderTimer = undefined;
      if (becomeSender()) {
        engine.start();
        options.onStatusChanged();
      } else {
        // The other sender (a `station sync` run, say) may finish soon: take over then.
        senderTimer = setTimeout(trySending, SENDER_RETRY_MS);
        senderTimer.unref();
      }
    };
    trySending();
  }

  const handlers = {
    ...profileHandlers(parts),
    ...reelHandlers(parts),
    ...labelHandlers(parts),
    ...queueHandlers(parts),
    ...bulkBindHandlers(parts),
    ...threadHandlers(parts),
  };

  return {
    handlers,
    profile(): ServiceProfileSummary | null {
      return connection.profile ? summarizeProfile(connection.profile) : null;
    },
    tokenExpiresAt(): string | null {
      return connection.client?.tokenInfo()?.expiresAt ?? null;
    },
    online(): OnlineState {
      return engine.online;
    },
    syncState(): SyncState {
      const other = otherSender();
      return { paused: engine.paused, pauseReason: engine.pauseReason, otherSender: other !== null, otherSenderPid: other?.pid ?? null };
    },
    async close(): Promise<void> {
      clearTimeout(progressTimer);
      clearTimeout(senderTimer);
      await engine.stop();
      await connection.close();
      if (lock?.held) lock.release();
    },
  };
}

export type SyncCore = Awaited<ReturnType<typeof createSyncCore>>;
