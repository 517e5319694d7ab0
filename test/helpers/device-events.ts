import { expect, onTestFailed } from 'vitest';
import type { DeviceEventListener, DeviceEvents } from '../../src-main/devices';

export type Recorded = { [N in keyof DeviceEvents]: { name: N; payload: DeviceEvents[N] } }[keyof DeviceEvents];

interface Pending {
  name: keyof DeviceEvents;
  match: string;
  from: number;
}

/**
 * Records a supervisor's events and waits for the one a test expects. A wait has no
 * clock of its own: how long a device takes to come back depends on the machine's load,
 * so a wait lasts until its event arrives, and only the test's timeout ends one that never
 * does. The test's failure then names every wait still open and the events that came.
 */
export class EventRecorder {
  readonly events: Recorded[] = [];
  readonly #waiters = new Set<() => void>();
  readonly #pending = new Set<Pending>();
  #reportingFor: string | undefined;

  readonly listener: DeviceEventListener = (name, payload) => {
    this.events.push({ name, payload } as Recorded);
    for (const waiter of this.#waiters) waiter();
  };

  of<N extends keyof DeviceEvents>(name: N): DeviceEvents[N][] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload as DeviceEvents[N]);
  }

  /** Resolves with the first event (from index `from` on, see mark()) that matches. */
  waitFor<N extends keyof DeviceEvents>(name: N, match: (payload: DeviceEvents[N]) => boolean, from = 0): Promise<DeviceEvents[N]> {
    return new Promise((resolve) => {
      const pending: Pending = { name, match: match.toString(), from };
      const check = () => {
        const found = this.events.slice(from).find((e) => e.name === name && match(e.payload as DeviceEvents[N]));
        if (!found) return false;
        this.#waiters.delete(check);
        this.#pending.delete(pending);
        resolve(found.payload as DeviceEvents[N]);
        return true;
      };
      if (check()) return;
      this.#waiters.add(check);
      this.#pending.add(pending);
      this.#reportIfTheTestFails();
    });
  }

  mark(): number {
    return this.events.length;
  }

  /** Once per test: if it fails (a wait that never matched ends in its timeout), its errors say what was awaited. */
  #reportIfTheTestFails(): void {
    const test = expect.getState().currentTestName;
    if (test === undefined || this.#reportingFor === test) return;
    this.#reportingFor = test;
    onTestFailed(({ task }) => {
      for (const { name, match, from } of this.#pending) {
        const events = JSON.stringify(this.events.slice(from), null, 1).slice(0, 3000);
        task.result?.errors?.push({ name: 'StillWaiting', message: `No ${name} event matched ${match}. Events from #${from}:\n${events}`, stacks: [] });
      }
      this.#pending.clear();
    });
  }
}
