import type { z } from 'zod';
import { contractAreaOf } from '../../src-shared/ipc/areas';
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

// Each area's schemas are a chunk of their own, loaded with the first command or event of the area (docs/architecture.md,
// "Renderer"; src-shared/ipc/areas.ts, which the station's own `call` loads them through too): the page load builds no zod
// schema, and a screen builds only those of the commands it calls. `outputSchema` and `eventSchema` check that the
// area's module declares the name.
/** The zod schema of a command's answer. */
export async function outputSchema<N extends KnownName>(name: N): Promise<KnownCommands[N]['output']> {
  const schema = (await contractAreaOf(name)).commands[name]?.output;
  if (!schema) throw new Error(`The station contract's ${name.slice(0, name.indexOf('.'))} area does not declare the command ${name}.`);
  return schema as KnownCommands[N]['output'];
}

/** The zod schema of an event's payload. */
export async function eventSchema<N extends KnownEventName>(name: N): Promise<KnownEvents[N]> {
  const schema = (await contractAreaOf(name)).events?.[name];
  if (!schema) throw new Error(`The station contract's ${name.slice(0, name.indexOf('.'))} area does not declare the event ${name}.`);
  return schema as KnownEvents[N];
}
