import type { EventName, EventPayload } from '../../src-shared/ipc';

type Listener = (name: EventName, payload: unknown) => void;

/** The core's event stream: hosts subscribe once and forward every event. */
export class EventBus {
  readonly #listeners = new Set<Listener>();

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  /** Whether anyone listens: an event whose payload costs a read is then not built at all. */
  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
