import PQueue from 'p-queue';
import type { AttentionShape, OperationKind, OperationState } from '../../src-shared/ipc/queue';
import type { OnlineState, SyncPauseKind } from '../../src-shared/ipc/station';
import type { AttemptRecord, ServiceClient } from '../service';
import { isServiceError } from '../service/errors';
import { isNoSpace } from '../runtime/disk';
import type { Db } from '../store/database';
import { outboxStore, type AttemptRecordRow, type OutboxOp, type OutboxStore } from '../store/outbox';
import { backoffDelay, classifyFailure, type FailureShape } from './classify';
import { AdaptiveConcurrency, DEFAULT_CONCURRENCY_BOUNDS, type ConcurrencyBounds } from './concurrency';
import { Connectivity } from './connectivity';
import { HandlerAttention, toFailure } from './failure';
import type { Applied, OperationContext, OperationHandler, OperationRegistry } from './operations';

// The outbox runner (docs/sync.md, "Sending"): drains when online, at a concurrency that adapts to the link and the
// service within the operator's bounds (./concurrency.ts), dependency order, one handler per kind, landing checks before any
// resend whose outcome is unknown, attention for what needs a person. Pause and resume.

/** How long sending waits after the queue could not record an outcome (a full disk). */
const STORE_BLOCKED_MS = 5_000;

/**
 * Sending beside the bench (docs/sync.md, "Sending beside the bench"): for this long after the operator's last read or
 * save at the Bench, at most BENCH_WINDOW operations are in flight, so the Bench's own requests (its check of a read
 * on the service, its Label sent ahead in the bench lane) do not queue at the service behind a full window of bulk work.
 */
const BENCH_QUIET_MS = 2_000;
export const BENCH_WINDOW = 2;

/**
 * The end of an operation is written at most this soon after the last commit, with every other end that came in
 * meanwhile and the claims that follow them (docs/sync.md, "Sending"): one fsync on the event loop per gap rather than
 * one per answer, so a save at the Bench seldom waits behind the sender's disk writes.
 */
const COMMIT_GAP_MS = 25;

/** Why sending is paused, in the station's English for the CLI and the log; a screen says it from the kind (docs/sync.md, "Pause and resume"). */
export const PAUSE_REASONS: Record<SyncPauseKind, string> = {
  operator: 'Paused by the operator.',
  apiKeyRefused: 'The service refused the API key; reconnect with a valid key, then resume.',
};

export interface SyncTarget {
  profileId: string;
  client: ServiceClient;
  /**
   * Readies what the client talks to (the embedded sandbox, found or started on first need: docs/architecture.md).
   * `settled` waits for it before its own timeout starts, so a slow start is not taken for an unreachable service.
   */
  ready?: () => Promise<void>;
}

export interface SyncEvents {
  /** An operation finished an attempt (done, rescheduled, attention). */
  opFinished(op: { opId: string; kind: OperationKind; state: OperationState }, labelIds: string[], reelId: string | null): void;
  onlineChanged(state: OnlineState): void;
  pausedChanged(paused: boolean, kind: SyncPauseKind | null): void;
  /** The queue could not record an outcome (a full disk: SQLITE_FULL); sending waits a little and goes on (docs/storage.md). */
  storeFailed?(error: unknown): void;
}

export interface SyncEngineOptions {
  /** The local mirror the operations read and update (Labels, Reels). */
  db: Db;
  /** The queue (default: the outbox of `db`). */
  outbox?: OutboxStore;
  /** One operation per kind (default: ./operations); tests of the scheduling pass their own. */
  operations?: OperationRegistry;
  events: SyncEvents;
  /** The bounds of the adaptive concurrency (Settings); `maxConcurrency` alone means 1 to that. */
  bounds?: ConcurrencyBounds;
  maxConcurrency?: number;
  random?: () => number;
  /**
   * Probe the service as soon as a target is set (default true: the hosts that stay up show online or offline at
   * once). False (the CLI): the first probe runs when something needs the service (`start`, `settled`), so a
   * command that never reaches the service never starts the embedded sandbox (docs/architecture.md).
   */
  probeAtTarget?: boolean;
  /** How long the window stays narrow after the Bench's last read or save (default BENCH_QUIET_MS; tests shorten it). */
  benchQuietMs?: number;
}

