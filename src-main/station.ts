import { resolve } from 'node:path';
import { z } from 'zod';
import {
  CameraSettingsSchema,
  commands,
  isCommandName,
  StationError,
  StationErrorCode,
  type CommandHandlers,
  type Envelope,
  type EventName,
  type OperationKind,
  type OperationState,
  type StationStatus,
} from '../src-shared/ipc';
import type { ChangeContext } from './changes/context';
import { bulkBindHandlers } from './commands/bulk-bind';
import { cameraHandlers } from './commands/camera';
import type { CommandContext } from './commands/context';
import { devicesHandlers } from './commands/devices';
import { gradeHandlers } from './commands/grades';
import { labelHandlers } from './commands/labels';
import { printRunHandlers } from './commands/print-run';
import { printerHandlers } from './commands/printers';
import { profileHandlers } from './commands/profiles';
import { queueHandlers } from './commands/queue';
import { reelHandlers } from './commands/reels';
import { reportHandlers, type ReportPrinter } from './commands/report';
import { storageHandlers } from './commands/storage';
import { nfcHandlers } from './commands/nfc';
import { threadHandlers } from './commands/threads';
import { verifyHandlers } from './commands/verify';
import { Connection } from './connection/connection';
import { PrintJobs } from './printers/jobs';
import { createCameraService } from './devices/camera';
import type { DeviceStationOptions } from './devices/create';
import { DevicePreferencesSchema } from './devices/preferences';
import type { DeviceSupervisor } from './devices/supervisor';
import { diskFullError, isNoSpace } from './runtime/disk';
import { EventBus } from './runtime/events';
import { Housekeeping, openStationDatabase } from './changes/housekeeping';
import { openStationLog } from './runtime/log';
import { readVersion } from './runtime/version';
import { isServiceError } from './service';
import type { KeyCipher } from './store/api-key-file';
import { getLabel } from './store/labels';
import { summarizeProfile } from './store/profiles';
import { readQueueCounts } from './store/queue-counts';
import { readSetting, writeSetting } from './store/settings';
import { CONCURRENCY_SETTING, ConcurrencyBoundsSchema } from './sync/concurrency';
import { SyncEngine } from './sync/engine';
import { OtherWriters } from './sync/other-writers';
import { Sender } from './sync/sender';

// The composition root (docs/architecture.md): opens the store, builds the camera, the devices, the connection to
// the service, the sync engine and its sender, then the command handlers of every contract area over them. Hosts
// (src-main/hosts) call `station.call(name, input)` and subscribe to events; nothing else builds a station.

export interface StationOptions {
  /** Where the database, captures and settings live. */
  dataDir: string;
  /** better-sqlite3 binary built for Electron's ABI, when hosted by Electron. */
  nativeBinding?: string;
  /** Devices for this run (extra serial ports, virtual devices, PC/SC, HID); saved device settings load from the database. */
  devices?: DeviceStationOptions;
  /**
   * When the device supervisor (scanners, NFC readers over PC/SC, HID) starts: with the station
   * ('withStation', the default: a UI shows devices as they come and go), or at the first `devices.*`
   * command ('onFirstUse'). The CLI uses 'onFirstUse': its commands other than `devices` and `serve`
   * never touch a device, so they neither load the drivers nor probe pcscd.
   */
  deviceSupervisor?: 'withStation' | 'onFirstUse';
  /** Drain the queue whenever online (default true); the CLI drains only on `station sync`. */
  autoSync?: boolean;
  /** Per-request timeout of the service client (default 20 s). */
  requestTimeoutMs?: number;
  /** Upper bound of concurrent sync requests when the operator set none (Settings → Sending). */
  maxConcurrency?: number;
  /**
   * Commands may name files on disk (labels.enroll/recapture/addIdentifier `svcImagePath`, labels.import `path`).
   * Default false: a renderer (web or Electron host) must never make the core read an arbitrary file.
   * The CLI host sets it.
   */
  allowFilePaths?: boolean;
  /** Seals API keys with the OS keychain (the Electron host passes safeStorage); else 0600 files. */
  keyCipher?: KeyCipher;
  /** How long sync.run waits for another process to let go of the data folder's sync lock (ms; default 100). */
  senderWaitMs?: number;
  /**
   * Prints the Reel report page of the host's UI to PDF (report.pdf): the Electron host through printToPDF, the web
   * host and the CLI through Chromium. Without it report.pdf answers STATION_PDF_UNAVAILABLE.
   */
  printReport?: ReportPrinter;
  /**
   * Care of the data folder over a long run (docs/storage.md): prune capture images at start and daily, the camera's
   * untaken stills hourly, keep the disk reserve, and watch the disk for the status bar. Long-running hosts (the web
   * host, Electron) set it; default false (the CLI's one-shot commands, tests).
   */
  housekeeping?: boolean;
  /**
   * Notice within a poll (250 ms) what other processes on the data folder queue (a CLI `station enroll` beside this
   * host): look for work at once and tell the UI (docs/sync.md, "Work queued by other processes"). Default: with
   * autoSync (the hosts that stay up); the CLI's one-shot commands do not watch.
   */
  watchOtherProcesses?: boolean;
  /** Keep the 8 MB disk reserve that lets the queue send on a full disk (docs/storage.md); default: with housekeeping. */
  diskReserve?: boolean;
}

