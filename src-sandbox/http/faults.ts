import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isKnownErrorCode, type ErrorCode } from '../../src-shared/api/errors';
import type { SandboxDb } from '../store/db';
import { envelopeFor } from './error-handler';
import { SvcError } from './svc-error';

// Test hook: injected error answers (admin API `POST /sandbox/faults`). The station's sync tests need
// 503 and 429 bursts from the real peer. A fault answers the next `count` requests whose path starts
// with `pathPrefix` (and whose method matches, when given) before any route code runs, then disappears.

export interface FaultInput {
  pathPrefix: string;
  status: number;
  code?: string;
  count: number;
  retryAfter?: number;
  method?: string;
}

function defaultFaultCode(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 503) return 'SCAN_BACKEND_UNAVAILABLE';
  return status >= 500 ? 'SERVICE_ERROR' : 'INVALID_REQUEST';
}

export function addFault(db: SandboxDb, input: FaultInput, at: string): string {
  const faultId = randomUUID();
  db.prepare('INSERT INTO faults (fault_id, path_prefix, method, status, code, remaining, retry_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    faultId,
    input.pathPrefix,
    input.method?.toUpperCase() ?? null,
    input.status,
    input.code ?? defaultFaultCode(input.status),
    input.count,
    input.retryAfter ?? null,
    at,
  );
  return faultId;
}

export function clearFaults(db: SandboxDb): void {
  db.prepare('DELETE FROM faults').run();
}

interface FaultRow {
  fault_id: string;
  status: number;
  code: string;
  retry_after: number | null;
}

/** Takes one answer from the oldest matching fault, if any. */
function takeFault(db: SandboxDb, method: string, path: string): FaultRow | undefined {
  return db.transaction(() => {
    const row = db
      .prepare(
        `SELECT fault_id, status, code, retry_after FROM faults
         WHERE remaining > 0 AND substr(?, 1, length(path_prefix)) = path_prefix AND (method IS NULL OR method = ?)
         ORDER BY created_at, rowid LIMIT 1`,
      )
      .get(path, method) as FaultRow | undefined;
    if (!row) return undefined;
    db.prepare('UPDATE faults SET remaining = remaining - 1 WHERE fault_id = ?').run(row.fault_id);
    db.prepare('DELETE FROM faults WHERE remaining <= 0').run();
    return row;
  })();
}

export function faultHook(db: SandboxDb) {
  return async function injectFault(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const path = request.url.split('?')[0] ?? request.url;
    if (path.startsWith('/sandbox/')) return undefined;
    const fault = takeFault(db, request.method, path);
    if (!fault) return undefined;
    const code = isKnownErrorCode(fault.code) ? fault.code : defaultFaultCode(fault.status);
    const error = new SvcError(code, { injected: true }, { status: fault.status, message: 'injected_fault' });
    if (fault.retry_after !== null) reply.header('retry-after', String(fault.retry_after));
    return reply.code(fault.status).header('content-type', 'application/json; charset=utf-8').send(envelopeFor(request, error));
  };
}
