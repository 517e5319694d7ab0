// Injected error answers (the admin test hook `POST /sandbox/faults`, http/faults.ts): the `faults` table.
import { randomUUID } from 'node:crypto';
import { statement, type SandboxDb } from './db';
import type { FaultRow } from './rows';

export interface FaultInput {
  pathPrefix: string;
  status: number;
  code?: string;
  count: number;
  retryAfter?: number;
  method?: string;
}

export function addFault(db: SandboxDb, input: FaultInput & { code: string }, at: string): string {
  const faultId = randomUUID();
  statement(db, 'INSERT INTO faults (fault_id, path_prefix, method, status, code, remaining, retry_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    faultId,
    input.pathPrefix,
    input.method?.toUpperCase() ?? null,
    input.status,
    input.code,
    input.count,
    input.retryAfter ?? null,
    at,
  );
  return faultId;
}

export function clearFaults(db: SandboxDb): void {
  statement(db, 'DELETE FROM faults').run();
}

/** Takes one answer from the oldest matching fault, if any. */
export function takeFault(db: SandboxDb, method: string, path: string): Pick<FaultRow, 'fault_id' | 'status' | 'code' | 'retry_after'> | undefined {
  return db.transaction(() => {
    const row = statement(
      db,
      `SELECT fault_id, status, code, retry_after FROM faults
         WHERE remaining > 0 AND substr(?, 1, length(path_prefix)) = path_prefix AND (method IS NULL OR method = ?)
         ORDER BY created_at, rowid LIMIT 1`,
    ).get(path, method) as Pick<FaultRow, 'fault_id' | 'status' | 'code' | 'retry_after'> | undefined;
    if (!row) return undefined;
    statement(db, 'UPDATE faults SET remaining = remaining - 1 WHERE fault_id = ?').run(row.fault_id);
    statement(db, 'DELETE FROM faults WHERE remaining <= 0').run();
    return row;
  })();
}
