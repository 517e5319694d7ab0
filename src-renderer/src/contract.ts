import type { z } from 'zod';
import type { commands, events } from '../../src-shared/ipc/contract';

// The commands and events the UI uses: the joined station contract (src-shared/ipc), the same
// module the host validates every call against. The host's handler map is typed over every
// command of it (src-main/station.ts, `Handlers`) and the renderer is built with its host, so
// every command named here is served: no screen needs to ask at run time.

type KnownCommands = typeof commands;
export type KnownName = keyof KnownCommands;
export type KnownInput<N extends KnownName> = z.input<KnownCommands[N]['input']>;
export type KnownOutput<N extends KnownName> = z.infer<KnownCommands[N]['output']>;

type KnownEvents = typeof events;
export type KnownEventName = keyof KnownEvents;
export type KnownEventPayload<N extends KnownEventName> = z.infer<KnownEvents[N]>;

/** The part of a command's or an event's name before its first dot: the area of the contract that declares it. */
type AreaOf<N extends string> = N extends `${infer Area}.${string}` ? Area : never;
type AreaName = AreaOf<KnownName> | AreaOf<KnownEventName>;

/** One area's module of the contract (src-shared/ipc/<area>.ts): its commands and its events. */
interface Area {
  commands: Partial<Record<string, { output: z.ZodType }>>;
  events?: Partial<Record<string, z.ZodType>>;
}

// Each area's schemas are a chunk of their own, loaded with the first command or event of the area (docs/architecture.md,
// "Renderer"): the page load builds no zod schema, and a screen builds only those of the commands it calls. The type checks
// that every area a name starts with has its loader; `schemasOf` checks that the loader's module declares the name.
const AREAS = {
  bulkBind: () => import('../../src-shared/ipc/bulk-bind').then((m): Area => ({ commands: m.bulkBindCommands })),
  camera: () => import('../../src-shared/ipc/camera').then((m): Area => ({ commands: m.cameraCommands, events: m.cameraEvents })),
  collections: () => import('../../src-shared/ipc/reels').then((m): Area => ({ commands: m.reelCommands })),
  devices: () => import('../../src-shared/ipc/devices').then((m): Area => ({ commands: m.devicesCommands, events: m.devicesEvents })),
  grades: () => import('../../src-shared/ipc/grades').then((m): Area => ({ commands: m.gradeCommands })),
  labels: () => import('../../src-shared/ipc/labels').then((m): Area => ({ commands: m.labelCommands, events: m.labelEvents })),
  print: () => import('../../src-shared/ipc/printers').then((m): Area => ({ commands: m.printerCommands })),
  nfc: () => import('../../src-shared/ipc/nfc').then((m): Area => ({ commands: m.nfcCommands, events: m.nfcEvents })),
  printRun: () => import('../../src-shared/ipc/print-run').then((m): Area => ({ commands: m.printRunCommands })),
  printers: () => import('../../src-shared/ipc/printers').then((m): Area => ({ commands: m.printerCommands })),
  profiles: () => import('../../src-shared/ipc/profiles').then((m): Area => ({ commands: m.profileCommands })),
  queue: () => import('../../src-shared/ipc/queue').then((m): Area => ({ commands: m.queueCommands, events: m.queueEvents })),
  reels: () => import('../../src-shared/ipc/reels').then((m): Area => ({ commands: m.reelCommands })),
  report: () => import('../../src-shared/ipc/report').then((m): Area => ({ commands: m.reportCommands })),
  station: () => import('../../src-shared/ipc/station').then((m): Area => ({ commands: m.stationCommands, events: m.stationEvents })),
  storage: () => import('../../src-shared/ipc/storage').then((m): Area => ({ commands: m.storageCommands })),
  sync: () => import('../../src-shared/ipc/queue').then((m): Area => ({ commands: m.queueCommands, events: m.queueEvents })),
  threads: () => import('../../src-shared/ipc/threads').then((m): Area => ({ commands: m.threadCommands })),
  verify: () => import('../../src-shared/ipc/verify').then((m): Area => ({ commands: m.verifyCommands })),
} satisfies Record<AreaName, () => Promise<Area>>;

const loaded = new Map<AreaName, Promise<Area>>();

/** An area's module, loaded once (a failed load is tried again on the next call). */
function area(name: string): Promise<Area> {
  const key = name.slice(0, name.indexOf('.')) as AreaName;
  const load = Object.hasOwn(AREAS, key) ? AREAS[key] : undefined;
  if (!load) return Promise.reject(new Error(`No area of the station contract declares ${name}.`));
  let pending = loaded.get(key);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loaded.delete(key);
      throw error;
    });
    loaded.set(key, pending);
  }
  return pending;
}

/** The zod schema of a command's answer. */
export async function outputSchema<N extends KnownName>(name: N): Promise<KnownCommands[N]['output']> {
  const schema = (await area(name)).commands[name]?.output;
  if (!schema) throw new Error(`The station contract's ${name.slice(0, name.indexOf('.'))} area does not declare the command ${name}.`);
  return schema as KnownCommands[N]['output'];
}

/** The zod schema of an event's payload. */
export async function eventSchema<N extends KnownEventName>(name: N): Promise<KnownEvents[N]> {
  const schema = (await area(name)).events?.[name];
  if (!schema) throw new Error(`The station contract's ${name.slice(0, name.indexOf('.'))} area does not declare the event ${name}.`);
  return schema as KnownEvents[N];
}
