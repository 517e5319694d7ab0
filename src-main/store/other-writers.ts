import { statement, type Db } from './database';

// What other processes on the data folder wrote (docs/sync.md, "Work queued by other processes"): SQLite's
// `data_version` changes on this connection when another connection commits to the database, and never for this
// connection's own commits, so reading it is a cheap poll (no file is read when nothing changed).

/** This connection's view of the database's version: it moves only when another connection committed. */
export function dataVersion(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number;
}

/** The newest outbox row's sequence number (0 when the queue is empty). */
export function lastOutboxSeq(db: Db): number {
  const row = statement(db, 'SELECT MAX(seq) AS seq FROM outbox').get() as { seq: number | null };
  return row.seq ?? 0;
}

/** The Labels of the operations queued after `seq`, per Reel, and the newest sequence number seen. */
export function labelsQueuedSince(db: Db, seq: number): { seq: number; byReel: Map<string, string[]> } {
  const rows = statement(
    db,
    'SELECT o.seq AS seq, l.label_id AS labelId, l.reel_id AS reelId FROM outbox o LEFT JOIN labels l ON l.label_id = o.subject WHERE o.seq > ? ORDER BY o.seq',
  ).all(seq) as { seq: number; labelId: string | null; reelId: string | null }[];
  const byReel = new Map<string, string[]>();
  let last = seq;
  for (const row of rows) {
    last = row.seq;
    if (!row.labelId || !row.reelId) continue;
    const ids = byReel.get(row.reelId) ?? [];
    if (!ids.includes(row.labelId)) ids.push(row.labelId);
    byReel.set(row.reelId, ids);
  }
  return { seq: last, byReel };
}
