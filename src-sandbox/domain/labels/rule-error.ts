import type { ErrorCode, ErrorDetail } from '../../../src-shared/api/errors';

/**
 * A Label rule refused a request. `code` is the spec's error code (spec: Errors) and `detail.reason` says which
 * rule, so the HTTP layer turns it into the error envelope unchanged and callers branch on `code`/`reason`.
 */
export class LabelRuleError extends Error {
  override readonly name = 'LabelRuleError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: ErrorDetail,
  ) {
    super(message);
  }
}

export function invalidRequest(reason: string, message: string, detail: ErrorDetail = {}): LabelRuleError {
  return new LabelRuleError('INVALID_REQUEST', message, { reason, ...detail });
}

export function compositeTagConflict(reason: string, message: string, detail: ErrorDetail = {}): LabelRuleError {
  return new LabelRuleError('COMPOSITE_TAG_CONFLICT', message, { reason, ...detail });
}

export function notFound(message: string, detail?: ErrorDetail): LabelRuleError {
  return new LabelRuleError('NOT_FOUND', message, detail);
}
