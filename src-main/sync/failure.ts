import type { StationErrorCode } from '../../src-shared/ipc/station-error';
import { isServiceError } from '../service/errors';
import type { FailureShape } from './classify';

/** The plain shape of any failure a handler threw, for classification and the attempt log. */
export function toFailure(error: unknown): FailureShape {
  if (isServiceError(error)) {
    return {
      kind: error.kind,
      code: error.code,
      status: error.status,
      reason: error.reason,
      requestId: error.requestId,
      message: error.serviceMessage ?? error.message,
      outcomeUnknown: error.outcomeUnknown,
      where: `${error.method} ${error.path}`,
      method: error.method,
      path: error.path,
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    };
  }
  if (error instanceof HandlerAttention) {
    return {
      kind: 'station',
      code: error.code,
      status: null,
      reason: null,
      requestId: error.requestId,
      message: error.message,
      outcomeUnknown: false,
      ...(error.detail ? { detail: error.detail } : {}),
      ...(error.request ? { method: error.request.method, path: error.request.path, where: `${error.request.method} ${error.request.path}` } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'station', code: 'STATION_INTERNAL', status: null, reason: null, requestId: null, message, outcomeUnknown: false };
}

/**
 * A handler's own finding that a person must decide (position taken, missing capture, …). `request`: the request it
 * was about to send when it found it (a capture missing before its upload), for the attempt log. `detail`: the fields
 * a screen says it with in its own language (src-shared/ipc/error-words.ts).
 */
export class HandlerAttention extends Error {
  constructor(
    readonly code: (typeof StationErrorCode)[keyof typeof StationErrorCode],
    message: string,
    readonly requestId: string | null = null,
    readonly actions: ('recapture' | 'retry' | 'discard' | 'reposition')[] = ['retry', 'discard'],
    readonly request?: { method: string; path: string },
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
  }
}
