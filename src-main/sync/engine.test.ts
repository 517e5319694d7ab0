import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_KINDS, type OperationKind, type OperationState } from '../../src-shared/ipc/queue';
import type { OnlineState, SyncPauseKind } from '../../src-shared/ipc/station';
import { openUnitTestStation } from '../../test/helpers/db';
import { ServiceError, type ServiceClient } from '../service';
import type { ServiceErrorInit } from '../service/errors';
import { isNoSpace } from '../runtime/disk';
import type { Db } from '../store/database';
import { getLabel, newLabelRow, upsertLabel } from '../store/labels';
import { attemptsOf, discardOp, enqueue, getOp, listOps, outboxStore, retryOp, type OutboxOp, type OutboxStore } from '../store/outbox';
import { insertReel } from '../store/reels';
import { BENCH_WINDOW, SyncEngine, type SyncEngineOptions } from './engine';
import { HandlerAttention } from './failure';
import type { Applied, LandingCheck, OperationHandler, OperationRegistry } from './operations';

// The engine's scheduling with a real outbox and fake operations: each send and landing check waits until the test
// answers it, so every interleaving below is chosen by the test, never by timing.

/** A list that can be waited on: resolves with the first item (from the start) that matches. */
class Log<T> {
  readonly items: T[] = [];
  #waiters: { match(item: T): boolean; resolve(item: T): void }[] = [];

  push(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.#waiters]) {
      if (waiter.match(item)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    }
  }

  waitFor(match: (item: T) => boolean): Promise<T> {
    const found = this.items.find(match);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }
}

/** One call of a fake handler, open until the test answers it. */
interface Call {
  how: 'send' | 'check';
  why: 'unknown' | 'conflict' | null;
  op: OutboxOp;
  /** Date.now() when the engine made the call. */
  at: number;
  answered: boolean;
  answer(value: Applied | LandingCheck): void;
  fail(error: unknown): void;
}

const applied = (labelIds: string[] = []): Applied => ({ result: { fake: true }, apply: () => undefined, labelIds, reelId: null });
const landed = (): LandingCheck => ({ landed: true, applied: applied() });

/** Every kind's send and check, recorded and answered by the test; counts what is in flight. */
class FakeOperations {
  readonly calls = new Log<Call>();
  inFlight = 0;
  maxInFlight = 0;
  readonly #bySubject = new Map<string, number>();
  maxPerSubject = 0;
  /** Answers each call as it is made, when set; otherwise calls wait for the test. */
  auto: ((call: Call) => void) | null = null;
  readonly registry: OperationRegistry;

  constructor() {
    const handler: OperationHandler<OperationKind> = {
      send: (_ctx, op) => this.#call('send', null, op) as Promise<Applied>,
      check: (_ctx, op, why) => this.#call('check', why, op) as Promise<LandingCheck>,
    };
    this.registry = Object.fromEntries(OPERATION_KINDS.map((kind) => [kind, handler])) as unknown as OperationRegistry;
  }

  /** The n-th call (from 1) for an operation, optionally of one kind of call. */
  nth(opId: string, n: number, how?: 'send' | 'check'): Promise<Call> {
    let seen = 0;
    return this.calls.waitFor((c) => c.op.id === opId && (how === undefined || c.how === how) && ++seen === n);
  }

  of(opId: string): string[] {
    return this.calls.items.filter((c) => c.op.id === opId).map((c) => (c.why ? `${c.how}:${c.why}` : c.how));
  }

  /** Fails every call still open (so the engine can stop). */
  failOpen(): void {
    for (const call of this.calls.items) if (!call.answered) call.fail(new Error('test over'));
  }

  #call(how: 'send' | 'check', why: 'unknown' | 'conflict' | null, op: OutboxOp): Promise<Applied | LandingCheck> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const perSubject = (this.#bySubject.get(op.subject) ?? 0) + 1;
    this.#bySubject.set(op.subject, perSubject);
    this.maxPerSubject = Math.max(this.maxPerSubject, perSubject);
    return new Promise((resolve, reject) => {
      const settle = () => {
        if (call.answered) throw new Error(`${how} of ${op.id} answered twice`);
        call.answered = true;
        this.inFlight -= 1;
        this.#bySubject.set(op.subject, (this.#bySubject.get(op.subject) ?? 1) - 1);
      };
      const call: Call = {
        how,
        why,
        op,
        at: Date.now(),
        answered: false,
        answer: (value) => {
          settle();
          resolve(value);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      };
      this.calls.push(call);
      this.auto?.(call);
    });
  }
}