interface Idler {
  resolve(): void;
}

interface Pumped {
  claimed: OutboxOp[];
  idle: boolean;
}

interface Ending {
  op: OutboxOp;
  applied: Applied;
  rows: AttemptRecordRow[];
}

export class SyncEngine {
  readonly #db: Db;
  readonly #outbox: OutboxStore;
  /** The handler of each kind, loaded with the first operation sent (docs/architecture.md, "Start-up"). */
  #operations: OperationRegistry | undefined;
  readonly #events: SyncEvents;
  readonly #random: () => number;
  readonly #probeAtTarget: boolean;
  readonly #benchQuietMs: number;
  readonly #adaptive: AdaptiveConcurrency;
  readonly #queue: PQueue;
  #target: SyncTarget | null = null;
  #connectivity: Connectivity | null = null;
  #paused = false;
  #pauseKind: SyncPauseKind | null = null;
  #running = false;
  #stopped = false;
  #rateLimitedUntil = 0;
  /** Until then the window is at most BENCH_WINDOW: the operator is working at the Bench (`benchActive`). */
  #benchUntil = 0;
  #benchTimer: NodeJS.Timeout | undefined;
  /** After the queue could not record an outcome (a full disk), nothing new is claimed until then. */
  #storeBlockedUntil = 0;
  #timer: NodeJS.Timeout | undefined;
  #pumping = false;
  #pumpAgain = false;
  /** The pump scheduled: at once (the next turn of the event loop), or `later`, gathering endings (#kick). */
  #scheduled: { at: 'now' } | { at: 'later'; timer: NodeJS.Timeout } | undefined;
  /** When the last pump ran (performance.now()): endings gathered after it are written COMMIT_GAP_MS later at the earliest. */
  #lastCommitAt = 0;
  #idlers = new Set<Idler>();
  /** Claimed operations not yet finished (p-queue's own counters update after the task resolves). */
  #inflight = 0;
  /** Sent operations whose `done` is written with the next claim, in one commit (docs/sync.md, "Sending"). */
  #endings: Ending[] = [];
  /**
   * Claimed operations whose end could not be written (a full disk): still `sending` on disk, given back to `pending`
   * with a landing check in the next commit that can be written; until then the queue is not idle (docs/storage.md).
   */
  #unrecorded: OutboxOp[] = [];

  constructor(options: SyncEngineOptions) {
    this.#db = options.db;
    this.#outbox = options.outbox ?? outboxStore(options.db);
    this.#operations = options.operations;
    this.#events = options.events;
    this.#random = options.random ?? Math.random;
    this.#probeAtTarget = options.probeAtTarget ?? true;
    this.#benchQuietMs = options.benchQuietMs ?? BENCH_QUIET_MS;
    const bounds = options.bounds ?? (options.maxConcurrency ? { min: 1, max: options.maxConcurrency } : DEFAULT_CONCURRENCY_BOUNDS);
    this.#adaptive = new AdaptiveConcurrency(bounds);
    this.#queue = new PQueue({ concurrency: this.#adaptive.limit });
  }

  get online(): OnlineState {
    return this.#connectivity?.state ?? 'not_connected';
  }

  get paused(): boolean {
    return this.#paused;
  }

  get pauseKind(): SyncPauseKind | null {
    return this.#pauseKind;
  }

  get pauseReason(): string | null {
    return this.#pauseKind && PAUSE_REASONS[this.#pauseKind];
  }

  get concurrency(): number {
    return this.#adaptive.limit;
  }

  get concurrencyBounds(): ConcurrencyBounds {
    return this.#adaptive.bounds;
  }

  /** New bounds from Settings: the limit moves into them at once. */
  setConcurrencyBounds(bounds: ConcurrencyBounds): void {
    this.#adaptive.setBounds(bounds);
    this.#queue.concurrency = this.#adaptive.limit;
    this.#kick();
  }

