import { z } from 'zod';

// spec: Errors — "Every failed request returns one JSON object: `code` …, `message` …, `status` …, optional `detail`".
// The station reads it whatever its JSON content type (`application/json`, `application/problem+json`), needs
// only `code`, and reads a body that is no envelope at all (a proxy's HTML page, an empty 503) by its HTTP status.

const ErrorBodySchema = z.object({
  code: z.string().min(1),
  message: z.string().nullish(),
  detail: z.unknown().optional(),
});

export interface ErrorBody {
  code: string;
  /** The service's message; null when it sent none, or when the body was no envelope. */
  message: string | null;
  detail: Record<string, unknown> | null;
  /** False when the body was no error envelope and the code comes from the HTTP status. */
  envelope: boolean;
}

/** The spec's code a bare HTTP status stands for, so the retry table still applies. */
function codeForStatus(status: number): string {
  if (status === 400) return 'INVALID_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVICE_ERROR';
  return `HTTP_${status}`;
}

export function readErrorBody(json: unknown, status: number): ErrorBody {
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return { code: codeForStatus(status), message: null, detail: null, envelope: false };
  const { code, message, detail } = parsed.data;
  const isObject = typeof detail === 'object' && detail !== null && !Array.isArray(detail);
  return { code, message: message ?? null, detail: isObject ? (detail as Record<string, unknown>) : null, envelope: true };
}
