import type { z } from 'zod';
import type { commands, events } from './contract';

// The station contract by area (docs/architecture.md, "Start-up"): each module of src-shared/ipc is
// loaded with the first command or event of its area, so neither a page load nor a one-shot CLI command builds the
// zod schemas of the areas it does not use. The renderer's client (src-renderer/src/contract.ts) and the station's
// `call` (src-main/station.ts) both load the contract through here.

/** The part of a command's or an event's name before its first dot. */
type AreaOf<N extends string> = N extends `${infer Area}.${string}` ? Area : never;
type AreaName = AreaOf<keyof typeof commands> | AreaOf<keyof typeof events>;

/** One module of the contract (src-shared/ipc/<module>.ts): its commands and its events. */
export interface ContractModule {
  commands: Partial<Record<string, { input: z.ZodType; output: z.ZodType }>>;
  events?: Partial<Record<string, z.ZodType>>;
}

const MODULES = {
  'bulk-bind': () => import('./bulk-bind').then((m): ContractModule => ({ commands: m.bulkBindCommands })),
  camera: () => import('./camera').then((m): ContractModule => ({ commands: m.cameraCommands, events: m.cameraEvents })),
  devices: () => import('./devices').then((m): ContractModule => ({ commands: m.devicesCommands, events: m.devicesEvents })),
  files: () => import('./files').then((m): ContractModule => ({ commands: m.fileCommands })),
  grades: () => import('./grades').then((m): ContractModule => ({ commands: m.gradeCommands })),
  nfc: () => import('./nfc').then((m): ContractModule => ({ commands: m.nfcCommands, events: m.nfcEvents })),
  labels: () => import('./labels').then((m): ContractModule => ({ commands: m.labelCommands, events: m.labelEvents })),
  printers: () => import('./printers').then((m): ContractModule => ({ commands: m.printerCommands, events: m.printEvents })),
  'print-run': () => import('./print-run').then((m): ContractModule => ({ commands: m.printRunCommands })),
  profiles: () => import('./profiles').then((m): ContractModule => ({ commands: m.profileCommands })),
  queue: () => import('./queue').then((m): ContractModule => ({ commands: m.queueCommands, events: m.queueEvents })),
  reels: () => import('./reels').then((m): ContractModule => ({ commands: m.reelCommands, events: m.reelEvents })),
  report: () => import('./report').then((m): ContractModule => ({ commands: m.reportCommands })),
  station: () => import('./station').then((m): ContractModule => ({ commands: m.stationCommands, events: m.stationEvents })),
  storage: () => import('./storage').then((m): ContractModule => ({ commands: m.storageCommands })),
  threads: () => import('./threads').then((m): ContractModule => ({ commands: m.threadCommands })),
  verify: () => import('./verify').then((m): ContractModule => ({ commands: m.verifyCommands })),
};
export type ContractModuleName = keyof typeof MODULES;

/** The module that declares each area's names. The type checks that every area a name starts with has its module. */
const AREA_MODULE = {
  bulkBind: 'bulk-bind',
  camera: 'camera',
  collections: 'reels',
  devices: 'devices',
  files: 'files',
  grades: 'grades',
  labels: 'labels',
  nfc: 'nfc',
  print: 'printers',
  printRun: 'print-run',
  printers: 'printers',
  profiles: 'profiles',
  queue: 'queue',
  reels: 'reels',
  report: 'report',
  station: 'station',
  storage: 'storage',
  sync: 'queue',
  threads: 'threads',
  verify: 'verify',
} as const satisfies Record<AreaName, ContractModuleName>;

/** The contract module a command or event name belongs to, by the part before its first dot; undefined for none. */
export function contractModuleOf(name: string): ContractModuleName | undefined {
  const dot = name.indexOf('.');
  const area = dot > 0 ? name.slice(0, dot) : '';
  return Object.hasOwn(AREA_MODULE, area) ? AREA_MODULE[area as AreaName] : undefined;
}

const loaded = new Map<ContractModuleName, Promise<ContractModule>>();

/** A contract module, loaded once (a failed load is tried again on the next call). */
export function loadContractModule(module: ContractModuleName): Promise<ContractModule> {
  let pending = loaded.get(module);
  if (!pending) {
    pending = MODULES[module]().catch((error: unknown) => {
      loaded.delete(module);
      throw error;
    });
    loaded.set(module, pending);
  }
  return pending;
}

/** The module of the area a name starts with; rejects when no area declares the name's area. */
export function contractAreaOf(name: string): Promise<ContractModule> {
  const module = contractModuleOf(name);
  if (!module) return Promise.reject(new Error(`No area of the station contract declares ${name}.`));
  return loadContractModule(module);
}
