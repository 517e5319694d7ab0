import type { EventName, EventPayload } from '../../src-shared/ipc';

type Listener = (name: EventName, payload: unknown) => void;

/** The core's event stream: hosts subscribe once and forward every event. */
export class EventBus {
  readonly #listeners = new Set<Listener>();

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