  /** Connects the engine to a profile's client (or disconnects with null). */
  setTarget(target: SyncTarget | null): void {
    this.#connectivity?.stop();
    this.#target = target;
    this.#connectivity = target
      ? new Connectivity({
          probe: async (signal) => {
            try {
              await target.client.probe({ signal });
            } catch (error) {
              // An error answer still proves the service is reachable.
              if (!(isServiceError(error) && error.status !== null)) throw error;
            }
          },
          onChange: (state) => {
            this.#events.onlineChanged(state);
            if (state === 'online') this.#kick();
          },
          random: this.#random,
        })
      : null;
    this.#events.onlineChanged(this.online);
    if (target && this.#probeAtTarget) this.#connectivity?.check();
  }

  /** Probes now when the online state is not known yet (the first need of the service when not probed at target). */
  #probeIfUnknown(): void {
    if (this.#connectivity?.state === 'unknown') this.#connectivity.check();
  }

  /** Waits (at most `timeoutMs`) until the online state is known, e.g. right after start-up. */
  async settled(timeoutMs: number): Promise<OnlineState> {
    const connectivity = this.#connectivity;
    if (connectivity && connectivity.state === 'unknown') {
      await this.#target?.ready?.();
      this.#probeIfUnknown();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([connectivity.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
    return this.online;
  }

  /** Hands every HTTP attempt of the client to connectivity (wired through the client's onAttempt). */
  observeAttempt(attempt: AttemptRecord): void {
    if (attempt.status !== null) this.#connectivity?.reached();
  }

  /** Starts draining whenever there is work and the service is reachable. */
  start(): void {
    this.#running = true;
    this.#probeIfUnknown();
    this.#kick();
  }

  pause(kind: SyncPauseKind): void {
    this.#paused = true;
    this.#pauseKind = kind;
    this.#events.pausedChanged(true, kind);
  }

  resume(): void {
    this.#paused = false;
    this.#pauseKind = null;
    this.#events.pausedChanged(false, null);
    this.#connectivity?.check();
    this.#kick();
  }

  /** Something was queued or retried: look for work. */
  notify(): void {
    this.#kick();
  }

  /**
   * The operator read or saved a Label at the Bench: for BENCH_QUIET_MS (2 s) the window narrows to BENCH_WINDOW, so what
   * the Bench asks of the service is answered at once rather than behind a full window (docs/sync.md, "Sending beside
   * the bench"). What is in flight finishes as it would; only new claims wait. Then the window is what the adaptive
   * concurrency says again.
   */
  benchActive(): void {
    this.#benchUntil = Date.now() + this.#benchQuietMs;
    clearTimeout(this.#benchTimer);
    this.#benchTimer = setTimeout(() => this.#kick(), this.#benchQuietMs + 10);
    this.#benchTimer.unref?.();
  }

  /** How many operations may be in flight now. */
  #window(now: number): number {
    const limit = this.#queue.concurrency;
    return this.#benchUntil > now ? Math.min(limit, BENCH_WINDOW) : limit;
  }

  /**
   * Resolves when nothing can be sent now or later: no operation in flight, none ready, none
   * waiting for a backoff, and the service reachable. Blocked items (waiting for an attention
   * item) count as idle.
   */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      const idler: Idler = { resolve: () => resolve() };
      this.#idlers.add(idler);
      this.#kick();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#running = false;
    clearTimeout(this.#timer);
    clearTimeout(this.#benchTimer);
    if (this.#scheduled?.at === 'later') clearTimeout(this.#scheduled.timer);
    this.#connectivity?.stop();
    await this.#queue.onIdle();
    try {
      this.#commit(() => ({ claimed: [], idle: true }));
    } catch (error) {
      // Left `sending`: the next start gives them back with a landing check (docs/sync.md, "Landing checks").
      this.#events.storeFailed?.(error);
    }
    for (const idler of this.#idlers) idler.resolve();
    this.#idlers.clear();
  }

  /**
   * Looks for work: at once, or, for the end of an operation (`gather`), with the next commit of endings, at most one
   * every COMMIT_GAP_MS, so the answers that come in meanwhile end in that one commit (docs/sync.md, "Sending").
   */
  #kick(gather = false): void {
    if (this.#stopped) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    const scheduled = this.#scheduled;
    if (scheduled) {
      // Already due at once, or this too can wait for the gathered commit.
      if (scheduled.at === 'now' || gather) return;
      clearTimeout(scheduled.timer);
      this.#scheduled = undefined;
    }
    const wait = gather ? this.#lastCommitAt + COMMIT_GAP_MS - performance.now() : 0;
    if (wait > 1) {
      this.#scheduled = { at: 'later', timer: setTimeout(() => this.#pumpNow(), wait) };
    } else {
      // Once per turn of the event loop: the operations whose answers were read in this turn end in one commit (#commit).
      this.#scheduled = { at: 'now' };
      setImmediate(() => this.#pumpNow());
    }
  }

  #pumpNow(): void {
    this.#scheduled = undefined;
    if (this.#stopped && this.#endings.length === 0) return;
    this.#pumping = true;
    try {
      do {
        this.#pumpAgain = false;
        this.#commit(() => this.#pump());
      } while (this.#pumpAgain);
    } catch (error) {
      // Claiming could not be written (a full disk): try again in a while (docs/storage.md).
      this.#storeBlockedUntil = Date.now() + STORE_BLOCKED_MS;
      this.#wake(STORE_BLOCKED_MS);
      this.#events.storeFailed?.(error);
    } finally {
      this.#pumping = false;
      this.#lastCommitAt = performance.now();
    }
  }

  /**
   * One commit for the endings of the operations sent since the last one and what `pump` claims (one fsync instead
   * of two per operation); the claimed operations are sent, the endings told and idlers woken only after it is on disk.
   * When it fails (a full disk), the endings wait in memory for the next one and nothing claimed is sent.
   */
  #commit(pump: () => Pumped): void {
    const endings = this.#endings.splice(0);
    const unrecorded = this.#unrecorded.splice(0);
    let pumped: Pumped;
    try {
      pumped =
        endings.length || unrecorded.length
          ? this.#outbox.batch(() => {
              for (const ending of endings) this.#writeEnding(ending);
              for (const op of unrecorded) this.#outbox.finishRetry(op.id, [], Date.now(), true);
              return pump();
            })
          : pump();
    } catch (error) {
      this.#endings.unshift(...endings);
      this.#unrecorded.unshift(...unrecorded);
      throw error;
    }
    for (const { op, applied } of endings) this.#events.opFinished({ opId: op.id, kind: op.kind, state: 'done' }, applied.labelIds, applied.reelId);
    this.#inflight += pumped.claimed.length;
    const target = this.#target;
    if (target) for (const op of pumped.claimed) this.#send(target, op);
    if (pumped.idle) this.#resolveIdlers();
  }

  #writeEnding({ op, applied, rows }: Ending): void {
    try {
      this.#outbox.finishDone(op.id, rows, applied.result, applied.apply);
    } catch (error) {
      if (isNoSpace(error)) throw error;
      // The mirror change failed (a failure of the station, not of the request): it is tried again later, its landing
      // check first, as any failure of the station while running an operation.
      this.#outbox.finishRetry(op.id, [], Date.now() + 1_000, true);
    }
  }

  /** What to do now: the operations claimed (sent once the claim is on disk), and whether the queue is idle. */
  #pump(): Pumped {
    const target = this.#target;
    if (!target || this.#stopped || this.#paused) {
      // Nothing will be sent until a person acts: whoever waits for idle stops waiting.
      return { claimed: [], idle: true };
    }
    if (!this.#running || this.online !== 'online') {
      // Offline with nothing to send is idle too.
      return { claimed: [], idle: !this.#outbox.hasUnsent(target.profileId) };
    }
    const now = Date.now();
    if (this.#rateLimitedUntil > now) {
      this.#wake(this.#rateLimitedUntil - now);
      return { claimed: [], idle: false };
    }
    if (this.#storeBlockedUntil > now) {
      if (this.#inflight === 0) this.#wake(this.#storeBlockedUntil - now);
      return { claimed: [], idle: false };
    }
    const free = this.#window(now) - this.#inflight;
    const claimed = free > 0 ? this.#outbox.claimReady(target.profileId, free, now) : [];
    if (this.#inflight + claimed.length > 0) return { claimed, idle: false };
    if (this.#outbox.flagOrphans().length > 0) {
      this.#pumpAgain = true;
      return { claimed, idle: false };
    }
    const due = this.#outbox.nextDueAt(target.profileId);
    if (due !== null) {
      this.#wake(Math.max(10, due - Date.now()));
      return { claimed, idle: false };
    }
    return { claimed, idle: true };
  }

  #send(target: SyncTarget, op: OutboxOp): void {
    void this.#queue.add(async () => {
      try {
        await this.#run(target, op);
      } catch (error) {
        // A failure of the station itself (not of the request): try again later, landing check first.
        try {
          this.#outbox.finishRetry(op.id, [], Date.now() + 1_000, true);
        } catch (storeError) {
          // Not even that could be written (a full disk): the operation stays claimed on disk and is given back
          // with a landing check by the next commit that can be written (#unrecorded); nothing is claimed for a
          // while, and the station is told (docs/storage.md).
          this.#unrecorded.push(op);
          this.#storeBlockedUntil = Date.now() + STORE_BLOCKED_MS;
          this.#events.storeFailed?.(storeError ?? error);
        }
      } finally {
        this.#inflight -= 1;
        this.#kick(true);
      }
    });
  }

  #resolveIdlers(): void {
    for (const idler of this.#idlers) idler.resolve();
    this.#idlers.clear();
  }

  #wake(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#kick(), delayMs);
  }

  async #run(target: SyncTarget, op: OutboxOp): Promise<void> {
    const attempts: AttemptRecord[] = [];
    const ctx: OperationContext = { db: this.#db, client: target.client, call: { onAttempt: (a) => attempts.push(a) } };
    this.#operations ??= (await import('./operations')).operationRegistry;
    const handler = this.#operations[op.kind] as OperationHandler<OperationKind>;
    let outcomeUnknown = op.outcomeUnknown;
    const sentAt = Date.now();
    try {
      if (outcomeUnknown) {
        const check = await handler.check(ctx, op, 'unknown');
        if (check.landed) return this.#done(op, check.applied, attempts, 'landed');
        outcomeUnknown = false;
      }
      const applied = await handler.send(ctx, op);
      this.#adapt(sentAt, attempts, null);
      this.#done(op, applied, attempts, 'done');
    } catch (error) {
      const failure = toFailure(error);
      this.#adapt(sentAt, attempts, failure);
      await this.#failed(ctx, handler, op, error, failure, attempts, outcomeUnknown);
    }
  }

  /**
   * Feeds the adaptive concurrency: an answer (success or a deliberate refusal) by how long its requests took on
   * average; a 429, a retryable 503 or a timeout as overload. A network failure says nothing about load (offline).
   */
  #adapt(sentAt: number, attempts: AttemptRecord[], failure: FailureShape | null): void {
    if (failure && (failure.status === 429 || failure.status === 503 || failure.kind === 'timeout')) this.#adaptive.overloaded(sentAt);
    else if (!failure || failure.status !== null) this.#adaptive.answered((Date.now() - sentAt) / Math.max(1, attempts.length));
    this.#queue.concurrency = this.#adaptive.limit;
  }

