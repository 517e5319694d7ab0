import type { z } from 'zod';
import { REQUEST_ID_HEADER } from '../../src-shared/api';
import { readErrorBody } from './read/errors';
import type { ServiceErrorInit } from './errors';
import { parseRetryAfter } from '../../src-shared/domain/retry';
import { failedBeforeConnect } from './retry-policy';
import { sendNoting } from './on-the-wire';

// One HTTP attempt: send, wait at most the timeout (body included), read x-request-id, parse the body.
// Never throws for HTTP or network failures: it describes them so the transport can apply the retry table.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface AttemptRequest<T> {
  method: HttpMethod;
  /** Path with query string, relative to the base URL. */
  path: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  schema: z.ZodType<T>;
  /** Non-2xx statuses whose body is an answer in `schema` rather than an error envelope (health's 503). */
  answerStatuses?: readonly number[];
}

export type AttemptFailure = Omit<ServiceErrorInit, 'outcomeUnknown'> & { connected: boolean };

export type AttemptResult<T> = { ok: true; value: T; status: number; requestId: string | null } | { ok: false; failure: AttemptFailure };

export interface AttemptEnv {
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
  signal?: AbortSignal;
  /** Called once the request is written to its connection (src-main/service/on-the-wire.ts). */
  onWritten?: () => void;
}

const MAX_ISSUES = 10;

function innermostMessage(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const inner = (e as { cause?: unknown } | null)?.cause;
    if (!(inner instanceof Error)) break;
    e = inner;
  }
  return e instanceof Error ? e.message || e.name : String(e);
}

export async function performAttempt<T>(req: AttemptRequest<T>, env: AttemptEnv): Promise<AttemptResult<T>> {
  const where = { method: req.method, path: req.path };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('timeout')), env.timeoutMs);
  const signal = env.signal ? AbortSignal.any([env.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  let text: string;
  try {
    const init = { method: req.method, headers: req.headers, body: req.body, signal };
    response = await (env.onWritten ? sendNoting(() => env.fetch(req.url, init), env.onWritten) : env.fetch(req.url, init));
    text = await response.text();
  } catch (cause) {
    // The caller's own abort (shutdown) is not a service failure: hand its reason back unchanged.
    if (env.signal?.aborted) throw env.signal.reason;
    if (timeout.signal.aborted) {
      const detail = { reason: 'timeout', timeoutMs: env.timeoutMs };
      return { ok: false, failure: { ...where, code: 'TIMEOUT', kind: 'timeout', status: null, requestId: null, detail, connected: true, cause } };
    }
    const connected = !failedBeforeConnect(cause);
    // Keep the innermost cause ("connect ECONNREFUSED 127.0.0.1:4010", "other side closed"): that is what IT needs.
    const detail = { reason: connected ? 'connection_lost' : 'connect_failed', cause: innermostMessage(cause) };
    return { ok: false, failure: { ...where, code: 'NETWORK_ERROR', kind: 'network', status: null, requestId: null, detail, connected, cause } };
  } finally {
    clearTimeout(timer);
  }

  const status = response.status;
  // spec: Endpoints — "Every response carries `x-request-id`."
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  let json: unknown;
  let jsonOk = true;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    jsonOk = false;
  }

  if ((status >= 200 && status < 300) || req.answerStatuses?.includes(status)) {
    const parsed = jsonOk ? req.schema.safeParse(json) : null;
    if (parsed?.success) return { ok: true, value: parsed.data, status, requestId };
    const issues = parsed ? parsed.error.issues.slice(0, MAX_ISSUES).map((i) => ({ path: i.path.map(String), message: i.message })) : [];
    // What could not be read, by field and path, for the attention reason and the log.
    const unread = issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
    return {
      ok: false,
      failure: {
        ...where,
        code: 'INVALID_RESPONSE',
        kind: 'invalid_response',
        status,
        requestId,
        detail: jsonOk ? { reason: 'unreadable_answer', issues } : { reason: 'body_not_json', contentType: response.headers.get('content-type') },
        serviceMessage: jsonOk
          ? `the answer could not be read: ${unread}`
          : `the answer is not JSON (${response.headers.get('content-type') ?? 'no content type'})`,
        connected: true,
      },
    };
  }

  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), env.now()) : undefined;
  // Read whatever the JSON content type; a body that is no envelope is read by its status (a 502 page, an empty 429).
  const body = readErrorBody(jsonOk ? json : undefined, status);
  const detail = body.envelope
    ? body.detail
    : { reason: jsonOk ? 'not_an_error_envelope' : 'body_not_json', contentType: response.headers.get('content-type') };
  return {
    ok: false,
    failure: {
      ...where,
      code: body.code,
      kind: 'service',
      status,
      requestId,
      detail,
      serviceMessage: body.message,
      connected: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
  };
}
