import { statement, type Db } from './database';

// The audit log of operator actions (who decided what, e.g. discarding a queued operation).
// Written inside the same transaction as the change it records.

/** What the mirror notes when another bench took one of this bench's Labels off its position (docs/sync.md, "Every bench knows"). */
export const TAKEN_ELSEWHERE = 'label.takenElsewhere';

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

/** The entries of one action since `since` (an ISO time; read through the log's index on time), newest first. */
export function readAuditAction(db: Db, action: string, since: string, limit: number): AuditEntry[] {
  const rows = statement(db, 'SELECT at, action, subject, detail FROM audit_log WHERE at >= ? AND action = ? ORDER BY at DESC LIMIT ?').all(
    since,
    action,
    limit,
  ) as {
    at: string;
    action: string;
    subject: string | null;
    detail: string;
  }[];
  return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
}
