import type { DeviceEventListener, DeviceEvents } from '../../../src-main/devices';

export type Recorded = { [N in keyof DeviceEvents]: { name: N; payload: DeviceEvents[N] } }[keyof DeviceEvents];

/** Records a supervisor's events and waits for the one a test expects. */
export class EventRecorder {
  readonly events: Recorded[] = [];
  readonly #waiters = new Set<() => void>();

  readonly listener: DeviceEventListener = (name, payload) => {
    this.events.push({ name, payload } as Recorded);
    for (const waiter of this.#waiters) waiter();
  };

  of<N extends keyof DeviceEvents>(name: N): DeviceEvents[N][] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload as DeviceEvents[N]);
  }

  /** Resolves with the first event (from `from` on) matching; rejects after `timeoutMs` with what arrived. */
  waitFor<N extends keyof DeviceEvents>(name: N, match: (payload: DeviceEvents[N]) => boolean, timeoutMs = 5000, from = 0): Promise<DeviceEvents[N]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.slice(from).find((e) => e.name === name && match(e.payload as DeviceEvents[N]));
        if (!found) return false;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(found.payload as DeviceEvents[N]);
        return true;
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`No ${name} event matched within ${timeoutMs} ms. Events:\n${JSON.stringify(this.events.slice(from), null, 1).slice(0, 3000)}`));
      }, timeoutMs);
      if (!check()) this.#waiters.add(check);
    });
  }

  mark(): number {
    return this.events.length;
  }
}
