import type { OnlineState } from '../../src-shared/ipc/station';
import { backoffDelay } from './classify';

// Online = the last request reached the service, or a probe (GET /api/v1/me) succeeded
// (docs/sync.md, "Connectivity"). While offline, probe with backoff.

export interface ConnectivityOptions {
  /** Rejects when the service is unreachable; `signal` aborts it when the station stops. */
  probe(signal: AbortSignal): Promise<void>;
  onChange(state: OnlineState): void;
  random?: () => number;
  maxProbeDelayMs?: number;
}

export class Connectivity {
  #state: OnlineState = 'unknown';
  #timer: NodeJS.Timeout | undefined;
  #probing = false;
  #failures = 0;
  #stopped = false;
  readonly #abort = new AbortController();
  #settle: () => void = () => undefined;
  readonly #settled = new Promise<void>((resolve) => {
    this.#settle = resolve;
  });

  constructor(private readonly options: ConnectivityOptions) {}

  get state(): OnlineState {
    return this.#state;
  }

  /** Resolves once the state is known (the first probe or request answered or failed). */
  settled(): Promise<void> {
    return this.#settled;
  }

  /** Every HTTP attempt reports here: any answer from the service means online. */
  reached(): void {
    this.#failures = 0;
    this.#set('online');
  }

  /** A request did not reach the service: offline until a probe succeeds. */
  lost(): void {
    this.#set('offline');
    this.#schedule();
  }

  /** Probe now (start-up, resume, reconnect). */
  check(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    void this.#probe();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#abort.abort();
    this.#settle();
  }

  #set(state: OnlineState): void {
    if (state !== 'unknown') this.#settle();
    if (this.#stopped || state === this.#state) return;
    this.#state = state;
    this.options.onChange(state);
  }

  #schedule(): void {
    if (this.#stopped || this.#timer || this.#probing) return;
    const delay = backoffDelay(this.#failures + 1, this.options.random ?? Math.random, 200, this.options.maxProbeDelayMs ?? 30_000);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#probe();
    }, delay);
    this.#timer.unref();
  }

  async #probe(): Promise<void> {
    if (this.#probing || this.#stopped) return;
    this.#probing = true;
    try {
      await this.options.probe(this.#abort.signal);
      this.reached();
    } catch {
      this.#failures += 1;
      this.#set('offline');
    } finally {
      this.#probing = false;
    }
    if (this.#state !== 'online') this.#schedule();
  }
}
