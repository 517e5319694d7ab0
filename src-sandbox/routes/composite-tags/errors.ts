// Turning the Label rules' refusals into the service's error envelope (spec: Errors), with this area's texts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorDetail } from '../../../src-shared/api/errors';
import { LabelRuleError } from '../../domain/labels';
import { errorHandler } from '../../http/error-handler';
import { SvcError } from '../../http/svc-error';
import { labelMessageKey } from './messages';

function params(detail: ErrorDetail | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(detail ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** An SvcError whose message is this area's text for `detail.reason`. */
export function labelError(code: ErrorCode, detail: ErrorDetail): SvcError {
  const key = labelMessageKey(detail.reason);
  return new SvcError(code, detail, key ? { message: key, params: params(detail) } : {});
}

function toSvc(error: LabelRuleError): SvcError {
  const key = labelMessageKey(error.detail?.reason);
  return new SvcError(error.code, error.detail, key ? { message: key, params: params(error.detail) } : {});
}

/** The area's error handler: LabelRuleError → SvcError, then the central handler. */
export function labelsErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return errorHandler(error instanceof LabelRuleError ? toSvc(error) : error, request, reply);
}
