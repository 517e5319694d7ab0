import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  commands,
  isCommandName,
  StationError,
  StationErrorCode,
  type CommandName,
  type CommandOutput,
  type Commands,
  type Envelope,
  type EventName,
  type StationStatus,
  CameraSettingsSchema,
} from '../src-shared/ipc';
import { cameraHandlers, createCameraService } from './devices/camera';
import type { DeviceStationOptions } from './devices/create';
import { devicesHandlers } from './devices/handlers';
import { DevicePreferencesSchema } from './devices/preferences';
import type { DeviceSupervisor } from './devices/supervisor';
import { createSyncCore, type SyncCore } from './core/core';
import { EventBus } from './events';
import { isServiceError } from './service';
import { openStationLog } from './log';
import type { KeyCipher } from './store/api-key-file';
import { openDatabase, type Db } from './store/database';
import { readQueueCounts } from './store/queue-counts';
import { readSetting, writeSetting } from './store/settings';
import { readVersion } from './version';

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
  /** Upper bound of concurrent sync requests (default 4). */
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
}

/** A handler gets the validated input and returns the command's output. */
export type Handlers = {
  [N in CommandName]: (input: z.infer<Commands[N]['input']>) => Promise<CommandOutput<N>> | CommandOutput<N>;
};

export interface Station {
  readonly dataDir: string;
  /** Validates `input` against the contract, runs the command, never throws. */
  call(name: string, input: unknown): Promise<Envelope>;
  /** Every event the core emits, in order. Returns the unsubscribe function. */
  subscribe(listener: (name: EventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

interface Core {
  db: Db;
  events: EventBus;
  dataDir: string;
  version: string;
  startedAt: string;
}

function buildStatus(core: Core, sync: SyncCore | undefined): StationStatus {
  return {
    version: core.version,
    dataDir: core.dataDir,
    profile: sync?.profile() ?? null,
    online: sync?.profile() ? sync.online() : 'not_connected',
    queue: readQueueCounts(core.db),
    tokenExpiresAt: sync?.tokenExpiresAt() ?? null,
    sync: sync?.syncState() ?? { paused: false, pauseReason: null, otherSender: false, otherSenderPid: null },
    startedAt: core.startedAt,
  };
}

/** The composition root: builds the core from its parts. No Electron here. */
export async function createStation(options: StationOptions): Promise<Station> {
  const dataDir = resolve(options.dataDir);
  const log = openStationLog(dataDir);
  const core: Core = {
    db: openDatabase({ dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) }),
    events: new EventBus(),
    dataDir,
    version: readVersion(),
    startedAt: new Date().toISOString(),
  };

  const camera = createCameraService({
    dataDir,
    settings: { load: () => readSetting(core.db, 'camera', CameraSettingsSchema), save: (value) => writeSetting(core.db, 'camera', value) },
    events: { captured: (result) => core.events.emit('camera.captured', result), changed: (status) => core.events.emit('camera.changed', status) },
  });
  await camera.start();

  // The drivers (serialport, node-hid, nfc-pcsc) load with the supervisor, when it starts.
  let devicesStarted: Promise<DeviceSupervisor> | undefined;
  let devicesRunning: DeviceSupervisor | undefined;
  const devices = (): Promise<DeviceSupervisor> =>
    (devicesStarted ??= (async () => {
      const { createDeviceSupervisor } = await import('./devices/create');
      const supervisor = createDeviceSupervisor({
        ...options.devices,
        preferences: { load: () => readSetting(core.db, 'devices', DevicePreferencesSchema), save: (value) => writeSetting(core.db, 'devices', value) },
      });
      supervisor.subscribe((name, payload) => core.events.emit(name, payload));
      supervisor.start();
      // Cameras are listed with the other devices (health, slot); the camera service stays their owner.
      supervisor.reportCameras(camera.status());
      devicesRunning = supervisor;
      log.logger.info({ area: 'devices' }, 'device supervisor started');
      return supervisor;
    })());
  core.events.subscribe((name) => {
    if (name === 'camera.changed') devicesRunning?.reportCameras(camera.status());
  });
  if ((options.deviceSupervisor ?? 'withStation') === 'withStation') await devices();

  // Issue 4's core: store → service client → sync engine → enrollment. The embedded sandbox
  // starts in-process whenever the active profile is the sandbox.
  // Held in an object: the core reports status changes while it is still being built.
  const held: { sync?: SyncCore } = {};
  const sync = await createSyncCore({
    db: core.db,
    dataDir,
    events: core.events,
    // The sandbox service (fastify and its routes) loads only when the sandbox profile is opened.
    startSandbox: async (o) => (await import('../src-sandbox/start')).startSandbox({ dataDir: o.dataDir }),
    ...(options.autoSync === undefined ? {} : { autoSync: options.autoSync }),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.maxConcurrency ? { maxConcurrency: options.maxConcurrency } : {}),
    allowFilePaths: options.allowFilePaths ?? false,
    logger: log.logger.child({ area: 'service' }),
    ...(options.keyCipher ? { keyCipher: options.keyCipher } : {}),
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.senderWaitMs === undefined ? {} : { senderWaitMs: options.senderWaitMs }),
    onStatusChanged: () => core.events.emit('station.changed', buildStatus(core, held.sync)),
  });

  held.sync = sync;
  log.logger.info({ version: core.version, dataDir, autoSync: options.autoSync ?? true }, 'station started');

  const handlers: Handlers = {
    'station.status': () => buildStatus(core, sync),
    ...sync.handlers,
    ...devicesHandlers(devices),
    ...cameraHandlers(camera),
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
      return failure(error);
    }
  }

  return {
    dataDir,
    call,
    subscribe: (listener) => core.events.subscribe(listener),
    close() {
      // Closing twice (a host's shutdown path and a test's cleanup) waits for the one close.
      closed ??= (async () => {
        closing = true;
        await sync.close();
        // A supervisor that failed to start (its command said why) has nothing to close.
        await devicesStarted?.then(
          (supervisor) => supervisor.close(),
          () => undefined,
        );
        await camera.close();
        core.db.close();
        log.close();
      })();
      return closed;
    },
  };
}

function failure(error: unknown): Envelope {
  if (error instanceof StationError) return { ok: false, error: error.toShape() };
  if (isServiceError(error)) {
    // Service errors keep the service's code, status and request id (SYNC.md: reasons with code and request id).
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
