import type { QueueCounts } from '../../src-shared/ipc';
import { statement, type Db } from './database';

export function readQueueCounts(db: Db): QueueCounts {
  const counts: QueueCounts = { pending: 0, sending: 0, done: 0, attention: 0, discarded: 0 };
  const rows = statement(db, 'SELECT state, COUNT(*) AS n FROM outbox GROUP BY state').all() as {
    state: keyof QueueCounts;
    n: number;
  }[];
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}