export interface Station {
  readonly dataDir: string;
  /** Validates `input` against the contract, runs the command, never throws. */
  call(name: string, input: unknown): Promise<Envelope>;
  /** Every event the core emits, in order. Returns the unsubscribe function. */
  subscribe(listener: (name: EventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** Queue progress reaches the UI at most this often (one event for a burst of finished operations). */
const PROGRESS_INTERVAL_MS = 100;
/** A pause survives restarts: a revoked key must not be tried again by the next process. */
const PauseSetting = z.object({ reason: z.string().nullable() }).nullable();

export async function createStation(options: StationOptions): Promise<Station> {
  const dataDir = resolve(options.dataDir);
  const log = openStationLog(dataDir);
  const { db, full: openedFull } = openStationDatabase({ dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  const events = new EventBus();
  const version = readVersion();
  const startedAt = new Date().toISOString();

  // Devices: the camera service, and the supervisor of scanners and NFC readers, whose drivers (serialport,
  // node-hid, nfc-pcsc) load when it starts.
  const camera = createCameraService({
    dataDir,
    settings: { load: () => readSetting(db, 'camera', CameraSettingsSchema), save: (value) => writeSetting(db, 'camera', value) },
    events: { captured: (result) => events.emit('camera.captured', result), changed: (status) => events.emit('camera.changed', status) },
  });
  await camera.start();
  let supervisorStarted: Promise<DeviceSupervisor> | undefined;
  let supervisorRunning: DeviceSupervisor | undefined;
  const devices = (): Promise<DeviceSupervisor> =>
    (supervisorStarted ??= (async () => {
      const { createDeviceSupervisor } = await import('./devices/create');
      const supervisor = createDeviceSupervisor({
        ...options.devices,
        preferences: { load: () => readSetting(db, 'devices', DevicePreferencesSchema), save: (value) => writeSetting(db, 'devices', value) },
      });
      supervisor.subscribe((name, payload) => events.emit(name, payload));
      supervisor.start();
      // Cameras are listed with the other devices (health, slot); the camera service stays their owner.
      supervisor.reportCameras(camera.status());
      supervisorRunning = supervisor;
      log.logger.info({ area: 'devices' }, 'device supervisor started');
      return supervisor;
    })());
  events.subscribe((name) => {
    if (name === 'camera.changed') supervisorRunning?.reportCameras(camera.status());
  });
  if ((options.deviceSupervisor ?? 'withStation') === 'withStation') await devices();

  // Sending: the engine drains the outbox through the active profile's client; the sender makes this process the
  // data folder's one sender. Progress and status reach the UI as events.
  const serviceLog = log.logger.child({ area: 'service' });
  const statusChanged = () => events.emit('station.changed', status());
  let progressTimer: NodeJS.Timeout | undefined;
  let lastOp: { opId: string; kind: OperationKind; state: OperationState } | null = null;
  const progressSoon = () => {
    progressTimer ??= setTimeout(() => {
      progressTimer = undefined;
      events.emit('queue.progress', {
        counts: readQueueCounts(db),
        paused: engine.paused,
        pauseReason: engine.pauseReason,
        concurrency: engine.concurrency,
        lastOp,
      });
      statusChanged();
    }, PROGRESS_INTERVAL_MS);
  };
  // A Label this station enrolled went to attention: the Bench is told at once (docs/sync.md, "What the operator sees").
  const enrollmentRefused = (opId: string, labelIds: readonly string[]) => {
    for (const labelId of labelIds) {
      const label = getLabel(db, labelId);
      if (label?.attention) {
        events.emit('labels.attention', {
          reelId: label.reelId,
          labelId,
          position: label.position,
          opId,
          code: label.attention.code,
          reason: label.attention.reason,
        });
      }
    }
  };
  // The operator's bounds (Settings → Sending) win over the host's default.
  const savedBounds = readSetting(db, CONCURRENCY_SETTING, ConcurrencyBoundsSchema);
  const engine = new SyncEngine({
    db,
    // A one-shot command probes only when it needs the service (sync, a read of the service): status, enroll and
    // the queue commands never reach it, nor start the embedded sandbox.
    probeAtTarget: options.autoSync ?? true,
    ...(savedBounds ? { bounds: savedBounds } : options.maxConcurrency ? { maxConcurrency: options.maxConcurrency } : {}),
    events: {
      opFinished(op, labelIds, reelId) {
        lastOp = op;
        if (op.state === 'attention') serviceLog.warn({ opId: op.opId, kind: op.kind, labelIds }, 'operation needs attention');
        if (reelId && labelIds.length) events.emit('labels.changed', { reelId, labelIds });
        if (op.state === 'attention' && op.kind === 'enrollLabel') enrollmentRefused(op.opId, labelIds);
        progressSoon();
      },
      onlineChanged: () => statusChanged(),
      // A full disk under the sending (SQLITE_FULL): the reserve goes, the banner shows (docs/storage.md).
      storeFailed: (error) => {
        if (isNoSpace(error)) housekeeping.noteNoSpace();
        else serviceLog.error({ err: error instanceof Error ? error.message : String(error) }, 'the queue could not record an outcome');
      },
      pausedChanged: (paused, reason) => {
        writeSetting(db, 'syncPause', paused ? { reason } : null);
        progressSoon();
      },
    },
  });
  const sender = new Sender({
    db,
    dataDir,
    engine,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.senderWaitMs === undefined ? {} : { waitMs: options.senderWaitMs }),
    onBecameSender: () => statusChanged(),
  });
  // The connection: the active profile and its client. The embedded sandbox (fastify and its routes) loads only
  // when the sandbox profile is opened.
  const connection = new Connection({
    db,
    dataDir,
    startSandbox: async (o) => (await import('../src-sandbox/start')).startSandbox({ dataDir: o.dataDir }),
    // The hosts that stay up tell CLI commands on the folder where their sandbox listens.
    advertiseSandbox: options.autoSync ?? true,
    ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
    logger: serviceLog,
    ...(options.keyCipher ? { keyCipher: options.keyCipher } : {}),
    onAttempt: (attempt) => {
      engine.observeAttempt(attempt);
      // A new token changes the expiry shown in the status bar.
      if (attempt.path.endsWith('/auth/token') && attempt.kind === 'ok') statusChanged();
    },
  });
  const changes: ChangeContext = {
    db,
    dataDir,
    profileId() {
      const profile = connection.profile;
      if (!profile)
        throw new StationError({
          code: StationErrorCode.notConnected,
          message: 'Connect the station first: "station connect --sandbox", or a remote service with its base URL and API key.',
        });
      return profile.profileId;
    },
  };
  const ctx: CommandContext = {
    db,
    dataDir,
    events,
    connection,
    engine,
    sender,
    changes,
    allowFilePaths: options.allowFilePaths ?? false,
    requireRoom: () => housekeeping.requireRoom(),
    retarget() {
      const client = connection.client;
      const profile = connection.profile;
      engine.setTarget(client && profile ? { profileId: profile.profileId, client, ready: () => connection.ready() } : null);
      statusChanged();
    },
    statusChanged: progressSoon,
    labelsChanged(reelId, labelIds) {
      events.emit('labels.changed', { reelId, labelIds });
      progressSoon();
      engine.notify();
    },
  };

  function status(): StationStatus {
    const other = sender.otherSender();
    return {
      version,
      dataDir,
      profile: connection.profile ? summarizeProfile(connection.profile) : null,
      online: connection.profile ? engine.online : 'not_connected',
      queue: readQueueCounts(db),
      tokenExpiresAt: connection.client?.tokenInfo()?.expiresAt ?? null,
      sync: { paused: engine.paused, pauseReason: engine.pauseReason, otherSender: other !== null, otherSenderPid: other?.pid ?? null },
      startedAt,
      disk: housekeeping.disk(),
    };
  }

  const housekeeping = new Housekeeping({
    db,
    dataDir,
    log: log.logger,
    changed: statusChanged,
    timers: options.housekeeping ?? false,
    openedFull,
    ...(options.diskReserve === undefined ? {} : { reserve: options.diskReserve }),
  });

  const savedPause = readSetting(db, 'syncPause', PauseSetting);
  if (savedPause) engine.pause(savedPause.reason);
  await connection.restore();
  ctx.retarget();
  if (options.autoSync ?? true) sender.sendWhenFree();
  const otherWriters =
    (options.watchOtherProcesses ?? options.autoSync ?? true)
      ? new OtherWriters({
          db,
          changed() {
            engine.notify();
            progressSoon();
          },
          labelsQueued: (reelId, labelIds) => events.emit('labels.changed', { reelId, labelIds }),
        })
      : null;
  log.logger.info({ version, dataDir, autoSync: options.autoSync ?? true }, 'station started');

  // Print jobs (docs/printing.md): one left printing by a station that died is stopped now, with its split.
  const printJobs = new PrintJobs(db, dataDir, log.logger);
  printJobs.recover();

  const handlers: CommandHandlers = {
    'station.status': () => status(),
    ...profileHandlers(ctx),
    ...reelHandlers(ctx),
    ...labelHandlers(ctx),
    ...queueHandlers(ctx),
    ...bulkBindHandlers(ctx),
    ...threadHandlers(ctx),
    ...printRunHandlers(ctx),
    ...printerHandlers(ctx, printJobs),
    ...devicesHandlers(devices),
    ...cameraHandlers(camera),
    ...verifyHandlers(ctx),
    ...reportHandlers(ctx, options.printReport),
    ...storageHandlers(housekeeping),
    ...gradeHandlers(ctx),
    // One PC/SC owner: the running supervisor hands chips to the encoder (docs/devices.md, "Encoding a chip").
    ...nfcHandlers(ctx, () => Promise.resolve(supervisorRunning?.chipDriver())),
  };

  let closing = false;
  let closed: Promise<void> | undefined;

  async function call(name: string, input: unknown): Promise<Envelope> {
    if (closing) {
      return failure(new StationError({ code: StationErrorCode.shuttingDown, message: 'The station is shutting down; try again after it restarts.' }));
    }
    if (!isCommandName(name)) {
      return failure(new StationError({ code: StationErrorCode.unknownCommand, message: `Unknown command "${name}".` }));
    }
    const spec = commands[name];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      return failure(
        new StationError({
          code: StationErrorCode.invalidInput,
          message: `Invalid input for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ')}`,
          detail: { issues: parsed.error.issues },
        }),
      );
    }
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value: spec.output.parse(value) };
    } catch (error) {
      if (isNoSpace(error)) {
        // A full disk is named, with the data folder, its free space and what to do (docs/storage.md).
        housekeeping.noteNoSpace();
        return failure(diskFullError(dataDir));
      }
      return failure(error);
    }
  }

  return {
    dataDir,
    call,
    subscribe: (listener) => events.subscribe(listener),
    close() {
      // Closing twice (a host's shutdown path and a test's cleanup) waits for the one close.
      closed ??= (async () => {
        closing = true;
        clearTimeout(progressTimer);
        otherWriters?.close();
        housekeeping.close();
        await printJobs.close();
        await engine.stop();
        await connection.close();
        sender.close();
        // A supervisor that failed to start (its command said why) has nothing to close.
        await supervisorStarted?.then(
          (supervisor) => supervisor.close(),
          () => undefined,
        );
        await camera.close();
        db.close();
        log.close();
      })();
      return closed;
    },
  };
}

function failure(error: unknown): Envelope {
  if (error instanceof StationError) return { ok: false, error: error.toShape() };
  if (isServiceError(error)) {
    // Service errors keep the service's code, status and request id (docs/sync.md, "Attention").
    return {
      ok: false,
      error: {
        code: error.code,
        message: error.serviceMessage ?? error.message,
        ...(error.status === null ? {} : { status: error.status }),
        ...(error.requestId === null ? {} : { requestId: error.requestId }),
        ...(error.detail ? { detail: error.detail } : {}),
      },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: StationErrorCode.internal, message } };
}
