import type { LabelState } from '../../src-shared/domain/label';
import { TAKEN_ELSEWHERE } from './audit';
import { statement, type Db } from './database';

// Reads of the Reel report, the shift summary and the quality check's lot: Labels by state, the audit log by Reel
// and by time (indexed by migration 4), and the queued operations a report names.

/** The quality check's lot: positions of the Reel's Labels the service holds (enrolled or bound), ascending. */
export function lotPositions(db: Db, reelId: string): number[] {
  return (
    statement(db, "SELECT position FROM labels WHERE reel_id = ? AND state IN ('enrolled','bound') AND service_id IS NOT NULL ORDER BY position").all(
      reelId,
    ) as { position: number }[]
  ).map((r) => r.position);
}

/** Labels of the Reel still on their way to the service (queued) or refused by it (attention). */
export function countNotOnService(db: Db, reelId: string): number {
  return (statement(db, "SELECT COUNT(*) AS n FROM labels WHERE reel_id = ? AND state IN ('queued','attention')").get(reelId) as { n: number }).n;
}

/** When each Label of the Reel was saved (audit `label.enroll`), oldest first, as epoch milliseconds. */
export function enrollTimes(db: Db, reelId: string): number[] {
  const rows = statement(db, "SELECT at FROM audit_log WHERE json_extract(detail, '$.reelId') = ? AND action = 'label.enroll' ORDER BY at")
    .raw(true)
    .all(reelId) as [string][];
  return rows.map((r) => Date.parse(r[0]));
}

export interface AttentionRow {
  position: number;
  code: string;
  reason: string;
  requestId: string | null;
}

/** The Reel's Labels needing attention, with the service's (or the station's) code and reason. */
export function attentionLabels(db: Db, reelId: string): AttentionRow[] {
  return statement(
    db,
    `SELECT position, json_extract(attention, '$.code') AS code, json_extract(attention, '$.reason') AS reason, json_extract(attention, '$.requestId') AS requestId
     FROM labels WHERE reel_id = ? AND attention IS NOT NULL ORDER BY position`,
  ).all(reelId) as AttentionRow[];
}

export interface TakeBackRow {
  at: string;
  action: 'label.skip' | 'label.void' | 'label.undo';
  position: number;
}

/** Gaps left (skip) and Labels taken back (void, undo) on the Reel, oldest first. */
export function takeBacks(db: Db, reelId: string): TakeBackRow[] {
  return statement(
    db,
    `SELECT at, action, json_extract(detail, '$.position') AS position FROM audit_log
     WHERE json_extract(detail, '$.reelId') = ? AND action IN ('label.skip','label.void','label.undo') ORDER BY at, audit_id`,
  ).all(reelId) as TakeBackRow[];
}

export interface ReelOpRow {
  id: string;
  kind: 'bulkBind' | 'activateReel';
  state: string;
  payload: string;
  attention: string | null;
  result: string | null;
  createdAt: string;
}

/** The Reel's bulk-binds and Reel activations as queued (payload, state, the service's answer once done). */
export function reelBindOps(db: Db, reelId: string): ReelOpRow[] {
  return statement(
    db,
    `SELECT id, kind, state, payload, attention, result, created_at AS createdAt FROM outbox
     WHERE kind IN ('bulkBind','activateReel') AND subject = ? ORDER BY seq`,
  ).all(reelId) as ReelOpRow[];
}

export interface DaySave {
  at: string;
  labelId: string;
  reelId: string;
}

/** Label saves between two instants (ISO, `from` included), oldest first. */
export function savesBetween(db: Db, from: string, to: string): DaySave[] {
  return statement(
    db,
    "SELECT at, subject AS labelId, json_extract(detail, '$.reelId') AS reelId FROM audit_log WHERE at >= ? AND at < ? AND action = 'label.enroll' ORDER BY at",
  ).all(from, to) as DaySave[];
}

/** Labels taken back (void, undo) between two instants. */
export function takeBacksBetween(db: Db, from: string, to: string): { labelId: string; reelId: string }[] {
  return statement(
    db,
    "SELECT subject AS labelId, json_extract(detail, '$.reelId') AS reelId FROM audit_log WHERE at >= ? AND at < ? AND action IN ('label.void','label.undo')",
  ).all(from, to) as { labelId: string; reelId: string }[];
}

/** Bench problems (`bench.<kind>`), gaps (`label.skip`) and take-backs between two instants, with their Reel. */
export function benchEventsBetween(db: Db, from: string, to: string): { action: string; reelId: string }[] {
  return statement(
    db,
    "SELECT action, json_extract(detail, '$.reelId') AS reelId FROM audit_log WHERE at >= ? AND at < ? AND (action LIKE 'bench.%' OR action IN ('label.skip','label.void','label.undo'))",
  ).all(from, to) as { action: string; reelId: string }[];
}

/**
 * Enrollments queued between two instants that the service refused, read from what was recorded: an attempt that
 * ended in attention (or the operation's attention now). A refusal stays counted after it was re-placed, settled or
 * discarded (src-main/reports/README.md).
 */
export function refusedEnrollmentsBetween(db: Db, from: string, to: string): { labelId: string }[] {
  return statement(
    db,
    `SELECT DISTINCT subject AS labelId FROM outbox o WHERE kind = 'enrollLabel' AND created_at >= ? AND created_at < ?
       AND (attention IS NOT NULL OR EXISTS (SELECT 1 FROM outbox_attempts a WHERE a.op_id = o.id AND a.outcome = 'attention'))`,
  ).all(from, to) as { labelId: string }[];
}

/** Per Reel: how many Labels are still to enroll or send (expected, queued, attention) and when it was last saved. */
export function reelProgress(db: Db, reelIds: readonly string[]): Map<string, { open: number; lastAt: string | null }> {
  const out = new Map<string, { open: number; lastAt: string | null }>();
  for (const reelId of reelIds) {
    const open = (
      statement(db, "SELECT COUNT(*) AS n FROM labels WHERE reel_id = ? AND state IN ('expected','queued','attention')").get(reelId) as { n: number }
    ).n;
    const last = statement(db, "SELECT MAX(at) AS at FROM audit_log WHERE json_extract(detail, '$.reelId') = ? AND action = 'label.enroll'").get(reelId) as {
      at: string | null;
    };
    out.set(reelId, { open, lastAt: last.at });
  }
  return out;
}

/** Positions by state (every row, gaps and expected ones included). */
export function countByState(db: Db, reelId: string): Partial<Record<LabelState, number>> {
  const out: Partial<Record<LabelState, number>> = {};
  for (const row of statement(db, 'SELECT state, COUNT(*) AS n FROM labels WHERE reel_id = ? GROUP BY state').all(reelId) as { state: LabelState; n: number }[])
    out[row.state] = row.n;
  return out;
}

/** Labels of the Reel that another bench or app enrolled, as the mirror last read them (docs/sync.md, "Benches sharing a Reel"). */
/** This bench's Labels of the Reel other benches took off their positions (moved or set aside: TAKEN_ELSEWHERE). */
export function countTakenElsewhere(db: Db, reelId: string): number {
  return (
    statement(db, "SELECT COUNT(*) AS n FROM audit_log WHERE json_extract(detail, '$.reelId') = ? AND action = ?").get(reelId, TAKEN_ELSEWHERE) as { n: number }
  ).n;
}

export function countEnrolledElsewhere(db: Db, reelId: string): number {
  return (statement(db, "SELECT COUNT(*) AS n FROM labels WHERE reel_id = ? AND origin = 'elsewhere'").get(reelId) as { n: number }).n;
}
