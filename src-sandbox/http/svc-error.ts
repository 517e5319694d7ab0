import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../../src-shared/api/errors';
import type { MessageKey } from './messages';

/**
 * The one error route code throws. The central error handler turns it into the spec's envelope
 * `{code, message, status, detail?}` (spec: Errors) with `message` localized by Svc-Ctx-Locale.
 * `status` equals the code's status in the spec's tables (only injected faults may override it).
 *
 * `message` picks a more specific catalog text than the code's default (see messages.ts); `params`
 * fill its placeholders.
 */
export class SvcError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: ErrorDetail | undefined;
  readonly messageKey: MessageKey | undefined;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, detail?: ErrorDetail, options: { message?: MessageKey; params?: Record<string, string | number>; status?: number } = {}) {
    super(`${code}${options.message ? ` (${options.message})` : ''}`);
    this.name = 'SvcError';
    this.code = code;
    // `status` overrides only for the admin fault hook, which injects e.g. 503 answers on demand.
    this.status = options.status ?? ERROR_STATUS[code];
    this.detail = detail;
    this.messageKey = options.message;
    this.params = options.params ?? {};
  }
}

export function isSvcError(error: unknown): error is SvcError {
  return error instanceof SvcError;
}
