import { statement, type Db } from './database';

// The audit log of operator actions (who decided what, e.g. discarding a queued operation).
// Written inside the same transaction as the change it records.

/** What the mirror notes when another bench took one of this bench's Labels off its position (docs/sync.md, "Every bench knows"). */
export const TAKEN_ELSEWHERE = 'label.takenElsewhere';

/** What the audit log says when the operator put the Queue's notices away (queue.noticesSeen). */
export const NOTICES_SEEN = 'queue.noticesSeen';

/** How far back the Queue lists what other benches did to this bench's Labels (docs/sync.md, "Every bench knows"). */
const NOTICE_DAYS = 7;

/** The most notices the Queue lists (and the nav's badge counts). */
export const NOTICE_LIMIT = 100;

export function audit(db: Db, action: string, subject: string | null, detail: Record<string, unknown> = {}): void {
  statement(db, 'INSERT INTO audit_log (at, action, subject, detail) VALUES (?, ?, ?, ?)').run(
    new Date().toISOString(),
    action,
    subject,
    JSON.stringify(detail),
  );
}

export interface AuditEntry {
  at: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

export function readAudit(db: Db, subject?: string): AuditEntry[] {
  const rows = (
    subject === undefined
      ? statement(db, 'SELECT at, action, subject, detail FROM audit_log ORDER BY audit_id').all()
      : statement(db, 'SELECT at, action, subject, detail FROM audit_log WHERE subject = ? ORDER BY audit_id').all(subject)
  ) as { at: string; action: string; subject: string | null; detail: string }[];
  return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
}

/** The entries of one action since `since` (an ISO time; read through the log's index on action and time), newest first. */
export function readAuditAction(db: Db, action: string, since: string, limit: number): AuditEntry[] {
  const rows = statement(db, 'SELECT at, action, subject, detail FROM audit_log WHERE action = ? AND at >= ? ORDER BY at DESC LIMIT ?').all(
    action,
    since,
    limit,
  ) as {
    at: string;
    action: string;
    subject: string | null;
    detail: string;
  }[];
  return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
}

/**
 * The time after which a TAKEN_ELSEWHERE note is news (docs/sync.md, "Every bench knows"): the operator's last
 * `queue.noticesSeen`, at most NOTICE_DAYS back. The Queue's notices and the nav's count both start here.
 */
export function noticesAfter(db: Db, now = Date.now()): string {
  const since = new Date(now - NOTICE_DAYS * 86_400_000).toISOString();
  return readAuditAction(db, NOTICES_SEEN, since, 1)[0]?.at ?? since;
}

/**
 * How many TAKEN_ELSEWHERE notes are news, by the Reel they name (the newest NOTICE_LIMIT, as the Queue lists them):
 * read through the log's index on action and time (migration 19), as the status reads it at every change.
 */
export function unseenTakenElsewhere(db: Db, after: string): Map<string, number> {
  const rows = statement(
    db,
    `SELECT json_extract(detail, '$.reelId') AS reel_id, COUNT(*) AS n
       FROM (SELECT detail FROM audit_log WHERE action = ? AND at > ? ORDER BY at DESC LIMIT ?)
      GROUP BY reel_id`,
  ).all(TAKEN_ELSEWHERE, after, NOTICE_LIMIT) as { reel_id: unknown; n: number }[];
  return new Map(rows.filter((r) => typeof r.reel_id === 'string').map((r) => [r.reel_id as string, r.n]));
}
