import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from './contract';
import type { StationErrorShape } from './envelope';

/** Channel names shared by the Electron host and the preload. */
export const IpcChannel = {
  call: 'station:call',
  event: 'station:event',
} as const;

export interface StationEventMessage {
  name: string;
  payload: unknown;
}

/** The envelope of one command, typed by its output. */
export type EnvelopeOf<T> = { ok: true; value: T } | { ok: false; error: StationErrorShape };

/** One event as the main process pushes it, typed by its name. */
export type TypedEventMessage = { [N in EventName]: { name: N; payload: EventPayload<N> } }[EventName];

/**
 * The one object the preload exposes as `window.station`, typed from the station contract
 * (docs/architecture.md, "The station contract": one map, types derived everywhere). The main process validates every
 * input and output against the same map; the renderer's client parses the replies again,
 * because nothing that crosses a process boundary is trusted by its type alone.
 */
export interface PreloadApi {
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<EnvelopeOf<CommandOutput<N>>>;
  onEvent(listener: (message: TypedEventMessage) => void): () => void;
}
