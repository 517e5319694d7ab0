import { readFileSync } from 'node:fs';
import { readAudit, type AuditEntry } from '../store/audit';
import { captureThumbnail } from '../store/captures';
import { attemptsOf, historyOf } from '../store/outbox';
import { requireLabel, type ChangeContext } from '../changes/context';

// A Label's history for the Reel map's Label panel: what was done here (audit), what was
// sent (each operation with every attempt, code and request id) and the captures it carried.

export function labelHistory(ctx: ChangeContext, labelId: string) {
  const label = requireLabel(ctx, labelId);
  const ops = historyOf(ctx.db, label.labelId);
  const audit: AuditEntry[] = [...readAudit(ctx.db, label.labelId), ...ops.flatMap((op) => readAudit(ctx.db, op.id))].sort((a, b) => a.at.localeCompare(b.at));
  // Every capture the Label carried, a recapture's replaced one included.
  const shas = new Set<string>();
  for (const i of label.identifiers) if (i.captureSha256) shas.add(i.captureSha256);
  for (const op of ops) if (op.captureSha256) shas.add(op.captureSha256);
  const captures = [...shas].flatMap((sha256) => {
    const row = captureThumbnail(ctx.db, sha256);
    if (!row) return [];
    try {
      return [
        {
          sha256,
          at: row.createdAt,
          current: sha256 === label.captureSha256,
          thumbnail: `data:image/jpeg;base64,${readFileSync(row.thumbnailPath).toString('base64')}`,
        },
      ];
    } catch {
      return [];
    }
  });
  return {
    audit: audit.map((a) => ({ at: a.at, action: a.action, detail: a.detail })),
    operations: ops.map((op) => ({ opId: op.id, kind: op.kind, state: op.state, createdAt: op.createdAt, attempts: attemptsOf(ctx.db, op.id) })),
    captures,
  };
}
