import type { z } from 'zod';
import { commands, events, isCommandName } from '../../src-shared/ipc';
import { devicesCommands, devicesEvents } from '../../src-shared/ipc/devices';

// The commands and events the UI knows how to use: the joined station contract plus area
// modules that are written but not yet joined to it (devices). Typing from the area modules
// keeps one declaration; whether the running host serves a command is asked at run time.

export const knownCommands = { ...devicesCommands, ...commands } as const;
export const knownEvents = { ...devicesEvents, ...events } as const;

export type KnownCommands = typeof knownCommands;
export type KnownName = keyof KnownCommands;
export type KnownInput<N extends KnownName> = z.input<KnownCommands[N]['input']>;
export type KnownOutput<N extends KnownName> = z.infer<KnownCommands[N]['output']>;

export type KnownEvents = typeof knownEvents;
export type KnownEventName = keyof KnownEvents;
export type KnownEventPayload<N extends KnownEventName> = z.infer<KnownEvents[N]>;

/** Whether the station contract (what the host validates against) has this command. */
export function isServed(name: KnownName): boolean {
  return isCommandName(name);
}
