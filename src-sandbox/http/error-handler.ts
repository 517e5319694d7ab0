import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { makeErrorEnvelope, type ErrorCode, type ErrorDetail, type ErrorEnvelope } from '../../src-shared/api/errors';
import { hasMessage, localize, resolveLocale } from './messages';
import { isSvcError, SvcError } from './svc-error';

// The one error handler. spec: Errors — "Every failed request returns one JSON object: code, message,
// status, optional detail"; "Every response carries x-request-id".

type Issue = { path: (string | number)[]; message: string };

function localeOf(request: FastifyRequest): ReturnType<typeof resolveLocale> {
  const raw = request.headers['svc-ctx-locale'];
  return resolveLocale(Array.isArray(raw) ? raw[0] : raw);
}

function validationIssues(error: FastifyError): Issue[] {
  const where = error.validationContext ?? 'request';
  return (error.validation ?? []).map((v) => {
    const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path?.map((p) => (typeof p === 'number' ? p : String(p))) ?? v.instancePath.split('/').filter(Boolean);
    return { path: [where, ...path], message: v.message ?? 'invalid' };
  });
}

/** Maps anything thrown to the SvcError to answer with. */
function toSvcError(error: unknown): SvcError {
  if (isSvcError(error)) return error;
  const e = error as FastifyError;
  if (e && Array.isArray(e.validation)) {
    return new SvcError('INVALID_REQUEST', { reason: 'validation', issues: validationIssues(e) }, { message: 'validation' });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new SvcError('INVALID_REQUEST', { reason: 'validation' }, { message: 'validation' });
  }
  if (isResponseSerializationError(error)) {
    return new SvcError('SERVICE_ERROR', { reason: 'response_schema' });
  }
  // Framework client errors (bad JSON, wrong content type, body too large, ...): a malformed request.
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) return new SvcError('INVALID_REQUEST', { reason: e.code ?? 'malformed_request', error: e.message });
  return new SvcError('UNKNOWN_ERROR');
}

export function envelopeFor(request: FastifyRequest, error: SvcError): ErrorEnvelope {
  const locale = localeOf(request);
  const key = error.messageKey && hasMessage(error.messageKey) ? error.messageKey : error.code;
  const envelope = makeErrorEnvelope(error.code as ErrorCode, localize(locale, key, error.params), error.detail as ErrorDetail | undefined);
  // A fault injected with a status other than the code's own (admin test hook) keeps the HTTP status.
  return { ...envelope, status: error.status };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const svcError = toSvcError(error);
  if (svcError.status >= 500 && !isSvcError(error)) request.log.error({ err: error }, 'unhandled error');
  return reply.code(svcError.status).header('content-type', 'application/json; charset=utf-8').send(envelopeFor(request, svcError));
}
