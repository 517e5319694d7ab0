import { randomUUID } from '../runtime/node-crypto';
import type { AttentionShape, OperationKind, OperationState } from '../../src-shared/ipc/queue';
import { AttentionShape as AttentionSchema } from '../../src-shared/ipc/queue-shapes';
import { statement, type Db } from './database';
import { updateLabel } from './labels';
import { operationPayload, type OperationPayload } from './operations';

// The outbox (docs/sync.md, "The queue"): one row per intended change on the service, written in the
// same transaction as the local change it stands for. Rows are never deleted: a failed one goes
// to `attention`, a person may `discard` it, and the row stays for the audit log.

/**
 * The lanes of the queue (docs/sync.md, "Lanes"): what the Bench (or `enroll`) saved is sent before queued imports and
 * bulk work, in queue order within each lane. Stored as a number so the ready query reads lane by lane (outbox_ready).
 */
export type OutboxLane = 'bench' | 'bulk';
const LANE_NUMBER: Record<OutboxLane, number> = { bench: 0, bulk: 1 };

export interface OutboxOp<K extends OperationKind = OperationKind> {
  id: string;
  seq: number;
  profileId: string;
  kind: K;
  state: OperationState;
  subject: string;
  lane: OutboxLane;
  dependsOn: string[];
  payload: OperationPayload<K>;
  /** The last attempt may have been applied (crash while sending, 5xx, timeout): land-check first. */
  outcomeUnknown: boolean;
  attempts: number;
  firstAttemptAt: string | null;
  nextAttemptAt: number | null;
  attention: AttentionShape | null;
  result: unknown;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  seq: number;
  profile_id: string;
  kind: OperationKind;
  state: OperationState;
  subject: string;
  lane: number;
  payload: string;
  outcome_unknown: number;
  attempts: number;
  first_attempt_at: string | null;
  next_attempt_at: number | null;
  attention: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
}

export interface AttemptRecordRow {
  at: string;
  /** The request's method and path (query included); null only for a station's conclusion made before any request. */
  method: string | null;
  path: string | null;
  /** How long the attempt took; null for a station's own conclusion. */
  durationMs: number | null;
  status: number | null;
  code: string | null;
  reason: string | null;
  requestId: string | null;
  message: string;
  /** What the station concluded: done, landed, retry, unknown, attention (step: a request before the last). */
  outcome: string;
}

class InvalidPayloadError extends Error {
  readonly code = 'STATION_INVALID_PAYLOAD';
}

function depsOf(db: Db, id: string): string[] {
  return (statement(db, 'SELECT dep_id FROM outbox_deps WHERE op_id = ? ORDER BY dep_id').all(id) as { dep_id: string }[]).map((r) => r.dep_id);
}

