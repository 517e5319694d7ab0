import { resolve } from 'node:path';
import { z } from 'zod';
import { SYNC_PAUSE_KINDS } from '../src-shared/domain/sync-pause';
import { contractModuleOf, loadContractModule, type ContractModuleName } from '../src-shared/ipc/areas';
import type { CommandHandlers, EventName } from '../src-shared/ipc/contract';
import { StationError, StationErrorCode, type Envelope } from '../src-shared/ipc/envelope';
import type { OperationKind, OperationState } from '../src-shared/ipc/queue';
import { UI_LANGUAGES, type QueueCounts, type StationStatus, type SyncPauseKind, type UiLanguage } from '../src-shared/ipc/station';
import type { ChangeContext } from './changes/context';
import type { CommandContext } from './commands/context';
import type { ReportPrinter } from './commands/report';
import { Connection } from './connection/connection';
import type { PrintJobs } from './printers/jobs';
import type { CameraService } from './devices/camera';
import type { DeviceStationOptions } from './devices/create';
import type { DeviceSupervisor } from './devices/supervisor';
import { diskFullError, isNoSpace } from './runtime/disk';
import { EventBus } from './runtime/events';
import { Housekeeping, openStationDatabase } from './changes/housekeeping';
import { startCheckpointer } from './store/checkpointer';
import { openStationLog } from './runtime/log';
import { readVersion } from './runtime/version';
import { isServiceError } from './service/errors';
import type { KeyCipher } from './store/api-key-file';
import { getLabel } from './store/labels';
import { printingJobs } from './store/printers';
import { summarizeProfile } from './store/profiles';
import { readQueueCounts } from './store/queue-counts';
import { noticesAfter, unseenTakenElsewhere } from './store/audit';
import { readSetting, writeSetting } from './store/settings';
import { CONCURRENCY_SETTING, ConcurrencyBoundsSchema } from './sync/concurrency';
import { PAUSE_REASONS, SyncEngine } from './sync/engine';
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
  /**
   * When the "station started" line is written (docs/storage.md, "The log"): 'atOnce' (the default: the hosts that stay
   * up, and CLI commands that may change data), or 'withFirstLine', before the first other line this process logs, if
   * any: a CLI command that only reads and logs nothing loads no pino and leaves the log as it was
   * (docs/architecture.md, "Start-up").
   */
  startLine?: 'atOnce' | 'withFirstLine';
  /**
   * Keep the 8 MB disk reserve that lets the queue send on a full disk (docs/storage.md); default: with housekeeping.
   * 'judge' (a CLI command that only reads): make none, but say the disk is full when a process keeping it would.
   */
  diskReserve?: boolean | 'judge';
  /**
   * Warm up in idle time soon after start (docs/architecture.md, "Start-up"): load the command areas an operator's
   * first actions use and read a made-up page of Labels as an opening does, so the first opening of a Reel does not
   * wait for code. Hosts that stay up (the web host, Electron) set it; default false (the CLI's start-up stays lean).
   */
  warmUp?: boolean;
}

