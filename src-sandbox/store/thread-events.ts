import { randomUUID } from 'node:crypto';
import { statement, type SandboxDb } from './db';

// spec: Events 1-2 — "Every write to a Thread is recorded as an event; the audit trail starts at
// creation"; a Label bind leaves one event per member identifier, "each event has the Thread, the
// identifier and the Label as targets and all share one operation id".

interface EventTarget {
  kind: 'thread' | 'identifier' | 'label' | 'field' | 'team';
  id: string;
}

export interface NewThreadEvent {
  threadId: string;
  /** e.g. created, updated, data_updated, data_restored, archived, restored, shared, tag_bound, tag_unbound */
  action: string;
  at: string;
  actorId: string | null;
  declaredActor?: string | null;
  teamId?: string | null;
  /** Shared by every event of one logical operation (Label bind: one per member identifier). */
  operationId?: string | null;
  /** The Thread itself is always the first target; list the others here. */
  targets?: EventTarget[];
  detail?: Record<string, unknown>;
}

export function recordThreadEvent(db: SandboxDb, event: NewThreadEvent): string {
  const eventId = randomUUID();
  const targets: EventTarget[] = [{ kind: 'thread', id: event.threadId }, ...(event.targets ?? [])];
  statement(
    db,
    `INSERT INTO thread_events (event_id, thread_id, action, occurred_at, operation_id, actor_id, declared_actor, team_id, targets, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    eventId,
    event.threadId,
    event.action,
    event.at,
    event.operationId ?? null,
    event.actorId,
    event.declaredActor ?? null,
    event.teamId ?? null,
    JSON.stringify(targets),
    event.detail === undefined ? null : JSON.stringify(event.detail),
  );
  return eventId;
}
