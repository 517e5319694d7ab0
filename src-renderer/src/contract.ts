import type { z } from 'zod';
import { commands, events } from '../../src-shared/ipc';

// The commands and events the UI uses: the joined station contract (src-shared/ipc), the same
// module the host validates every call against. The host's handler map is typed over every
// command of it (src-main/station.ts, `Handlers`) and the renderer is built with its host, so
// every command named here is served: no screen needs to ask at run time.

export const knownCommands = commands;
export const knownEvents = events;

type KnownCommands = typeof knownCommands;
export type KnownName = keyof KnownCommands;
export type KnownInput<N extends KnownName> = z.input<KnownCommands[N]['input']>;
export type KnownOutput<N extends KnownName> = z.infer<KnownCommands[N]['output']>;

type KnownEvents = typeof knownEvents;
export type KnownEventName = keyof KnownEvents;
export type KnownEventPayload<N extends KnownEventName> = z.infer<KnownEvents[N]>;