export interface Station {
  readonly dataDir: string;
  /** Validates `input` against the contract, runs the command, never throws. */
  call(name: string, input: unknown): Promise<Envelope>;
  /** Resolves once the warm-up (`warmUp`) has run, at once without one; it never rejects. */
  warmedUp(): Promise<void>;
  /** The UI's language (`station.language`), for a host that opens a window or serves the page in it. */
  language(): UiLanguage;
  /** Every event the core emits, in order. Returns the unsubscribe function. */
  subscribe(listener: (name: EventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** The warm-up waits this long after start, so that it does not slow what a host does first (its window, its first commands). */
const WARM_UP_AFTER_MS = 1_000;
/** The command areas the warm-up loads: the Reels screen, the Bench and the Queue, what a shift's first actions use. */
const WARM_AREAS: readonly ContractModuleName[] = ['profiles', 'reels', 'labels', 'queue'];

/** The UI's language, one for every window (docs/architecture.md, "Renderer", *One language*). */
const LANGUAGE_SETTING = 'uiLanguage';
const LanguageSetting = z.enum(UI_LANGUAGES);

/** Queue progress reaches the UI at most this often (one event for a burst of finished operations). */
const PROGRESS_INTERVAL_MS = 100;
/**
 * A pause survives restarts: a revoked key must not be tried again by the next process. Saved with its kind and its
 * English; a pause saved before kinds were kept is known by its English (docs/sync.md, "Pause and resume").
 */
const PauseSetting = z.object({ kind: z.enum(SYNC_PAUSE_KINDS).optional(), reason: z.string().nullable() }).nullable();
const savedPauseKind = (saved: NonNullable<z.infer<typeof PauseSetting>>): SyncPauseKind =>
  saved.kind ?? (saved.reason === PAUSE_REASONS.apiKeyRefused ? 'apiKeyRefused' : 'operator');

export async function createStation(options: StationOptions): Promise<Station> {
  const dataDir = resolve(options.dataDir);
  const version = readVersion();
  const startedAt = new Date().toISOString();
  // The start line comes before any other line of this process. A command that only reads writes it only if it logs
  // anything else; every other station writes it now (docs/storage.md, "The log").
  const log = openStationLog(dataDir);
  log.beforeFirstLine({ version, dataDir, autoSync: options.autoSync ?? true, startedAt }, 'station started');
  const { db, full: openedFull } = openStationDatabase({ dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  const events = new EventBus();

  // Devices: the camera service, and the supervisor of scanners and NFC readers, whose drivers (serialport,
  // node-hid, nfc-pcsc) load when it starts. Both start with the station, or (the CLI) with the first command that
  // needs them (docs/architecture.md, "Start-up").
  let cameraStarted: Promise<CameraService> | undefined;
  const camera = (): Promise<CameraService> =>
    (cameraStarted ??= (async () => {
      const [{ createCameraService }, { CameraSettingsSchema }] = await Promise.all([import('./devices/camera'), import('../src-shared/ipc/camera')]);
      const service = createCameraService({
        dataDir,
        settings: { load: () => readSetting(db, 'camera', CameraSettingsSchema), save: (value) => writeSetting(db, 'camera', value) },
        events: { captured: (result) => events.emit('camera.captured', result), changed: (status) => events.emit('camera.changed', status) },
        // The grader (its zxing tables) loads with the first capture, not with the station (docs/architecture.md, "Start-up").
        grade: async (codes, rgb, width, height) => (await import('./print-quality')).gradeResults(codes, rgb, width, height),
      });
      await service.start();
      return service;
    })());
  let supervisorStarted: Promise<DeviceSupervisor> | undefined;
  let supervisorRunning: DeviceSupervisor | undefined;
  const devices = (): Promise<DeviceSupervisor> =>
    (supervisorStarted ??= (async () => {
      const cameras = await camera();
      const [{ createDeviceSupervisor }, { DevicePreferencesSchema }] = await Promise.all([import('./devices/create'), import('./devices/preferences')]);
      const supervisor = createDeviceSupervisor({
        ...options.devices,
        preferences: { load: () => readSetting(db, 'devices', DevicePreferencesSchema), save: (value) => writeSetting(db, 'devices', value) },
      });
      supervisor.subscribe((name, payload) => events.emit(name, payload));
      supervisor.start();
      // Cameras are listed with the other devices (health, slot); the camera service stays their owner.
      supervisor.reportCameras(cameras.status());
      events.subscribe((name) => {
        if (name === 'camera.changed') supervisor.reportCameras(cameras.status());
      });
      supervisorRunning = supervisor;
      log.logger.info({ area: 'devices' }, 'device supervisor started');
      return supervisor;
    })());
  if ((options.deviceSupervisor ?? 'withStation') === 'withStation') await devices();

  // Sending: the engine drains the outbox through the active profile's client; the sender makes this process the
  // data folder's one sender. Progress and status reach the UI as events.
  const serviceLog = log.logger.child({ area: 'service' });
  // The status is read only for someone listening: a CLI command's station has none, and its start-up's changes (the
  // profile opened, the engine's target) read it twice more, each a test of the sync lock, the queue counts and the
  // disk (docs/architecture.md, "Start-up").
  const statusChanged = (queue?: QueueCounts) => {
    if (events.listened) events.emit('station.changed', status(queue));
  };
  let progressTimer: NodeJS.Timeout | undefined;
  let lastOp: { opId: string; kind: OperationKind; state: OperationState } | null = null;
  /** The whole status is told with the next progress (`station.changed`): something besides the queue's counts moved. */
  let statusDue = false;
  /**
   * `queue.progress` soon; with the whole status too unless only the queue moved (`withStatus` false: an operation
   * sent), whose counts the status bar takes from `queue.progress` (docs/architecture.md, "Events").
   */
  const progressSoon = (withStatus = true) => {
    if (withStatus) statusDue = true;
    progressTimer ??= setTimeout(() => {
      progressTimer = undefined;
      // Read only for someone listening (a page, the desktop window), once for both events: while a queue drains this
      // runs ten times a second (docs/architecture.md, "Events").
      if (!events.listened) return;
      const counts = readQueueCounts(db);
      events.emit('queue.progress', {
        counts,
        paused: engine.paused,
        pauseKind: engine.pauseKind,
        pauseReason: engine.pauseReason,
        concurrency: engine.concurrency,
        lastOp,
      });
      if (statusDue) statusChanged(counts);
      statusDue = false;
    }, PROGRESS_INTERVAL_MS);
  };
  // The Labels the sender changed, told as one `labels.changed` per Reel every PROGRESS_INTERVAL_MS rather than one per
  // operation: a draining queue wrote ten thousand events to every page, each parsed there (docs/architecture.md,
  // "Events"). A change made by a command (a save at the Bench) is told at once.
  const sentLabels = new Map<string, Set<string>>();
  let sentTimer: NodeJS.Timeout | undefined;
  const labelsSent = (reelId: string, labelIds: readonly string[]) => {
    const held = sentLabels.get(reelId) ?? new Set<string>();
    for (const id of labelIds) held.add(id);
    sentLabels.set(reelId, held);
    sentTimer ??= setTimeout(() => {
      sentTimer = undefined;
      for (const [reel, ids] of sentLabels) events.emit('labels.changed', { reelId: reel, labelIds: [...ids] });
      sentLabels.clear();
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
        if (reelId && labelIds.length) labelsSent(reelId, labelIds);
        if (op.state === 'attention' && op.kind === 'enrollLabel') enrollmentRefused(op.opId, labelIds);
        progressSoon(false);
      },
      onlineChanged: () => statusChanged(),
      // A full disk under the sending (SQLITE_FULL): the reserve goes, the banner shows (docs/storage.md).
      storeFailed: (error) => {
        if (isNoSpace(error)) housekeeping.noteNoSpace();
        else serviceLog.error({ err: error instanceof Error ? error.message : String(error) }, 'the queue could not record an outcome');
      },
      pausedChanged: (paused, kind) => {
        writeSetting(db, 'syncPause', paused && kind ? { kind, reason: PAUSE_REASONS[kind] } : null);
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
    statusChanged: () => progressSoon(),
    labelsChanged(reelId, labelIds) {
      events.emit('labels.changed', { reelId, labelIds });
      progressSoon();
      engine.notify();
    },
  };

  const language = (): UiLanguage => readSetting(db, LANGUAGE_SETTING, LanguageSetting) ?? 'en';

  /** The station's status; `queue`: the queue's counts when just read. */
  function status(queue?: QueueCounts): StationStatus {
    const other = sender.otherSender();
    return {
      version,
      dataDir,
      profile: connection.profile ? summarizeProfile(connection.profile) : null,
      online: connection.profile ? engine.online : 'not_connected',
      queue: queue ?? readQueueCounts(db),
      tokenExpiresAt: connection.client?.tokenInfo()?.expiresAt ?? null,
      sync: {
        paused: engine.paused,
        pauseKind: engine.pauseKind,
        pauseReason: engine.pauseReason,
        otherSender: other !== null,
        otherSenderPid: other?.pid ?? null,
      },
      startedAt,
      disk: housekeeping.disk(),
      language: language(),
      notices: takenElsewhereNotices(),
    };
  }

  /** The Queue's notices the operator has not put away, counted (store/audit.ts: the rule the Queue lists them by). */
  function takenElsewhereNotices(): StationStatus['notices'] {
    const reels = unseenTakenElsewhere(db, noticesAfter(db));
    let count = 0;
    for (const n of reels.values()) count += n;
    return { count, reels: Object.fromEntries(reels) };
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

  // A host that stays up checkpoints the WAL on a thread of its own (src-main/store/checkpointer.ts); not on a
  // database opened on a full disk (its connection holds the file alone).
  const checkpointer =
    options.housekeeping && !openedFull
      ? await startCheckpointer(db, {
          dataDir,
          ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
          said: (message) => log.logger.warn({ area: 'store' }, message),
        })
      : undefined;

  const savedPause = readSetting(db, 'syncPause', PauseSetting);
  if (savedPause) engine.pause(savedPauseKind(savedPause));
  await connection.restore();
  ctx.retarget();
  if (options.autoSync ?? true) sender.sendWhenFree();
  // Print jobs (docs/printing.md): loaded with the first print command, or at start when a job was left printing by a
  // station that died (that one is stopped now, with its split) or when this host watches for other processes' work
  // (a host that shows the UI tells the progress of jobs a CLI runs beside it). Their progress reaches the UI as
  // events, checked against the contract like every answer (docs/printing.md, "Progress").
  let printJobsLoaded: Promise<PrintJobs> | undefined;
  const printJobs = (): Promise<PrintJobs> =>
    (printJobsLoaded ??= Promise.all([import('./printers/jobs'), import('../src-shared/ipc/printers')]).then(([{ PrintJobs }, { printEvents }]) => {
      const jobs = new PrintJobs(
        db,
        dataDir,
        log.logger,
        (view) => events.emit('print.progress', printEvents['print.progress'].parse(view)),
        (printer, status) =>
          events.emit(
            'printers.changed',
            printEvents['printers.changed'].parse({
              name: printer.name,
              kind: printer.kind,
              uri: printer.uri,
              stock: printer.stock,
              dpi: printer.dpi,
              ...status,
            }),
          ),
      );
      jobs.recover().catch((error: unknown) => log.logger.warn({ err: error }, 'print jobs: asking the printers what they printed failed'));
      return jobs;
    }));
  const otherWriters =
    (options.watchOtherProcesses ?? options.autoSync ?? true)
      ? new OtherWriters({
          db,
          changed() {
            engine.notify();
            progressSoon();
            void printJobsLoaded?.then((jobs) => jobs.othersChanged());
          },
          labelsQueued: (reelId, labelIds) => events.emit('labels.changed', { reelId, labelIds }),
        })
      : null;
  if (otherWriters !== null || printingJobs(db).length > 0) await printJobs();
  if ((options.startLine ?? 'atOnce') === 'atOnce') log.open();

  // The handlers of each contract module, built on the module's first command (docs/architecture.md,
  // "Start-up"): a command loads its own area's handlers and their rooms, and only those (`status` loads neither the
  // printers, the grader, the print-run exports nor the PDF libraries).
  const HANDLERS: Record<ContractModuleName, () => Promise<Partial<CommandHandlers>>> = {
    station: async () => ({
      'station.status': () => status(),
      'station.language': ({ language: chosen }) => {
        writeSetting(db, LANGUAGE_SETTING, chosen);
        statusChanged();
        return { language: chosen };
      },
    }),
    profiles: async () => (await import('./commands/profiles')).profileHandlers(ctx),
    reels: async () => (await import('./commands/reels')).reelHandlers(ctx),
    labels: async () => (await import('./commands/labels')).labelHandlers(ctx),
    queue: async () => (await import('./commands/queue')).queueHandlers(ctx),
    'bulk-bind': async () => (await import('./commands/bulk-bind')).bulkBindHandlers(ctx),
    threads: async () => (await import('./commands/threads')).threadHandlers(ctx),
    files: async () => (await import('./commands/files')).fileHandlers(),
    'print-run': async () => (await import('./commands/print-run')).printRunHandlers(ctx),
    printers: async () => (await import('./commands/printers')).printerHandlers(ctx, await printJobs()),
    devices: async () => (await import('./commands/devices')).devicesHandlers(devices),
    camera: async () => (await import('./commands/camera')).cameraHandlers(await camera()),
    verify: async () => (await import('./commands/verify')).verifyHandlers(ctx),
    report: async () => (await import('./commands/report')).reportHandlers(ctx, options.printReport),
    storage: async () => (await import('./commands/storage')).storageHandlers(housekeeping),
    grades: async () => (await import('./commands/grades')).gradeHandlers(ctx),
    // One PC/SC owner: the running supervisor hands chips to the encoder (docs/devices.md, "Encoding a chip").
    nfc: async () => (await import('./commands/nfc')).nfcHandlers(ctx, () => Promise.resolve(supervisorRunning?.chipDriver())),
  };
  const handlersLoaded = new Map<ContractModuleName, Promise<Partial<CommandHandlers>>>();
  const handlersOf = (module: ContractModuleName): Promise<Partial<CommandHandlers>> => {
    let pending = handlersLoaded.get(module);
    if (!pending) {
      pending = HANDLERS[module]().catch((error: unknown) => {
        handlersLoaded.delete(module);
        throw error;
      });
      handlersLoaded.set(module, pending);
    }
    return pending;
  };
  /** Commands start in the order they were called, also while an area loads. */
  let arrived: Promise<unknown> = Promise.resolve();
  /** An area's contract and handlers, loaded once. */
  const loadArea = (module: ContractModuleName) => Promise.all([loadContractModule(module), handlersOf(module)]);
  const areaOf = (module: ContractModuleName) => {
    const ready = arrived.then(() => loadArea(module));
    arrived = ready.catch(() => undefined);
    return ready;
  };

  let closing = false;
  let closed: Promise<void> | undefined;

  // The warm-up (docs/architecture.md, "Start-up"), one area at a time with a turn of the event loop between, so a
  // command arriving meanwhile waits for little; an area that fails to load is loaded again by its first command.
  let warmUpTimer: NodeJS.Timeout | undefined;
  let warmUpEnded = (): void => undefined;
  const warmedUp: Promise<void> = options.warmUp
    ? new Promise<void>((resolve) => {
        warmUpEnded = resolve;
        warmUpTimer = setTimeout(() => {
          void (async () => {
            const turn = () => new Promise<void>((next) => setImmediate(next));
            for (const area of WARM_AREAS) {
              if (closing) return;
              await loadArea(area);
              await turn();
            }
            if (!closing) await (await import('./commands/warm-up')).warmReelOpening(turn);
          })()
            .catch((error: unknown) => log.logger.warn({ err: error }, 'warm-up failed'))
            .finally(resolve);
        }, WARM_UP_AFTER_MS);
        warmUpTimer.unref();
      })
    : Promise.resolve();

  async function call(name: string, input: unknown): Promise<Envelope> {
    if (closing) {
      return failure(new StationError({ code: StationErrorCode.shuttingDown, message: 'The station is shutting down; try again after it restarts.' }));
    }
    const module = contractModuleOf(name);
    const unknown = () => failure(new StationError({ code: StationErrorCode.unknownCommand, message: `Unknown command "${name}".` }));
    if (!module) return unknown();
    let area: Awaited<ReturnType<typeof areaOf>>;
    try {
      area = await areaOf(module);
    } catch (error) {
      return failure(error);
    }
    const [contract, handlers] = area;
    const spec = contract.commands[name];
    const handler = handlers[name as keyof CommandHandlers] as ((input: unknown) => unknown) | undefined;
    if (!spec || !handler) return unknown();
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
    warmedUp: () => warmedUp,
    language,
    subscribe: (listener) => events.subscribe(listener),
    close() {
      // Closing twice (a host's shutdown path and a test's cleanup) waits for the one close.
      closed ??= (async () => {
        closing = true;
        clearTimeout(progressTimer);
        clearTimeout(sentTimer);
        clearTimeout(warmUpTimer);
        warmUpEnded();
        otherWriters?.close();
        housekeeping.close();
        await printJobsLoaded?.then(
          (jobs) => jobs.close(),
          () => undefined,
        );
        await engine.stop();
        await connection.close();
        sender.close();
        // A supervisor that failed to start (its command said why) has nothing to close.
        await supervisorStarted?.then(
          (supervisor) => supervisor.close(),
          () => undefined,
        );
        await cameraStarted?.then(
          (service) => service.close(),
          () => undefined,
        );
        await checkpointer?.close();
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
