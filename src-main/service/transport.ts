import type { z } from 'zod';
import { API_KEY_HEADER, API_PREFIX, AUTHORIZATION_HEADER, BEARER_PREFIX, CONTEXT_HEADERS, PATHS, UNAUTHORIZED_MAX_RETRIES } from '../../src-shared/api';
import { TokenAnswerSchema } from './read/discovery';
import { performAttempt, type AttemptFailure, type AttemptResult, type FetchLike, type HttpMethod } from './attempt';
import { ServiceError, type ServiceErrorKind } from './errors';
import type { ServiceLogger } from './logger';
import { isOutcomeUnknown, mayResend, resendDelayMs, type RetryConfig } from './retry-policy';
import { createTokenManager, type TokenInfo } from './token-manager';
import { unsentRequests } from './on-the-wire';

// Authenticated requests with the spec's retry table: one module owns the key, the token, the context
// headers and the loop of attempts. spec: Authentication; Endpoints, Context headers; Errors, Retry guidance.
//
// Why not p-retry: p-retry 6 rejects with the *most frequent* error of the run (retry's mainError), not the
// last one, which would report a stale x-request-id; and its delays cannot follow a per-answer Retry-After.
// The loop below is short and keeps both right.

/** One HTTP attempt, for the sync engine's attempt log and its online/offline judgement. */
export interface AttemptRecord {
  method: HttpMethod;
  path: string;
  /** ISO 8601 start of the attempt. */
  at: string;
  durationMs: number;
  /** HTTP status; null when no answer arrived (network, timeout). */
  status: number | null;
  code: string | null;
  reason: string | null;
  requestId: string | null;
  message: string | null;
  /** `station`: the request was not sent for a reason of the station's own (its body could not be built). */
  kind: 'ok' | ServiceErrorKind | 'station';
}

export interface CallOptions {
  /** Cancels the call (e.g. at shutdown); its reason is thrown unchanged. */
  signal?: AbortSignal;
  /** Per-attempt timeout for this call, overriding the client's. */
  timeoutMs?: number;
  /** Called after every HTTP attempt of this call, and for a request of it that was never sent (reason `not_sent`: its token could not be had). */
  onAttempt?: (attempt: AttemptRecord) => void;
}

export type QueryValue = string | number | boolean | null | undefined;

interface RequestSpec<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body; a builder because a sent FormData cannot be reused for a resend. */
  form?: () => FormData;
  schema: z.ZodType<T>;
  /** True when sending twice has the same effect as once (reads, and read-only POSTs). */
  idempotent: boolean;
  /** Sent without a token (health). */
  anonymous?: boolean;
  /** Non-2xx statuses whose body is an answer in `schema` (health's 503 `{status: error}`). */
  answerStatuses?: readonly number[];
  /** Sent without context headers (spec: `GET /api/v1/me` — "no context headers needed"). */
  noContext?: boolean;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /** Absent only for discovery (what a key may act as): then no context headers are sent. */
  orgId?: string;
  teamId?: string;
  locale?: string;
  declaredActor?: string;
  timeoutMs: number;
  fetch: FetchLike;
  now: () => number;
  random: () => number;
  retry: RetryConfig;
  logger: ServiceLogger;
  onAttempt?: (attempt: AttemptRecord) => void;
}

