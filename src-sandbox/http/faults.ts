import type { FastifyReply, FastifyRequest } from 'fastify';
import { isKnownErrorCode, type ErrorCode } from '../../src-shared/api/errors';
import type { SandboxStore } from '../store';
import { envelopeFor } from './error-handler';
import { SvcError } from './svc-error';

// Test hook: injected error answers (admin API `POST /sandbox/faults`). The station's sync tests need
// 503 and 429 bursts from the real peer. A fault answers the next `count` requests whose path starts
// with `pathPrefix` (and whose method matches, when given) before any route code runs, then disappears.

/** The code of an injected fault that names none. */
export function defaultFaultCode(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 503) return 'SCAN_BACKEND_UNAVAILABLE';
  return status >= 500 ? 'SERVICE_ERROR' : 'INVALID_REQUEST';
}

export function faultHook(store: SandboxStore) {
  return async function injectFault(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const path = request.url.split('?')[0] ?? request.url;
    if (path.startsWith('/sandbox/')) return undefined;
    const fault = store.faults.takeFault(request.method, path);
    if (!fault) return undefined;
    const code = isKnownErrorCode(fault.code) ? fault.code : defaultFaultCode(fault.status);
    const error = new SvcError(code, { injected: true }, { status: fault.status, message: 'injected_fault' });
    if (fault.retry_after !== null) reply.header('retry-after', String(fault.retry_after));
    return reply.code(fault.status).header('content-type', 'application/json; charset=utf-8').send(envelopeFor(request, error));
  };
}