/** What the engine reported. */
class Events {
  readonly finished = new Log<{ opId: string; state: OperationState; labelIds: string[] }>();
  readonly online = new Log<OnlineState>();
  readonly paused = new Log<{ paused: boolean; kind: SyncPauseKind | null }>();
  readonly sink: SyncEngineOptions['events'] = {
    opFinished: (op, labelIds) => this.finished.push({ opId: op.opId, state: op.state, labelIds }),
    onlineChanged: (state) => this.online.push(state),
    pausedChanged: (paused, kind) => this.paused.push({ paused, kind }),
  };

  /** The n-th time (from 1) an operation finished an attempt. */
  finishedNth(opId: string, n = 1): Promise<{ state: OperationState }> {
    let seen = 0;
    return this.finished.waitFor((f) => f.opId === opId && ++seen === n);
  }
}

function serviceError(init: Partial<ServiceErrorInit> & Pick<ServiceErrorInit, 'code' | 'kind' | 'status'>): ServiceError {
  return new ServiceError({ method: 'POST', path: '/api/v1/composite-tags', requestId: init.status === null ? null : 'req-1', outcomeUnknown: false, ...init });
}
const networkError = () => serviceError({ code: 'NETWORK_ERROR', kind: 'network', status: null });

/** A client whose probe answers while `reachable`, and that names the holder of a contested marking. */
function fakeClient() {
  const state = { reachable: true, probes: 0 };
  const client = {
    probe: async () => {
      state.probes += 1;
      if (!state.reachable) throw serviceError({ code: 'NETWORK_ERROR', kind: 'network', status: null, method: 'GET', path: '/api/v1/me' });
      return {};
    },
    labels: {
      get: async (id: string) => ({ compositeTagId: id, position: 7, reelCollectionId: 'svc-reel-9', boundThreadId: null, bound: false }),
    },
  };
  return { state, client: client as unknown as ServiceClient };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

let dir: { path: string; remove(): void };
let db: Db;
let fake: FakeOperations;
let events: Events;
let service: ReturnType<typeof fakeClient>;
let engine: SyncEngine | null;

beforeEach(() => {
  ({ dir, db } = openUnitTestStation('engine-'));
  fake = new FakeOperations();
  events = new Events();
  service = fakeClient();
  engine = null;
});
afterEach(async () => {
  fake.auto = (call) => call.fail(new Error('test over'));
  fake.failOpen();
  await engine?.stop();
  db.close();
  dir.remove();
});

/** A started engine on profile `p`, online once its first probe answered. */
async function startEngine(options: Partial<SyncEngineOptions> = {}): Promise<SyncEngine> {
  engine = new SyncEngine({ db, operations: fake.registry, events: events.sink, random: () => 0.5, ...options });
  engine.setTarget({ profileId: 'p', client: service.client });
  engine.start();
  expect(await engine.settled(10_000)).toBe('online');
  return engine;
}

const archive = (labelId: string, dependsOn: string[] = []) =>
  enqueue(db, { profileId: 'p', kind: 'archiveLabel', subject: labelId, payload: { labelId }, dependsOn });
const unarchive = (labelId: string) => enqueue(db, { profileId: 'p', kind: 'unarchiveLabel', subject: labelId, payload: { labelId } });
const op = (id: string) => getOp(db, id) as OutboxOp;

describe('order and concurrency', () => {
  it('runs the operations of one subject in order, one at a time, and different subjects side by side up to the limit', async () => {
    const a = [archive('A'), unarchive('A'), archive('A')];
    const others = ['B', 'C', 'D', 'E', 'F'].map((s) => archive(s));
    const e = await startEngine({ maxConcurrency: 3 });

    // The first claim fills the limit: A's first operation and two other subjects; A's next waits for its first.
    await until3InFlight();
    expect(fake.calls.items.map((c) => c.op.id)).toEqual([a[0], others[0], others[1]]);
    expect(op(a[1]!).state).toBe('pending');

    // From here every call is answered on the next turn of the event loop: the engine refills as they finish,
    // claiming (marking `sending`) only as many as it has free slots.
    let maxClaimed = listOps(db, { state: 'sending' }).length;
    fake.auto = (call) => {
      maxClaimed = Math.max(maxClaimed, listOps(db, { state: 'sending' }).length);
      setImmediate(() => call.answer(applied()));
    };
    for (const call of fake.calls.items) setImmediate(() => call.answer(applied()));
    await e.whenIdle();

    expect(fake.maxInFlight).toBe(3);
    expect(maxClaimed).toBe(3);
    expect(fake.maxPerSubject).toBe(1);
    expect(fake.calls.items.filter((c) => c.op.subject === 'A').map((c) => c.op.id)).toEqual(a);
    for (const id of [...a, ...others]) expect(op(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(fake.calls.items).toHaveLength(8);
  });

  it('while the operator works at the Bench the window narrows to BENCH_WINDOW; once the Bench is quiet it widens again', async () => {
    const e = await startEngine({ bounds: { min: 4, max: 4 }, benchQuietMs: 400 });
    e.benchActive();
    const ids = ['B', 'C', 'D', 'E', 'F', 'G'].map((s) => archive(s));
    e.notify();
    await fake.calls.waitFor(() => fake.calls.items.length >= BENCH_WINDOW);
    await flush();
    // Narrow: only BENCH_WINDOW in flight although the limit is 4.
    expect(fake.inFlight).toBe(BENCH_WINDOW);
    expect(listOps(db, { state: 'sending' })).toHaveLength(BENCH_WINDOW);
    // Quiet again: the window is the limit's, without any other event to wake the engine.
    await fake.calls.waitFor(() => fake.calls.items.length >= 4);
    await flush();
    expect(fake.inFlight).toBe(4);
    fake.auto = (call) => setImmediate(() => call.answer(applied()));
    for (const call of fake.calls.items) setImmediate(() => call.answer(applied()));
    await e.whenIdle();
    for (const id of ids) expect(op(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  async function until3InFlight(): Promise<void> {
    await fake.calls.waitFor(() => fake.calls.items.length >= 3);
    await flush();
    expect(fake.inFlight).toBe(3);
  }

  it("writes an operation's done in the commit of the next claim: one commit per operation, each on disk before it is acted on", async () => {
    const ids = ['A', 'B', 'C', 'D', 'E', 'F'].map((s) => archive(s));
    // Another connection sees only what is committed: what the engine does is checked against it.
    const committed = new Database(db.name, { readonly: true });
    const stateOnDisk = (id: string) => (committed.prepare('SELECT state FROM outbox WHERE id = ?').get(id) as { state: string }).state;
    let commits = 0;
    const transaction = db.transaction.bind(db);
    db.transaction = ((fn: (...args: never[]) => unknown) => {
      const made = transaction(fn);
      return Object.assign((...args: never[]) => {
        if (!db.inTransaction) commits += 1;
        return made(...args);
      }, made);
    }) as Db['transaction'];
    const onDiskAtSend: string[] = [];
    const onDiskAtFinish: string[] = [];
    events.finished.waitFor((f) => {
      onDiskAtFinish.push(stateOnDisk(f.opId));
      return false;
    });
    fake.auto = (call) => {
      onDiskAtSend.push(stateOnDisk(call.op.id));
      setImmediate(() => call.answer(applied()));
    };
    try {
      const e = await startEngine({ maxConcurrency: 1 });
      await e.whenIdle();
      // Claimed (`sending`) on disk before its request; `done` on disk before it is told.
      expect(onDiskAtSend).toEqual(ids.map(() => 'sending'));
      expect(onDiskAtFinish).toEqual(ids.map(() => 'done'));
      for (const id of ids) expect(op(id)).toMatchObject({ state: 'done', attempts: 1 });
      // One commit per operation (its claim, with the previous one's done) and one for the last done: not two each.
      expect(commits).toBeLessThanOrEqual(ids.length + 2);
    } finally {
      committed.close();
    }
  });

  it('operations that end in one turn of the event loop are written in one commit, with the claims that follow them', async () => {
    const ids = ['A', 'B', 'C', 'D', 'E', 'F'].map((s) => archive(s));
    const e = await startEngine({ maxConcurrency: 3 });
    await until3InFlight();
    let commits = 0;
    const transaction = db.transaction.bind(db);
    db.transaction = ((fn: (...args: never[]) => unknown) => {
      const made = transaction(fn);
      return Object.assign((...args: never[]) => {
        if (!db.inTransaction) commits += 1;
        return made(...args);
      }, made);
    }) as Db['transaction'];
    // The three answers arrive in one turn of the event loop, each in a callback of its own (as three sockets' answers
    // read in one poll).
    for (const call of fake.calls.items.slice(0, 3)) setImmediate(() => call.answer(applied()));
    await fake.calls.waitFor(() => fake.calls.items.length >= 6);
    expect(commits).toBe(1);
    expect(ids.slice(0, 3).map((id) => op(id).state)).toEqual(['done', 'done', 'done']);
    expect(ids.slice(3).map((id) => op(id).state)).toEqual(['sending', 'sending', 'sending']);
    for (const call of fake.calls.items.slice(3)) call.answer(applied());
    await e.whenIdle();
  });

  it('a later operation of a subject starts only after the earlier one is done', async () => {
    const first = archive('A');
    const second = unarchive('A');
    await startEngine();
    const call = await fake.nth(first, 1);
    await flush();
    expect(fake.of(second)).toEqual([]);
    call.answer(applied());
    const next = await fake.nth(second, 1);
    expect(op(first).state).toBe('done');
    next.answer(applied());
    await engine?.whenIdle();
    expect(op(second).state).toBe('done');
  });
});

describe('dependencies', () => {
  it('an operation waits for its dependencies and runs once they are done', async () => {
    const reel = enqueue(db, { profileId: 'p', kind: 'createReel', subject: 'R', payload: { reelId: 'R', name: 'Reel' } });
    const enroll = (labelId: string, position: number) =>
      enqueue(db, {
        profileId: 'p',
        kind: 'enrollLabel',
        subject: labelId,
        payload: { labelId, reelId: 'R', position, identifiers: [{ tagType: 'TEXT', value: labelId }], indexing: 'default' },
        dependsOn: [reel],
      });
    const e1 = enroll('L1', 1);
    const e2 = enroll('L2', 2);
    await startEngine();

    const create = await fake.nth(reel, 1);
    await flush();
    // Other subjects, free slots, and still nothing but the Reel's creation.
    expect(fake.calls.items.map((c) => c.op.id)).toEqual([reel]);
    expect(op(e1).state).toBe('pending');

    create.answer(applied());
    const [s1, s2] = await Promise.all([fake.nth(e1, 1), fake.nth(e2, 1)]);
    expect(op(reel).state).toBe('done');
    s1.answer(applied(['L1']));
    s2.answer(applied(['L2']));
    await engine?.whenIdle();
    expect([op(e1).state, op(e2).state]).toEqual(['done', 'done']);
  });

  it('a discarded dependency orphans its dependents: attention, never sent', async () => {
    const reel = enqueue(db, { profileId: 'p', kind: 'createReel', subject: 'R', payload: { reelId: 'R', name: 'Reel' } });
    const enroll = enqueue(db, {
      profileId: 'p',
      kind: 'enrollLabel',
      subject: 'L1',
      payload: { labelId: 'L1', reelId: 'R', position: 1, identifiers: [{ tagType: 'TEXT', value: 'x' }], indexing: 'default' },
      dependsOn: [reel],
    });
    discardOp(db, reel);
    const e = await startEngine();
    await e.whenIdle();

    expect(fake.calls.items).toEqual([]);
    expect(op(enroll).state).toBe('attention');
    expect(op(enroll).attention).toMatchObject({ code: 'STATION_DEPENDENCY_DISCARDED', actions: ['discard'] });
    expect(op(enroll).attention?.reason).toContain(reel);
  });

  it('a discarded range operation only releases the Label changes it ordered', async () => {
    const bind = enqueue(db, {
      profileId: 'p',
      kind: 'bulkBind',
      subject: 'R',
      payload: { reelId: 'R', fromPosition: 1, toPosition: 2, threadIds: ['t1', 't2'] },
    });
    const archiveL1 = archive('L1', [bind]);
    discardOp(db, bind);
    fake.auto = (call) => call.answer(applied());
    const e = await startEngine();
    await e.whenIdle();

    expect(fake.of(archiveL1)).toEqual(['send']);
    expect(op(archiveL1)).toMatchObject({ state: 'done', attention: null });
    expect(fake.of(bind)).toEqual([]);
  });
});

describe('failures', () => {
  it('a network failure goes offline and backs off, outcome known; back online it is sent again', async () => {
    const id = archive('A');
    const e = await startEngine();
    const first = await fake.nth(id, 1);

    service.state.reachable = false;
    const failedAt = Date.now();
    first.fail(networkError());
    await events.online.waitFor((s) => s === 'offline');
    await events.finishedNth(id);
    const after = op(id);
    expect(after).toMatchObject({ state: 'pending', outcomeUnknown: false, attempts: 1 });
    expect(after.nextAttemptAt).toBeGreaterThan(failedAt);
    // A failure that reached the engine with no attempt of its own still names its request (the error's).
    expect(attemptsOf(db, id)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/v1/composite-tags', code: 'NETWORK_ERROR', status: null, outcome: 'retry' }),
    ]);
    expect(e.online).toBe('offline');

    // The probe finds the service again: the operation goes out again, no landing check (nothing may have landed).
    service.state.reachable = true;
    const second = await fake.nth(id, 2);
    expect(second.at).toBeGreaterThanOrEqual(after.nextAttemptAt as number);
    expect(e.online).toBe('online');
    second.answer(applied());
    await e.whenIdle();
    expect(fake.of(id)).toEqual(['send', 'send']);
    expect(op(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it.each([
    ['a 500', () => serviceError({ code: 'SERVICE_ERROR', kind: 'service', status: 500, outcomeUnknown: true })],
    ['a timeout', () => serviceError({ code: 'TIMEOUT', kind: 'timeout', status: null, outcomeUnknown: true })],
  ])('after %s the outcome is unknown: the next attempt runs the landing check and does not resend what landed', async (_what, error) => {
    const id = archive('A');
    const e = await startEngine();
    (await fake.nth(id, 1)).fail(error());
    await events.finishedNth(id);
    expect(op(id)).toMatchObject({ state: 'pending', outcomeUnknown: true });

    const check = await fake.nth(id, 1, 'check');
    expect(check.why).toBe('unknown');
    check.answer(landed());
    await e.whenIdle();
    expect(fake.of(id)).toEqual(['send', 'check:unknown']);
    expect(op(id)).toMatchObject({ state: 'done', outcomeUnknown: false, attempts: 2 });
  });

  it('when the landing check finds nothing landed, the operation is sent again', async () => {
    const id = archive('A');
    const e = await startEngine();
    (await fake.nth(id, 1)).fail(serviceError({ code: 'SERVICE_ERROR', kind: 'service', status: 502, outcomeUnknown: true }));
    (await fake.nth(id, 1, 'check')).answer({ landed: false });
    (await fake.nth(id, 2, 'send')).answer(applied());
    await e.whenIdle();
    expect(fake.of(id)).toEqual(['send', 'check:unknown', 'send']);
    expect(op(id).state).toBe('done');
  });

  it('an unreadable answer to a write whose landing check also fails: attention, and a retry still checks before resending', async () => {
    const id = archive('A');
    const e = await startEngine();
    const unreadable = (outcomeUnknown: boolean) =>
      serviceError({ code: 'INVALID_RESPONSE', kind: 'invalid_response', status: 200, outcomeUnknown, serviceMessage: 'expected the Label in the answer' });
    (await fake.nth(id, 1)).fail(unreadable(true));
    (await fake.nth(id, 1, 'check')).fail(unreadable(false));
    await e.whenIdle();
    expect(op(id)).toMatchObject({ state: 'attention', attention: { code: 'INVALID_RESPONSE' } });
    expect(op(id).attention?.reason).toContain('The write may have been applied');
    // The write may have landed: the queue must remember that, whatever a person does next.
    expect(op(id).outcomeUnknown).toBe(true);

    retryOp(db, id);
    e.notify();
    const check = await fake.nth(id, 2, 'check');
    expect(check.why).toBe('unknown');
    check.answer(landed());
    await e.whenIdle();
    expect(fake.of(id)).toEqual(['send', 'check:unknown', 'check:unknown']);
    expect(op(id)).toMatchObject({ state: 'done', outcomeUnknown: false });
  });

  it('a 429 with Retry-After holds every send until that time has passed, and resends without a landing check', async () => {
    const RETRY_AFTER_MS = 300;
    const a = archive('A');
    const b = archive('B');
    const e = await startEngine({ maxConcurrency: 1 });
    const first = await fake.nth(a, 1);
    expect(fake.of(b)).toEqual([]);

    fake.auto = (call) => call.answer(applied());
    const refusedAt = Date.now();
    first.fail(serviceError({ code: 'RATE_LIMITED', kind: 'service', status: 429, retryAfterMs: RETRY_AFTER_MS }));
    await e.whenIdle();

    const later = fake.calls.items.slice(1);
    expect(later.map((c) => c.op.id).sort()).toEqual([a, b].sort());
    for (const call of later) expect(call.at - refusedAt).toBeGreaterThanOrEqual(RETRY_AFTER_MS);
    expect(fake.of(a)).toEqual(['send', 'send']);
    expect([op(a).state, op(b).state]).toEqual(['done', 'done']);
    expect(attemptsOf(db, a)[0]).toMatchObject({ status: 429, code: 'RATE_LIMITED', outcome: 'retry' });
  });

  const conflict = () =>
    serviceError({
      code: 'COMPOSITE_TAG_CONFLICT',
      kind: 'service',
      status: 409,
      detail: { reason: 'position_occupied', compositeTagId: 'ct-other' },
      serviceMessage: 'Position 7 is taken.',
    });

  it('a 409 conflict runs the landing check; landed means done', async () => {
    const id = archive('A');
    const e = await startEngine();
    (await fake.nth(id, 1)).fail(conflict());
    const check = await fake.nth(id, 1, 'check');
    expect(check.why).toBe('conflict');
    check.answer(landed());
    await e.whenIdle();
    expect(op(id).state).toBe('done');
    expect(fake.of(id)).toEqual(['send', 'check:conflict']);
  });

  it('a 409 conflict that did not land goes to attention naming the Label that holds the position', async () => {
    const id = archive('A');
    const e = await startEngine();
    (await fake.nth(id, 1)).fail(conflict());
    (await fake.nth(id, 1, 'check')).answer({ landed: false });
    await e.whenIdle();
    const after = op(id);
    expect(after.state).toBe('attention');
    expect(after.attention).toMatchObject({ code: 'COMPOSITE_TAG_CONFLICT', status: 409, requestId: 'req-1', actions: ['retry', 'discard'] });
    expect(after.attention?.reason).toContain('position is already taken');
    expect(after.attention?.reason).toContain('held by Label ct-other at position 7 of Reel svc-reel-9');
    expect(fake.of(id)).toEqual(['send', 'check:conflict']);
  });

  it("a handler's own finding (HandlerAttention) puts the operation and its Label in attention with its code", async () => {
    // The Label as the bench saved it (store only: the sync engine never reaches into src-main/changes).
    insertReel(db, {
      reelId: 'R',
      profileId: 'p',
      serviceId: 'svc-R',
      name: 'Reel',
      description: null,
      collectionId: null,
      expectedIdentifiers: [],
      createOpId: null,
    });
    const label = newLabelRow({ labelId: 'L3', reelId: 'R', position: 3, state: 'queued', identifiers: [{ tagType: 'TEXT', value: 'T-3' }] });
    upsertLabel(db, label);
    const opId = enqueue(db, {
      profileId: 'p',
      kind: 'enrollLabel',
      subject: 'L3',
      payload: { labelId: 'L3', reelId: 'R', position: 3, identifiers: [{ tagType: 'TEXT', value: 'T-3' }], indexing: 'default' },
    });
    const e = await startEngine();
    (await fake.nth(opId, 1)).fail(
      new HandlerAttention('STATION_POSITION_TAKEN', 'Position 3 of the Reel holds another Label on the service; move it or enroll elsewhere.', 'req-9'),
    );
    const finished = await events.finishedNth(opId);
    await e.whenIdle();

    expect(finished).toMatchObject({ state: 'attention', labelIds: [label.labelId] });
    expect(op(opId).attention).toEqual({
      reason: 'Position 3 of the Reel holds another Label on the service; move it or enroll elsewhere.',
      code: 'STATION_POSITION_TAKEN',
      status: null,
      requestId: 'req-9',
      actions: ['retry', 'discard'],
    });
    expect(getLabel(db, label.labelId)).toMatchObject({
      state: 'attention',
      attention: { code: 'STATION_POSITION_TAKEN', requestId: 'req-9', reason: expect.stringContaining('Position 3') },
    });
  });

  it('a second 401 pauses sync and puts the item in attention; resume sends the rest, a retry sends it again', async () => {
    const a = archive('A');
    const b = archive('B');
    const e = await startEngine({ maxConcurrency: 1 });
    (await fake.nth(a, 1)).fail(serviceError({ code: 'UNAUTHORIZED', kind: 'auth', status: 401 }));
    const paused = await events.paused.waitFor((p) => p.paused);
    expect(paused.kind).toBe('apiKeyRefused');
    await e.whenIdle();

    expect(e.paused).toBe(true);
    expect(e.pauseReason).toMatch(/reconnect with a valid key, then resume/);
    expect(op(a)).toMatchObject({ state: 'attention', attention: { code: 'UNAUTHORIZED', status: 401 } });
    expect(op(b).state).toBe('pending');
    expect(fake.calls.items).toHaveLength(1);

    fake.auto = (call) => call.answer(applied());
    e.resume();
    await events.paused.waitFor((p) => !p.paused);
    await events.finishedNth(b);
    await e.whenIdle();
    expect(op(b).state).toBe('done');
    expect(op(a).state).toBe('attention');

    retryOp(db, a);
    e.notify();
    await events.finishedNth(a, 2);
    await e.whenIdle();
    expect(fake.of(a)).toEqual(['send', 'send']);
    expect(op(a)).toMatchObject({ state: 'done', attention: null });
  });
});

describe('a full disk', () => {
  it('an operation whose end cannot be written is not idle: once the disk has room it goes back with a landing check, and ends done', async () => {
    // The queue's store beneath the engine, as on a disk full to the last byte: writing an operation back fails as
    // SQLite fails there (SQLITE_FULL), until the station has room again (docs/storage.md, "A full disk").
    const real = outboxStore(db);
    let full = true;
    const outbox: OutboxStore = {
      ...real,
      finishRetry: (...args) => {
        if (full) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        real.finishRetry(...args);
      },
    };
    const storeFailures = new Log<unknown>();
    const id = archive('A');
    const e = await startEngine({ outbox, events: { ...events.sink, storeFailed: (error) => storeFailures.push(error) } });
    (await fake.nth(id, 1)).fail(serviceError({ code: 'SERVICE_ERROR', kind: 'service', status: 500, outcomeUnknown: true }));
    await storeFailures.waitFor(() => true);
    // Claimed on disk, its end unwritten: sending is not over.
    expect(op(id).state).toBe('sending');
    let idle = false;
    const waiting = e.whenIdle().then(() => (idle = true));

    full = false;
    const check = await Promise.race([
      fake.nth(id, 1, 'check'),
      waiting.then(() => {
        throw new Error(`the engine said idle with the operation still ${op(id).state}`);
      }),
    ]);
    expect(idle).toBe(false);
    expect(check.why).toBe('unknown');
    check.answer(landed());
    await waiting;
    expect(fake.of(id)).toEqual(['send', 'check:unknown']);
    expect(op(id)).toMatchObject({ state: 'done', outcomeUnknown: false });
    expect(storeFailures.items.every(isNoSpace)).toBe(true);
  }, 30_000);
});

describe('idle and stop', () => {
  it('whenIdle resolves at once when nothing is queued', async () => {
    const e = await startEngine();
    await e.whenIdle();
    expect(fake.calls.items).toEqual([]);
  });

  it('whenIdle resolves while paused, with the work still queued', async () => {
    const id = archive('A');
    engine = new SyncEngine({ db, operations: fake.registry, events: events.sink, random: () => 0.5 });
    engine.pause('operator');
    engine.setTarget({ profileId: 'p', client: service.client });
    engine.start();
    await engine.settled(10_000);
    await engine.whenIdle();
    expect(op(id).state).toBe('pending');
    expect(fake.calls.items).toEqual([]);
  });

  it("whenIdle waits through one subject's operations until the last is done", async () => {
    const first = archive('A');
    const second = unarchive('A');
    const e = await startEngine();
    const call = await fake.nth(first, 1);
    let idle = false;
    const waiting = e.whenIdle().then(() => (idle = true));
    call.answer(applied());
    // The engine finished one operation and started the next: it was never idle in between.
    const next = await fake.nth(second, 1);
    expect(idle).toBe(false);
    next.answer(applied());
    await waiting;
    expect([op(first).state, op(second).state]).toEqual(['done', 'done']);
  });

  it('stop waits for the operations in flight and claims nothing more', async () => {
    const a = archive('A');
    const b = archive('B');
    const e = await startEngine({ maxConcurrency: 1 });
    const call = await fake.nth(a, 1);
    const stopped = e.stop().then(() => op(a).state);
    await flush();
    call.answer(applied());
    // Had stop not waited, it would have resolved before the answer, with A still sending.
    expect(await stopped).toBe('done');
    expect(op(b).state).toBe('pending');
    expect(fake.calls.items).toHaveLength(1);
  });
});