export interface Transport {
  request<T>(spec: RequestSpec<T>, opts?: CallOptions): Promise<T>;
  /** Exchanges the API key now (connect checks a key with it); a refused key throws the service's error. */
  exchangeKey(): Promise<void>;
  tokenInfo(): TokenInfo | null;
  /** Resolves once every request asked is written to its connection (src-main/service/on-the-wire.ts). */
  onTheWire(): Promise<void>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A typed query object as the transport's flat query (its values are strings, numbers and booleans). */
export function asQuery(query: object | undefined): Record<string, QueryValue> {
  return (query ?? {}) as Record<string, QueryValue>;
}

/** The kind of a request that was not sent: its token exchange's failure, or the station's own. */
function notSentKind(error: unknown): AttemptRecord['kind'] {
  return error instanceof ServiceError ? error.kind : 'station';
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { logger, retry } = options;
  const unsent = unsentRequests();

  // spec: Endpoints, Context headers. Sent on /api/v1 calls only; the token exchange carries the key alone.
  const contextHeaders: Record<string, string> = options.orgId ? { [CONTEXT_HEADERS.orgId]: options.orgId } : {};
  if (options.teamId) contextHeaders[CONTEXT_HEADERS.teamId] = options.teamId;
  if (options.locale) contextHeaders[CONTEXT_HEADERS.locale] = options.locale;
  if (options.declaredActor) contextHeaders[CONTEXT_HEADERS.declaredActor] = options.declaredActor;

  function attemptOf(
    spec: { method: HttpMethod; path: string },
    startedAt: number,
    kind: AttemptRecord['kind'],
    fields: Partial<AttemptRecord>,
  ): AttemptRecord {
    return {
      method: spec.method,
      path: spec.path,
      at: new Date(startedAt).toISOString(),
      durationMs: Date.now() - startedAt,
      status: null,
      code: null,
      reason: null,
      requestId: null,
      message: null,
      kind,
      ...fields,
    };
  }

  function record(
    spec: { method: HttpMethod; path: string },
    startedAt: number,
    outcome: AttemptRecord['kind'],
    fields: Partial<AttemptRecord>,
    opts?: CallOptions,
  ): void {
    const attempt = attemptOf(spec, startedAt, outcome, fields);
    if (outcome === 'ok') logger.debug({ ...attempt }, 'service request');
    else logger.warn({ ...attempt }, 'service request failed');
    options.onAttempt?.(attempt);
    opts?.onAttempt?.(attempt);
  }

  function failureFields(f: AttemptFailure): Partial<AttemptRecord> {
    const reason = f.detail?.['reason'];
    return {
      status: f.status,
      code: f.code,
      reason: typeof reason === 'string' ? reason : null,
      requestId: f.requestId,
      message: f.serviceMessage ?? (typeof f.detail?.['cause'] === 'string' ? f.detail['cause'] : null),
    };
  }

  /** Why a request was not sent, in words: the token exchange's failure names its own request and answer. */
  function notSentFields(error: unknown): Partial<AttemptRecord> {
    if (error instanceof ServiceError) {
      const cause = error.serviceMessage ?? (typeof error.detail?.['cause'] === 'string' ? error.detail['cause'] : null) ?? error.code;
      const answer = error.status === null ? 'no answer' : `HTTP ${error.status}`;
      return {
        code: error.code,
        reason: 'not_sent',
        requestId: error.requestId,
        message: `not sent: ${error.path === PATHS.token ? 'the station could not get a token from the service' : 'it could not be prepared'} (${error.method} ${error.path}: ${answer}, ${cause})`,
      };
    }
    return { code: 'STATION_INTERNAL', reason: 'not_sent', message: `not sent: ${error instanceof Error ? error.message : String(error)}` };
  }

  /** Attempts with retries; `authorize` adds the credential headers for each attempt. */
  async function run<T>(
    spec: RequestSpec<T>,
    authorize: () => Promise<Record<string, string>>,
    onUnauthorized: () => 'resend' | 'fail',
    opts: CallOptions | undefined,
  ): Promise<T> {
    const fullPath = spec.path + queryString(spec.query);
    const isApi = spec.path.startsWith(`${API_PREFIX}/`);
    let retryIndex = 0;
    for (;;) {
      let startedAt = Date.now();
      let headers: Record<string, string>;
      let body: string | FormData | undefined;
      // Not on the wire from its call (a token to get first, a connection to make) until written, or its attempt ended.
      const written = unsent.begin();
      try {
        headers = { accept: 'application/json', ...(isApi && !spec.noContext ? contextHeaders : {}), ...(await authorize()) };
        if (spec.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(spec.json);
        } else if (spec.form) {
          body = spec.form();
        }
      } catch (error) {
        // The request was never sent (its token could not be had, its body not built): it is still an attempt of
        // this call, with its own method and path and why it was not sent (docs/sync.md, "The queue").
        // The client-wide observer and the log already saw the exchange's own HTTP attempt: this one is the call's.
        if (!opts?.signal?.aborted) {
          const attempt = attemptOf({ method: spec.method, path: fullPath }, startedAt, notSentKind(error), notSentFields(error));
          logger.debug({ ...attempt }, 'service request not sent');
          opts?.onAttempt?.(attempt);
        }
        written();
        throw error;
      }
      startedAt = Date.now();
      let result: AttemptResult<T>;
      try {
        result = await performAttempt(
          { method: spec.method, path: fullPath, url: baseUrl + fullPath, headers, body, schema: spec.schema, answerStatuses: spec.answerStatuses },
          { fetch: options.fetch, timeoutMs: opts?.timeoutMs ?? options.timeoutMs, now: options.now, signal: opts?.signal, onWritten: written },
        );
      } finally {
        written();
      }
      if (result.ok) {
        record({ method: spec.method, path: fullPath }, startedAt, 'ok', { status: result.status, requestId: result.requestId }, opts);
        return result.value;
      }
      const failure = result.failure;
      const unauthorized = failure.status === 401;
      const kind: ServiceErrorKind = unauthorized ? 'auth' : failure.kind;
      record({ method: spec.method, path: fullPath }, startedAt, kind, failureFields(failure), opts);

      if (unauthorized) {
        if (onUnauthorized() === 'resend') continue;
        throw new ServiceError({ ...failure, code: failure.kind === 'service' ? failure.code : 'UNAUTHORIZED', kind: 'auth', outcomeUnknown: false });
      }
      if (retryIndex < retry.retries && mayResend(failure, spec.idempotent, retry)) {
        await sleep(resendDelayMs(retryIndex, retry, failure.retryAfterMs, options.random), opts?.signal);
        retryIndex += 1;
        continue;
      }
      throw new ServiceError({ ...failure, outcomeUnknown: isOutcomeUnknown(failure, spec.idempotent) });
    }
  }

  // The key goes only to the token exchange (spec: Authentication 1-2); a refused key is an auth failure.
  const tokens = createTokenManager({
    now: options.now,
    exchange: () =>
      run(
        { method: 'GET', path: PATHS.token, schema: TokenAnswerSchema, idempotent: true },
        () => Promise.resolve({ [API_KEY_HEADER]: options.apiKey }),
        () => 'fail',
        undefined,
      ),
  });

  return {
    request(spec, opts) {
      if (spec.anonymous)
        return run(
          spec,
          () => Promise.resolve({}),
          () => 'fail',
          opts,
        );
      let reexchanges = 0;
      let lastToken = '';
      return run(
        spec,
        async () => {
          lastToken = await tokens.get();
          return { [AUTHORIZATION_HEADER]: BEARER_PREFIX + lastToken };
        },
        // spec: Authentication 4 — "refresh and retry once, not in a loop".
        // A refused token is dropped either way, so the next call starts with a fresh exchange.
        () => {
          tokens.invalidate(lastToken);
          if (reexchanges >= UNAUTHORIZED_MAX_RETRIES) return 'fail';
          reexchanges += 1;
          return 'resend';
        },
        opts,
      );
    },
    tokenInfo: () => tokens.info(),
    onTheWire: () => unsent.onTheWire(),
    async exchangeKey() {
      await tokens.get();
    },
  };
}
