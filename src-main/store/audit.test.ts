import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUnitTestStation } from '../../test/helpers/db';
import { audit, NOTICES_SEEN, noticesAfter, readAuditAction, TAKEN_ELSEWHERE, unseenTakenElsewhere } from './audit';
import type { Db } from './database';

// The Queue's notices of Labels taken elsewhere and the nav's count of them (docs/sync.md, "Every bench knows"): one
// rule of what is news (since the operator last put them away), read through the log's index on action and time.

let dir: { path: string; remove(): void };
let db: Db;
beforeEach(() => {
  ({ dir, db } = openUnitTestStation('audit-notices-'));
});
afterEach(() => {
  db.close();
  dir.remove();
});

/** An entry written at a given time (the log's own writer stamps now). */
function entryAt(at: string, action: string, detail: Record<string, unknown>): void {
  audit(db, action, 'label', detail);
  db.prepare('UPDATE audit_log SET at = ? WHERE audit_id = (SELECT MAX(audit_id) FROM audit_log)').run(at);
}

describe('taken-elsewhere notices', () => {
  it('counts the notes after the last time the operator put them away, by Reel; older than a week is no news', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    entryAt(ago(24 * 8), TAKEN_ELSEWHERE, { reelId: 'A' });
    entryAt(ago(30), TAKEN_ELSEWHERE, { reelId: 'A' });
    expect(Object.fromEntries(unseenTakenElsewhere(db, noticesAfter(db, now)))).toEqual({ A: 1 });
    entryAt(ago(20), NOTICES_SEEN, { seen: 1 });
    entryAt(ago(10), TAKEN_ELSEWHERE, { reelId: 'A' });
    entryAt(ago(9), TAKEN_ELSEWHERE, { reelId: 'B' });
    entryAt(ago(8), TAKEN_ELSEWHERE, { reelId: 'B' });
    entryAt(ago(7), 'printData.import', { reelId: 'B' });
    expect(noticesAfter(db, now)).toBe(ago(20));
    expect(Object.fromEntries(unseenTakenElsewhere(db, noticesAfter(db, now)))).toEqual({ A: 1, B: 2 });
    expect(readAuditAction(db, TAKEN_ELSEWHERE, noticesAfter(db, now), 100)).toHaveLength(3);
  });

  it('reads the log through its index on action and time, not every entry of the span', () => {
    const plan = (sql: string, ...params: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
    // The statements of store/audit.ts, as they are written there.
    expect(plan('SELECT at, action, subject, detail FROM audit_log WHERE action = ? AND at >= ? ORDER BY at DESC LIMIT ?', 'x', '', 1)).toMatch(
      /USING INDEX audit_log_action_at \(action=\? AND at>\?\)/,
    );
    expect(
      plan(
        `SELECT json_extract(detail, '$.reelId') AS reel_id, COUNT(*) AS n
           FROM (SELECT detail FROM audit_log WHERE action = ? AND at > ? ORDER BY at DESC LIMIT ?)
          GROUP BY reel_id`,
        'x',
        '',
        1,
      ),
    ).toMatch(/USING INDEX audit_log_action_at \(action=\? AND at>\?\)/);
  });
});
