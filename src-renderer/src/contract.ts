import type { z } from 'zod';
import { commands, events, isCommandName } from '../../src-shared/ipc';

// The commands and events the UI uses: the joined station contract. Whether the running host
// serves a command is asked at run time, so a screen can say plainly what is not there yet.

export const knownCommands = commands;
export const knownEvents = events;

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