  /** Written with the next claim (`#commit`), which the `#kick` of the operation's end runs at once. */
  #done(op: OutboxOp, applied: Applied, attempts: AttemptRecord[], outcome: 'done' | 'landed'): void {
    this.#endings.push({ op, applied, rows: attemptRows(attempts, outcome) });
  }

  async #failed(
    ctx: OperationContext,
    handler: OperationHandler<OperationKind>,
    op: OutboxOp,
    error: unknown,
    failure: FailureShape,
    attempts: AttemptRecord[],
    outcomeUnknown: boolean,
  ): Promise<void> {
    if (error instanceof HandlerAttention) {
      const requestId = error.requestId ?? lastRequestId(attempts);
      // Its row names the request it was about (failure.method/path), else the last one sent (attemptRows).
      return this.#attention(
        op,
        attempts,
        { reason: error.message, code: error.code, status: null, requestId, actions: error.actions },
        { ...failure, requestId },
      );
    }
    const decision = classifyFailure(failure);
    switch (decision.action) {
      case 'backoff': {
        if (decision.offline) this.#connectivity?.lost();
        if (decision.rateLimited) this.#rateLimited(decision.retryAfterMs);
        const delay = decision.retryAfterMs ?? backoffDelay(op.attempts, this.#random);
        // A 429, a retryable 503 or a refused connection adds no doubt; an earlier unknown outcome stays unknown.
        return this.#reschedule(op, attempts, failure, Date.now() + delay, outcomeUnknown, 'retry');
      }
      case 'unknown': {
        if (decision.offline) this.#connectivity?.lost();
        return this.#reschedule(op, attempts, failure, Date.now() + backoffDelay(op.attempts, this.#random, 100, 5_000), true, 'unknown');
      }
      case 'unreadable': {
        // A write whose answer could not be read may have landed: its landing check decides, once.
        if (failure.outcomeUnknown && !outcomeUnknown) {
          try {
            const check = await handler.check(ctx, op, 'unknown');
            if (check.landed) return this.#done(op, check.applied, attempts, 'landed');
          } catch (checkError) {
            const checkFailure = toFailure(checkError);
            // The check could not reach the service: it runs again before anything is resent.
            if (checkFailure.kind === 'network' || checkFailure.kind === 'timeout') {
              return this.#reschedule(op, attempts, checkFailure, Date.now() + backoffDelay(op.attempts, this.#random), true, 'unknown');
            }
            const reason =
              checkError instanceof HandlerAttention || checkFailure.kind === 'invalid_response'
                ? ` Its landing check also failed: ${checkFailure.message}`
                : '';
            // The write may still have landed: a person's retry must check before it resends.
            return this.#attention(op, attempts, { ...decision.attention, reason: decision.attention.reason + reason }, failure, true);
          }
        }
        return this.#attention(op, attempts, decision.attention, failure);
      }
      case 'reread':
        return this.#reschedule(op, attempts, failure, Date.now(), outcomeUnknown, 'retry');
      case 'auth':
        this.pause('apiKeyRefused');
        return this.#attention(op, attempts, decision.attention);
      case 'attention':
        return this.#attention(op, attempts, decision.attention, failure.status === null ? undefined : failure);
      case 'conflict': {
        try {
          const check = await handler.check(ctx, op, 'conflict');
          if (check.landed) return this.#done(op, check.applied, attempts, 'landed');
        } catch (checkError) {
          if (checkError instanceof HandlerAttention) {
            return this.#attention(op, attempts, {
              reason: checkError.message,
              code: checkError.code,
              status: failure.status,
              requestId: failure.requestId,
              actions: checkError.actions,
              ...(checkError.detail ? { detail: checkError.detail } : {}),
            });
          }
          // The check itself failed (network…): try the whole thing again later, outcome unknown.
          return this.#reschedule(op, attempts, toFailure(checkError), Date.now() + backoffDelay(op.attempts, this.#random), true, 'unknown');
        }
        const holderId = isServiceError(error) ? (error.detail?.['compositeTagId'] as string | undefined) : undefined;
        const holder = await (await import('./operations/label-view')).describeHolder(ctx, holderId);
        const [what, wordsCase] =
          failure.code === 'IDENTIFIER_ALREADY_BOUND'
            ? ['is already bound to another Thread', 'bound']
            : failure.reason === 'position_occupied'
              ? ['position is already taken', 'position_occupied']
              : ['marking is already used', 'marking'];
        return this.#attention(op, attempts, {
          reason: `The service refused it (${failure.reason ?? failure.code}): the ${what} — held by ${holder.text}. ${failure.message}`,
          code: failure.code,
          status: failure.status,
          requestId: failure.requestId,
          actions: ['retry', 'discard'],
          // src-shared/ipc/error-words.ts: the holder by position and Reel, when it was read.
          ...(holder.position !== undefined ? { detail: { case: wordsCase, position: holder.position, reel: holder.reel } } : {}),
        });
      }
    }
  }

  #rateLimited(retryAfterMs: number | undefined): void {
    this.#rateLimitedUntil = Math.max(this.#rateLimitedUntil, Date.now() + (retryAfterMs ?? backoffDelay(2, this.#random)));
  }

  #reschedule(op: OutboxOp, attempts: AttemptRecord[], failure: FailureShape, at: number, outcomeUnknown: boolean, outcome: string): void {
    this.#outbox.finishRetry(op.id, attemptRows(attempts, outcome, failure), at, outcomeUnknown);
    this.#events.opFinished({ opId: op.id, kind: op.kind, state: 'pending' }, [], null);
  }

  #attention(op: OutboxOp, attempts: AttemptRecord[], attention: AttentionShape, failure?: FailureShape, outcomeUnknown = false): void {
    const labelId = 'labelId' in op.payload ? op.payload.labelId : null;
    const why = failure ?? {
      kind: 'station',
      code: attention.code,
      status: attention.status,
      reason: null,
      requestId: attention.requestId,
      message: attention.reason,
      outcomeUnknown: false,
    };
    this.#outbox.finishAttention(op.id, attemptRows(attempts, 'attention', why), attention, labelId, outcomeUnknown);
    const reelId = 'reelId' in op.payload ? op.payload.reelId : null;
    this.#events.opFinished({ opId: op.id, kind: op.kind, state: 'attention' }, labelId ? [labelId] : [], reelId);
  }
}

