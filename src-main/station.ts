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
import { createDeviceSupervisor, devicesHandlers, DevicePreferencesSchema, type DeviceStationOptions } from './devices';
import { EventBus } from './events';
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

function buildStatus(core: Core): StationStatus {
  return {
    version: core.version,
    dataDir: core.dataDir,
    profile: null,
    online: 'not_connected',
    queue: readQueueCounts(core.db),
    startedAt: core.startedAt,
  };
}

/** The composition root: builds the core from its parts. No Electron here. */
export async function createStation(options: StationOptions): Promise<Station> {
  const dataDir = resolve(options.dataDir);
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

  const devices = createDeviceSupervisor({
    ...options.devices,
    preferences: { load: () => readSetting(core.db, 'devices', DevicePreferencesSchema), save: (value) => writeSetting(core.db, 'devices', value) },
  });
  devices.subscribe((name, payload) => core.events.emit(name, payload));
  devices.start();

  const handlers: Handlers = {
    'station.status': () => buildStatus(core),
    ...devicesHandlers(devices),
    ...cameraHandlers(camera),
  };

  let closing = false;

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
    async close() {
      closing = true;
      await devices.close();
      await camera.close();
      core.db.close();
    },
  };
}

function failure(error: unknown): Envelope {
  if (error instanceof StationError) return { ok: false, error: error.toShape() };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: StationErrorCode.internal, message } };
}
