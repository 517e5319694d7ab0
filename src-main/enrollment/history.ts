import { readFileSync } from 'node:fs';
import { readAudit, type AuditEntry } from '../store/audit';
import { attemptsOf } from '../store/outbox';
import { requireLabel, type EnrollmentContext } from './context';

// A Label's history for the Label panel (BENCH.md, Reel map): what was done here (audit), what was
// sent (each operation with every attempt, code and request id) and the captures it carried.

export function labelHistory(ctx: EnrollmentContext, labelId: string) {
  const label = requireLabel(ctx, labelId);
  const ops = ctx.db
    .prepare('SELECT id, kind, state, created_at, payload FROM outbox WHERE subject = ? ORDER BY seq')
    .all(label.labelId) as { id: string; kind: string; state: string; created_at: string; payload: string }[];
  const audit: AuditEntry[] = [...readAudit(ctx.db, label.labelId), ...ops.flatMap((op) => readAudit(ctx.db, op.id))].sort((a, b) => a.at.localeCompare(b.at));
  // Every capture the Label carried, a recapture's replaced one included.
  const shas = new Set<string>();
  for (const i of label.identifiers) if (i.captureSha256) shas.add(i.captureSha256);
  for (const op of ops) {
    const sha = (JSON.parse(op.payload) as { captureSha256?: unknown }).captureSha256;
    if (typeof sha === 'string') shas.add(sha);
  }
  const thumb = ctx.db.prepare('SELECT thumbnail_path, created_at FROM captures WHERE sha256 = ?');
  const captures = [...shas].flatMap((sha256) => {
    const row = thumb.get(sha256) as { thumbnail_path: string; created_at: string } | undefined;
    if (!row) return [];
    try {
      return [{ sha256, at: row.created_at, current: sha256 === label.captureSha256, thumbnail: `data:image/jpeg;base64,${readFileSync(row.thumbnail_path).toString('base64')}` }];
    } catch {
      return [];
    }
  });
  return {
    audit: audit.map((a) => ({ at: a.at, action: a.action, detail: a.detail })),
    operations: ops.map((op) => ({ opId: op.id, kind: op.kind, state: op.state, createdAt: op.created_at, attempts: attemptsOf(ctx.db, op.id) })),
    captures,
  };
}