/**
 * An attempt's outcome in words for the Queue's Details (docs/sync.md, "The queue"): the service's message, or what
 * happened to a request that got no answer, with the system's own words (they are what IT needs) after it.
 */
function attemptWords(a: AttemptRecord): string {
  if (a.kind === 'ok') return '';
  if (a.status !== null || a.reason === 'not_sent') return a.message ?? '';
  const cause = a.message ? ` (${a.message})` : '';
  if (a.kind === 'timeout') return `no answer within the time allowed${cause}`;
  if (a.reason === 'connect_failed') return `the service could not be reached: the connection was refused or failed${cause}`;
  if (a.reason === 'connection_lost') return `the connection was lost before the answer arrived${cause}`;
  return a.message ?? '';
}

/**
 * Every attempt: each HTTP request with its method, path, duration, status, code and request id (a request that was
 * never sent, e.g. its token could not be had, is one too: src-main/service/transport.ts), plus the station's own
 * conclusion when the failure was decided by the station or produced no attempt of its own. That conclusion names
 * the request it is about: the failed request's, else the last one sent; none when it came before any request.
 */
function attemptRows(attempts: AttemptRecord[], outcome: string, failure?: FailureShape): AttemptRecordRow[] {
  const rows: AttemptRecordRow[] = attempts.map((a, n) => ({
    at: a.at,
    method: a.method,
    path: a.path,
    durationMs: a.durationMs,
    status: a.status,
    code: a.code,
    reason: a.reason,
    requestId: a.requestId,
    message: attemptWords(a),
    outcome: n === attempts.length - 1 ? outcome : 'step',
  }));
  if (failure && (attempts.length === 0 || failure.kind === 'station')) {
    const last = attempts.at(-1);
    rows.push({
      at: new Date().toISOString(),
      method: failure.method ?? last?.method ?? null,
      path: failure.path ?? last?.path ?? null,
      durationMs: null,
      status: failure.status,
      code: failure.code,
      reason: failure.reason,
      requestId: failure.requestId,
      message: failure.message,
      outcome,
    });
  }
  return rows;
}

function lastRequestId(attempts: AttemptRecord[]): string | null {
  for (let i = attempts.length - 1; i >= 0; i -= 1) {
    const id = attempts[i]?.requestId;
    if (id) return id;
  }
  return null;
}