/** Rows as stored; a payload that no longer validates throws InvalidPayloadError on `payload` read. */
function fromRow(db: Db, row: Row): OutboxOp {
  const schema = operationPayload(row.kind) as ReturnType<typeof operationPayload> | undefined;
  const parsed = schema?.safeParse(JSON.parse(row.payload));
  if (!parsed?.success) throw new InvalidPayloadError(`Queued operation ${row.id} (${row.kind}) has a payload this version cannot read.`);
  return {
    id: row.id,
    seq: row.seq,
    profileId: row.profile_id,
    kind: row.kind,
    state: row.state,
    subject: row.subject,
    lane: row.lane === LANE_NUMBER.bench ? 'bench' : 'bulk',
    dependsOn: depsOf(db, row.id),
    payload: parsed.data as OperationPayload<OperationKind>,
    outcomeUnknown: row.outcome_unknown === 1,
    attempts: row.attempts,
    firstAttemptAt: row.first_attempt_at,
    nextAttemptAt: row.next_attempt_at,
    attention: row.attention ? AttentionSchema.parse(JSON.parse(row.attention)) : null,
    result: row.result ? (JSON.parse(row.result) as unknown) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface EnqueueInput<K extends OperationKind> {
  profileId: string;
  kind: K;
  /** The local id of the Label or Reel it changes: operations on one subject go in order. */
  subject: string;
  payload: OperationPayload<K>;
  dependsOn?: readonly (string | null | undefined)[];
  /** `bench`: saved at the Bench or by `enroll`, sent before the bulk lane (default `bulk`: docs/sync.md, "Lanes"). */
  lane?: OutboxLane;
}

/**
 * What an operation of the bench lane waits for joins that lane: its dependencies and the unfinished operations before
 * it on its subject, and theirs in turn. Otherwise a bench Label whose Reel's creation (or an earlier operation on its
 * Label) waits in the bulk lane would wait behind the whole import all the same (docs/sync.md, "Lanes").
 */
const PROMOTE_SQL = `
  WITH RECURSIVE need(id) AS (
    SELECT @id
    UNION
    SELECT d.dep_id FROM outbox_deps d JOIN need n ON d.op_id = n.id
    UNION
    SELECT p.id FROM need n JOIN outbox o ON o.id = n.id JOIN outbox p ON p.subject = o.subject AND p.seq < o.seq
      WHERE p.state NOT IN ('done', 'discarded'))
  UPDATE outbox SET lane = 0 WHERE lane <> 0 AND state NOT IN ('done', 'discarded') AND id IN (SELECT id FROM need)`;

/** Adds an operation. Call it inside the transaction of the local change it stands for. */
export function enqueue<K extends OperationKind>(db: Db, input: EnqueueInput<K>): string {
  const id = randomUUID();
  const now = new Date().toISOString();
  const payload = operationPayload(input.kind).parse(input.payload);
  const lane = LANE_NUMBER[input.lane ?? 'bulk'];
  statement(
    db,
    `INSERT INTO outbox (id, profile_id, kind, state, subject, lane, payload, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
  ).run(id, input.profileId, input.kind, input.subject, lane, JSON.stringify(payload), now, now);
  const addDep = statement(db, 'INSERT OR IGNORE INTO outbox_deps (op_id, dep_id) VALUES (?, ?)');
  for (const dep of input.dependsOn ?? []) if (dep) addDep.run(id, dep);
  if (lane === LANE_NUMBER.bench) statement(db, PROMOTE_SQL).run({ id });
  return id;
}

/** Start-up: a row left `sending` may have reached the service; it goes back to `pending`, outcome unknown. */
export function recoverInterrupted(db: Db): number {
  return statement(db, "UPDATE outbox SET state = 'pending', outcome_unknown = 1, next_attempt_at = NULL, updated_at = ? WHERE state = 'sending'").run(
    new Date().toISOString(),
  ).changes;
}

/**
 * Operations on one Label that a range operation (moveLabels, bulkBind: queued with the Reel as subject) covering
 * that Label must go before. The dependency only orders them: a discarded range operation releases these (the
 * Label stays where it was), where a discarded operation that creates what another needs orphans it.
 */
const PER_LABEL_KINDS: readonly OperationKind[] = [
  'addIdentifier',
  'removeIdentifier',
  'archiveLabel',
  'unarchiveLabel',
  'activateLabel',
  'bindLabel',
  'unbindLabel',
];
const RANGE_KINDS: readonly OperationKind[] = ['moveLabels', 'bulkBind'];
const sqlList = (kinds: readonly OperationKind[]) => kinds.map((k) => `'${k}'`).join(',');
/** SQL: dependency `x` of operation `o` is only an ordering one, released when `x` is discarded. */
const ORDERING_DEP = `(x.kind IN (${sqlList(RANGE_KINDS)}) AND o.kind IN (${sqlList(PER_LABEL_KINDS)}))`;

/**
 * The open range operations (moveLabels, bulkBind) that cover a Label: a later operation on that Label waits for
 * them, since their subject is the Reel and the subject order alone would let it overtake them. A move covers
 * the Labels it recorded; a bulk-bind covers the positions of its range on its Reel.
 */
export function openRangeOpsCovering(db: Db, label: { labelId: string; reelId: string; position: number }): string[] {
  return (
    statement(
      db,
      `SELECT id FROM outbox
         WHERE state IN ('pending','sending','attention') AND kind = 'moveLabels'
           AND EXISTS (SELECT 1 FROM json_each(outbox.payload, '$.labelIds') j WHERE j.value = @labelId)
         UNION
         SELECT id FROM outbox
         WHERE state IN ('pending','sending','attention') AND kind = 'bulkBind'
           AND json_extract(payload, '$.reelId') = @reelId
           AND @position BETWEEN json_extract(payload, '$.fromPosition') AND json_extract(payload, '$.toPosition')`,
    ).all(label) as { id: string }[]
  ).map((r) => r.id);
}

const READY_SQL = `
  SELECT o.* FROM outbox o
  WHERE o.state = 'pending' AND o.profile_id = @profileId
    AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= @now)
    AND NOT EXISTS (
      SELECT 1 FROM outbox_deps d JOIN outbox x ON x.id = d.dep_id
      WHERE d.op_id = o.id AND x.state <> 'done' AND NOT (x.state = 'discarded' AND ${ORDERING_DEP}))
    AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.subject = o.subject AND p.seq < o.seq AND p.state NOT IN ('done', 'discarded'))
  ORDER BY o.lane, o.seq
  LIMIT @limit`;

/**
 * Claims up to `limit` operations whose dependencies are done and that are first in line for their
 * subject, and marks them `sending` in one transaction (durable before any request is sent). The bench lane's
 * first, each lane in queue order (docs/sync.md, "Lanes").
 */
export function claimReady(db: Db, profileId: string, limit: number, now = Date.now()): OutboxOp[] {
  if (limit <= 0) return [];
  return db.transaction(() => {
    const rows = statement(db, READY_SQL).all({ profileId, now, limit }) as Row[];
    const mark = statement(
      db,
      "UPDATE outbox SET state = 'sending', attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, @at), updated_at = @at WHERE id = @id",
    );
    const at = new Date().toISOString();
    const claimed: OutboxOp[] = [];
    for (const row of rows) {
      mark.run({ id: row.id, at });
      try {
        claimed.push(fromRow(db, { ...row, state: 'sending', attempts: row.attempts + 1, first_attempt_at: row.first_attempt_at ?? at }));
      } catch (error) {
        if (!(error instanceof InvalidPayloadError)) throw error;
        setAttention(db, row.id, { reason: error.message, code: error.code, status: null, requestId: null, actions: ['discard'] });
      }
    }
    return claimed;
  })();
}

/** Pending operations that can never run because something they wait for was discarded. */
export function flagOrphans(db: Db): string[] {
  const rows = statement(
    db,
    `SELECT DISTINCT o.id, x.id AS dep FROM outbox o JOIN outbox_deps d ON d.op_id = o.id JOIN outbox x ON x.id = d.dep_id
       WHERE o.state = 'pending' AND x.state = 'discarded' AND NOT ${ORDERING_DEP}`,
  ).all() as { id: string; dep: string }[];
  for (const row of rows) {
    setAttention(db, row.id, {
      reason: `It waits for operation ${row.dep}, which was discarded; discard this one too, or re-create what it needs.`,
      code: 'STATION_DEPENDENCY_DISCARDED',
      status: null,
      requestId: null,
      actions: ['discard'],
    });
  }
  return rows.map((r) => r.id);
}

/** Whether anything of this profile still waits to be sent (pending or in flight). */
function hasUnsent(db: Db, profileId: string): boolean {
  return statement(db, "SELECT 1 FROM outbox WHERE profile_id = ? AND state IN ('pending','sending') LIMIT 1").get(profileId) !== undefined;
}

/** The earliest time a pending, backed-off operation becomes due (ms), or null. */
function nextDueAt(db: Db, profileId: string): number | null {
  const row = statement(db, "SELECT MIN(next_attempt_at) AS t FROM outbox WHERE state = 'pending' AND profile_id = ? AND next_attempt_at IS NOT NULL").get(
    profileId,
  ) as { t: number | null };
  return row.t;
}

function recordAttempt(db: Db, opId: string, attempt: AttemptRecordRow): void {
  statement(
    db,
    'INSERT INTO outbox_attempts (op_id, at, method, path, duration_ms, status, code, reason, request_id, message, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    opId,
    attempt.at,
    attempt.method,
    attempt.path,
    attempt.durationMs,
    attempt.status,
    attempt.code,
    attempt.reason,
    attempt.requestId,
    attempt.message,
    attempt.outcome,
  );
}

export function attemptsOf(db: Db, opId: string): AttemptRecordRow[] {
  return (
    statement(
      db,
      'SELECT at, method, path, duration_ms, status, code, reason, request_id, message, outcome FROM outbox_attempts WHERE op_id = ? ORDER BY attempt_id',
    ).all(opId) as {
      at: string;
      method: string | null;
      path: string | null;
      duration_ms: number | null;
      status: number | null;
      code: string | null;
      reason: string | null;
      request_id: string | null;
      message: string;
      outcome: string;
    }[]
  ).map((r) => ({
    at: r.at,
    method: r.method,
    path: r.path,
    durationMs: r.duration_ms,
    status: r.status,
    code: r.code,
    reason: r.reason,
    requestId: r.request_id,
    message: r.message,
    outcome: r.outcome,
  }));
}

export function markDone(db: Db, opId: string, result: unknown): void {
  statement(db, "UPDATE outbox SET state = 'done', outcome_unknown = 0, attention = NULL, result = ?, next_attempt_at = NULL, updated_at = ? WHERE id = ?").run(
    JSON.stringify(result ?? null),
    new Date().toISOString(),
    opId,
  );
}

/** Needs a person; `outcomeUnknown` when the last attempt may have landed (an earlier unknown outcome stays unknown). */
function setAttention(db: Db, opId: string, attention: AttentionShape, outcomeUnknown = false): void {
  statement(
    db,
    "UPDATE outbox SET state = 'attention', attention = ?, outcome_unknown = MAX(outcome_unknown, ?), next_attempt_at = NULL, updated_at = ? WHERE id = ?",
  ).run(JSON.stringify(attention), outcomeUnknown ? 1 : 0, new Date().toISOString(), opId);
}

/** Back to `pending`, due at `nextAttemptAt`; `outcomeUnknown` when the last attempt may have landed. */
export function reschedule(db: Db, opId: string, nextAttemptAt: number | null, outcomeUnknown: boolean): void {
  statement(db, "UPDATE outbox SET state = 'pending', next_attempt_at = ?, outcome_unknown = ?, updated_at = ? WHERE id = ?").run(
    nextAttemptAt,
    outcomeUnknown ? 1 : 0,
    new Date().toISOString(),
    opId,
  );
}

/** A person retries an operation: pending again, due now, its attention cleared (an unknown outcome stays unknown). */
export function retryOp(db: Db, opId: string): void {
  statement(db, "UPDATE outbox SET state = 'pending', next_attempt_at = NULL, attention = NULL, updated_at = ? WHERE id = ?").run(
    new Date().toISOString(),
    opId,
  );
}

/** Replaces a queued operation's payload (a person re-placed its Label); checked as enqueue checks it. */
export function setOpPayload<K extends OperationKind>(db: Db, opId: string, kind: K, payload: OperationPayload<K>): void {
  const parsed = operationPayload(kind).parse(payload);
  statement(db, 'UPDATE outbox SET payload = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(parsed), new Date().toISOString(), opId);
}

/** An operation given up (by a person, or replaced by a newer change): never sent; the row stays for the audit log. */
export function discardOp(db: Db, opId: string): void {
  statement(db, "UPDATE outbox SET state = 'discarded', next_attempt_at = NULL, updated_at = ? WHERE id = ?").run(new Date().toISOString(), opId);
}

/** The Label's latest enrollment that is neither done nor discarded, if any. */
export function openEnrollmentOf(db: Db, labelId: string): { id: string; state: OperationState; outcomeUnknown: boolean } | undefined {
  const row = statement(
    db,
    "SELECT id, state, outcome_unknown FROM outbox WHERE subject = ? AND kind = 'enrollLabel' AND state NOT IN ('done', 'discarded') ORDER BY seq DESC LIMIT 1",
  ).get(labelId) as { id: string; state: OperationState; outcome_unknown: number } | undefined;
  return row ? { id: row.id, state: row.state, outcomeUnknown: row.outcome_unknown === 1 } : undefined;
}

/** Discards the Label's enrollments that need attention (a new enrollment replaces them); returns their ids. */
export function discardEnrollmentsNeedingAttention(db: Db, labelId: string): string[] {
  const ids = (statement(db, "SELECT id FROM outbox WHERE subject = ? AND kind = 'enrollLabel' AND state = 'attention'").all(labelId) as { id: string }[]).map(
    (r) => r.id,
  );
  for (const id of ids) discardOp(db, id);
  return ids;
}

/** A subject's operations in order, as the Label panel's history shows them (readable or not). */
export function historyOf(db: Db, subject: string): { id: string; kind: string; state: string; createdAt: string; captureSha256: string | null }[] {
  return (
    statement(db, 'SELECT id, kind, state, created_at, payload FROM outbox WHERE subject = ? ORDER BY seq').all(subject) as {
      id: string;
      kind: string;
      state: string;
      created_at: string;
      payload: string;
    }[]
  ).map((op) => {
    const sha = (JSON.parse(op.payload) as { captureSha256?: unknown }).captureSha256;
    return { id: op.id, kind: op.kind, state: op.state, createdAt: op.created_at, captureSha256: typeof sha === 'string' ? sha : null };
  });
}

export function getOp(db: Db, opId: string): OutboxOp | undefined {
  const row = statement(db, 'SELECT * FROM outbox WHERE id = ?').get(opId) as Row | undefined;
  return row ? fromRow(db, row) : undefined;
}

/**
 * The queue as a person reads it (docs/sync.md, "What the operator sees"): what needs a person, then what is being
 * sent, then what waits, each oldest first; then what ended (done, discarded), newest first. A bench's history grows
 * for months: oldest first, a list of `limit` would hold only its first operations, never what waits now. Each part
 * is read by the (state, seq) index up to what is left of `limit`. With `state`: that state alone, in its part's order;
 * with `subject`: an operation's history on one subject, oldest first.
 */
export function listOps(db: Db, options: { state?: OperationState; limit?: number; subject?: string } = {}): OutboxOp[] {
  const limit = options.limit ?? 1000;
  if (options.subject !== undefined) {
    const rows = statement(db, 'SELECT * FROM outbox WHERE subject = ? ORDER BY seq LIMIT ?').all(options.subject, limit) as Row[];
    return rows.map((row) => fromRow(db, row));
  }
  const read = (state: OperationState, n: number) =>
    statement(db, `SELECT * FROM outbox WHERE state = ? ORDER BY seq ${ENDED.has(state) ? 'DESC' : 'ASC'} LIMIT ?`).all(state, n) as Row[];
  if (options.state) return read(options.state, limit).map((row) => fromRow(db, row));
  const rows: Row[] = [];
  for (const state of OPEN_ORDER) if (rows.length < limit) rows.push(...read(state, limit - rows.length));
  const left = limit - rows.length;
  if (left > 0) {
    // The two ended states are one history, newest first.
    const ended = [...read('done', left), ...read('discarded', left)].sort((a, b) => b.seq - a.seq);
    rows.push(...ended.slice(0, left));
  }
  return rows.map((row) => fromRow(db, row));
}

/** The parts of the queue's list that wait, in order (listOps). */
const OPEN_ORDER: readonly OperationState[] = ['attention', 'sending', 'pending'];
const ENDED: ReadonlySet<OperationState> = new Set<OperationState>(['done', 'discarded']);

/** Latest unfinished or done operation of a kind for a subject (e.g. a Reel's creation). */
export function latestOpFor(db: Db, subject: string, kind: OperationKind): OutboxOp | undefined {
  const row = statement(db, "SELECT * FROM outbox WHERE subject = ? AND kind = ? AND state <> 'discarded' ORDER BY seq DESC LIMIT 1").get(subject, kind) as
    Row | undefined;
  return row ? fromRow(db, row) : undefined;
}

/** Unfinished operations (pending, sending, attention) on a subject: a later one must wait for them. */
export function openOpsFor(db: Db, subject: string): string[] {
  return (
    statement(db, "SELECT id FROM outbox WHERE subject = ? AND state IN ('pending','sending','attention') ORDER BY seq").all(subject) as { id: string }[]
  ).map((r) => r.id);
}

/**
 * What the sync engine needs of the outbox (docs/sync.md, "Sending"): claim what is ready, know when to look
 * again, and record how each attempt ended, each ending in one transaction with its attempts.
 */
export interface OutboxStore {
  /** Runs `work` in one transaction: what it records is committed (and fsynced) once, when it returns. */
  batch<T>(work: () => T): T;
  claimReady(profileId: string, limit: number, now?: number): OutboxOp[];
  hasUnsent(profileId: string): boolean;
  nextDueAt(profileId: string): number | null;
  flagOrphans(): string[];
  /** Sent (or found landed): the attempts, the local mirror's change (`apply`) and the result. */
  finishDone(opId: string, attempts: readonly AttemptRecordRow[], result: unknown, apply: (db: Db) => void): void;
  /** Back to pending, due at `nextAttemptAt`; `outcomeUnknown` when the last attempt may have landed. */
  finishRetry(opId: string, attempts: readonly AttemptRecordRow[], nextAttemptAt: number, outcomeUnknown: boolean): void;
  /**
   * Needs a person: the operation and, when it names one, its Label show the reason. `outcomeUnknown` when the last
   * attempt may have landed: a person's retry then starts with the landing check.
   */
  finishAttention(opId: string, attempts: readonly AttemptRecordRow[], attention: AttentionShape, labelId: string | null, outcomeUnknown?: boolean): void;
}

export function outboxStore(db: Db): OutboxStore {
  const recordAll = (opId: string, attempts: readonly AttemptRecordRow[]) => {
    for (const attempt of attempts) recordAttempt(db, opId, attempt);
  };
  return {
    batch: (work) => db.transaction(work)(),
    claimReady: (profileId, limit, now) => claimReady(db, profileId, limit, now),
    hasUnsent: (profileId) => hasUnsent(db, profileId),
    nextDueAt: (profileId) => nextDueAt(db, profileId),
    flagOrphans: () => flagOrphans(db),
    finishDone: (opId, attempts, result, apply) =>
      db.transaction(() => {
        recordAll(opId, attempts);
        apply(db);
        markDone(db, opId, result);
      })(),
    finishRetry: (opId, attempts, nextAttemptAt, outcomeUnknown) =>
      db.transaction(() => {
        recordAll(opId, attempts);
        reschedule(db, opId, nextAttemptAt, outcomeUnknown);
      })(),
    finishAttention: (opId, attempts, attention, labelId, outcomeUnknown = false) =>
      db.transaction(() => {
        recordAll(opId, attempts);
        setAttention(db, opId, attention, outcomeUnknown);
        if (labelId)
          updateLabel(db, labelId, {
            state: 'attention',
            attention: {
              reason: attention.reason,
              code: attention.code,
              requestId: attention.requestId,
              ...(attention.detail ? { detail: attention.detail } : {}),
            },
          });
      })(),
  };
}
