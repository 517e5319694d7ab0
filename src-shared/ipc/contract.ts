import type { z } from 'zod';
import { bulkBindCommands } from './bulk-bind';
import { cameraCommands, cameraEvents } from './camera';
import { fileCommands } from './files';
import { labelCommands, labelEvents } from './labels';
import { printRunCommands } from './print-run';
import { printerCommands, printEvents } from './printers';
import { profileCommands } from './profiles';
import { queueCommands, queueEvents } from './queue';
import { reelCommands, reelEvents } from './reels';
import { devicesCommands, devicesEvents } from './devices';
import { stationCommands, stationEvents } from './station';
import { storageCommands } from './storage';
import { threadCommands } from './threads';
import { reportCommands } from './report';
import { verifyCommands } from './verify';
import { gradeCommands } from './grades';
import { nfcCommands, nfcEvents } from './nfc';

/**
 * The station contract: command name → zod input and output, event name → zod
 * payload. Hosts validate every input against it (the renderer is untrusted);
 * the renderer's client and the preload's object are typed from it. Each area
 * keeps its part in its own module; this map only joins them.
 */
export const commands = {
  ...stationCommands,
  ...devicesCommands,
  ...profileCommands,
  ...reelCommands,
  ...labelCommands,
  ...queueCommands,
  ...bulkBindCommands,
  ...threadCommands,
  ...fileCommands,
  ...cameraCommands,
  ...printRunCommands,
  ...printerCommands,
  ...verifyCommands,
  ...reportCommands,
  ...storageCommands,
  ...gradeCommands,
  ...nfcCommands,
} as const;

export const events = {
  ...stationEvents,
  ...devicesEvents,
  ...labelEvents,
  ...queueEvents,
  ...cameraEvents,
  ...printEvents,
  ...nfcEvents,
  ...reelEvents,
} as const;

type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
export type CommandOutput<N extends CommandName> = z.infer<Commands[N]['output']>;

/** A command's handler: its input after validation (defaults and transforms applied) in, its output back. */
type CommandHandler<N extends CommandName> = (input: z.infer<Commands[N]['input']>) => Promise<CommandOutput<N>> | CommandOutput<N>;
/** The handlers of a set of commands: one contract area (e.g. `keyof typeof labelCommands`) or all of them. */
export type CommandHandlers<N extends CommandName = CommandName> = { [K in N]: CommandHandler<K> };

type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.infer<Events[N]>;

/** The client-side view of the contract, implemented by every transport. */
export interface StationApi {
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>>;
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
}
