import type { Envelope } from './envelope';

/** Channel names shared by the Electron host and the preload. */
export const IpcChannel = {
  call: 'station:call',
  event: 'station:event',
} as const;

export interface StationEventMessage {
  name: string;
  payload: unknown;
}

/**
 * The one object the preload exposes as `window.station`. It is deliberately
 * untyped beyond the envelope: the renderer's client validates and types every
 * reply from the contract, so nothing is declared twice.
 */
export interface PreloadApi {
  call(name: string, input: unknown): Promise<Envelope>;
  onEvent(listener: (message: StationEventMessage) => void): () => void;
}
