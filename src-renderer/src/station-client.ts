import type { ZodType } from 'zod';
import type { PreloadApi, StationEventMessage } from '../../src-shared/ipc/preload';
import { StationError } from '../../src-shared/ipc/station-error';
import { timedCall } from './call-timeout';
import { eventSchema, outputSchema, type KnownEventName, type KnownEventPayload, type KnownInput, type KnownName, type KnownOutput } from './contract';

declare global {
  interface Window {
    station?: PreloadApi;
  }
}

/**
 * Whether the page reaches its station (docs/architecture.md, "When the page loses its station"): `lost` once the
 * web host's event stream broke or a command found nobody answering, `connected` again when the stream is back.
 * The Electron window's station is its own process: always `connected`.
 */
export type StationConnection = 'connected' | 'lost';

/** Transport-neutral pieces of a client: the raw envelope call and the raw event feed. */
interface Transport {
  kind: 'electron' | 'web';
  call(name: string, input: unknown): Promise<unknown>;
  onEvent(listener: (message: StationEventMessage) => void): () => void;
  connection(): StationConnection;
  onConnection(listener: (connection: StationConnection) => void): () => void;
}

function electronTransport(api: PreloadApi): Transport {
  // Names come from KnownName (the contract's keys); the client parses every reply with the contract.
  return {
    kind: 'electron',
    call: (name, input) => api.call(name as KnownName, input as never),
    onEvent: (l) => api.onEvent(l),
    connection: () => 'connected',
    onConnection: () => noop,
  };
}

/** How soon the page opens its event stream again after the web host closed it for good (EventSource gave up). */
const REOPEN_MS = 2_000;

/** A command that met no station: said in words, with its own code (the page shows no result it could not confirm). */
function unreachable(name: string, error: unknown): StationError {
  return new StationError({
    code: 'STATION_UNREACHABLE',
    message: `The station did not answer ${name}: its web host is stopped or the connection closed. Start the station again; this page goes on by itself.`,
    detail: { error: error instanceof Error ? error.message : String(error) },
  });
}

/** Web host: commands over POST, events over SSE; the session cookie carries the token. */
function webTransport(): Transport {
  const listeners = new Set<(message: StationEventMessage) => void>();
  const watchers = new Set<(connection: StationConnection) => void>();
  let state: StationConnection = 'connected';
  const setState = (next: StationConnection) => {
    if (next === state) return;
    state = next;
    for (const watcher of watchers) watcher(next);
  };
  let source: EventSource | undefined;
  const ensureSource = () => {
    if (source) return;
    const opened = new EventSource('/api/station/events');
    source = opened;
    opened.onopen = () => setState('connected');
    // The stream broke (the web host stopped, the connection closed): the browser tries again by itself while it
    // can; once it gave up (an answer that is no event stream), the page opens a new one after a while.
    opened.onerror = () => {
      setState('lost');
      if (opened.readyState !== EventSource.CLOSED) return;
      source = undefined;
      setTimeout(ensureSource, REOPEN_MS);
    };
    opened.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as StationEventMessage;
      for (const listener of listeners) listener(message);
    };
  };
  return {
    kind: 'web',
    async call(name, input) {
      let response: Response;
      try {
        response = await fetch(`/api/station/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
          credentials: 'same-origin',
        });
      } catch (error) {
        setState('lost');
        ensureSource();
        throw unreachable(name, error);
      }
      if (response.status === 401) {
        return { ok: false, error: { code: 'STATION_UNAUTHORIZED', message: 'The station session expired: open the URL the station printed at start.' } };
      }
      return response.json();
    },
    onEvent(listener) {
      listeners.add(listener);
      ensureSource();
      return () => listeners.delete(listener);
    },
    connection: () => state,
    onConnection(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}

export interface StationClient {
  kind: Transport['kind'];
  connection(): StationConnection;
  /** Tells `listener` each time the page loses its station or finds it again. */
  onConnection(listener: (connection: StationConnection) => void): () => void;
  call<N extends KnownName>(name: N, input: KnownInput<N>): Promise<KnownOutput<N>>;
  on<N extends KnownEventName>(name: N, listener: (payload: KnownEventPayload<N>) => void): () => void;
}

/** The envelope's schema, loaded with the first command's (contract.ts: no zod at page load). */
let envelopeSchema: Promise<typeof import('../../src-shared/ipc/envelope').Envelope> | undefined;
function loadEnvelope() {
  envelopeSchema ??= import('../../src-shared/ipc/envelope').then(
    (m) => m.Envelope,
    (error: unknown) => {
      envelopeSchema = undefined;
      throw error;
    },
  );
  return envelopeSchema;
}

const noop = () => undefined;

/** A schema chunk that did not load (the station was updated and restarted under this page, or it stopped). */
function notLoaded(what: string, error: unknown): StationError {
  return new StationError({
    code: 'STATION_PAGE_NOT_LOADED',
    message: `This page could not load its check of ${what}: reload the page (F5).`,
    detail: { error: error instanceof Error ? error.message : String(error) },
  });
}

/** The renderer's typed view of the station, whichever host it runs in. */
function createStationClient(transport: Transport): StationClient {
  return {
    kind: transport.kind,
    connection: () => transport.connection(),
    onConnection: (listener) => transport.onConnection(listener),
    async call<N extends KnownName>(name: N, input: KnownInput<N>): Promise<KnownOutput<N>> {
      // The answer's schemas load while the station answers (the first command of an area fetches its chunk).
      const schemas = Promise.all([loadEnvelope(), outputSchema(name)]);
      schemas.catch(noop);
      const answer = await timedCall(
        name,
        input,
        () => transport.call(name, input),
        (listener) => transport.onEvent(listener),
      );
      const [envelopeOf, output] = await schemas.catch((error: unknown) => {
        throw notLoaded(`the answers to ${name}`, error);
      });
      const envelope = envelopeOf.parse(answer);
      if (!envelope.ok) throw new StationError(envelope.error);
      return output.parse(envelope.value) as KnownOutput<N>;
    },
    on<N extends KnownEventName>(name: N, listener: (payload: KnownEventPayload<N>) => void) {
      // Payloads that come before the event's schema is loaded wait for it, in order.
      let schema: ZodType | undefined;
      let waiting: unknown[] | undefined;
      let subscribed = true;
      const deliver = (payload: unknown) => {
        const parsed = schema?.safeParse(payload);
        if (subscribed && parsed?.success) listener(parsed.data as KnownEventPayload<N>);
      };
      const off = transport.onEvent((message) => {
        if (message.name !== name) return;
        if (schema) return deliver(message.payload);
        if (waiting) return void waiting.push(message.payload);
        waiting = [message.payload];
        eventSchema(name).then(
          (loaded) => {
            schema = loaded;
            for (const payload of waiting?.splice(0) ?? []) deliver(payload);
            waiting = undefined;
          },
          // Dropped like a payload that does not parse; the next event tries the load again.
          () => (waiting = undefined),
        );
      });
      return () => {
        subscribed = false;
        off();
      };
    },
  };
}

export const station = createStationClient(window.station ? electronTransport(window.station) : webTransport());
