import type { ErrorDetail } from '../../src-shared/api';

// Every failure of the API client is a ServiceError. Callers branch on `code`, `kind` and `outcomeUnknown`,
// never on `message`. spec: Errors — "`code` (string, stable, branch on it; never parse `message`)".

/**
 * - `service`: the service answered with an error envelope (code from the spec).
 * - `auth`: the key was refused at the token exchange, or a 401 survived one re-exchange and one resend.
 * - `network`: no HTTP answer (connection refused, reset, DNS).
 * - `timeout`: no answer within the per-request timeout.
 * - `invalid_response`: an answer that is not what the spec describes (bad JSON, schema mismatch).
 */
export type ServiceErrorKind = 'service' | 'auth' | 'network' | 'timeout' | 'invalid_response';

export interface ServiceErrorInit {
  code: string;
  kind: ServiceErrorKind;
  method: string;
  path: string;
  status: number | null;
  requestId: string | null;
  detail?: ErrorDetail | null;
  serviceMessage?: string | null;
  outcomeUnknown: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: string;
  readonly kind: ServiceErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly requestId: string | null;
  readonly detail: ErrorDetail | null;
  /** The service's localized message (wording may change; show it, never parse it). */
  readonly serviceMessage: string | null;
  /** True when a write may have been applied: the caller must check whether it landed before resending. */
  readonly outcomeUnknown: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(init: ServiceErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.requestId = init.requestId;
    this.detail = init.detail ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
    this.outcomeUnknown = init.outcomeUnknown;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** `detail.reason` when the service gave one (e.g. `count_mismatch`, `label_owned_by_other_team`). */
  get reason(): string | null {
    const reason = this.detail?.['reason'];
    return typeof reason === 'string' ? reason : null;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

// What to do, per code: the second half of every message. spec: Errors, Retry guidance.
const ADVICE: Record<string, string> = {
  NETWORK_ERROR: 'Check the network and the service address; the station retries when it is reachable again.',
  TIMEOUT: 'The service did not answer in time; check the network or raise the timeout.',
  INVALID_RESPONSE: 'The service answered something this station does not understand; check the base URL points at the service and report the request id.',
  UNAUTHORIZED: 'The API key was refused or its token was rejected twice; check that the key is valid and not revoked, then reconnect.',
  FORBIDDEN: 'The service account may not do this in the selected Team; check its Team membership and role.',
  ATTRIBUTION_REQUIRED: 'This organization requires a declared actor for writes; set the declared actor in the connection settings.',
  ORG_ID_REQUIRED: 'Set the organization id in the connection settings.',
  TEAM_ID_REQUIRED: 'Select a Team in the connection settings.',
  INVALID_REQUEST: 'The request was refused as malformed; see the detail.',
  INVALID_DATA: 'The values could not be used; see the detail.',
  NOT_FOUND: 'The record does not exist or is not visible in this organization and Team.',
  NO_DATA_FOUND: 'The record does not exist or is not visible in this organization and Team.',
  RATE_LIMITED: 'The service is rate limiting this station; wait and retry.',
  THREAD_DATA_CONFLICT: 'The Thread changed meanwhile; re-read it, reapply the change and write again.',
  COMPOSITE_TAG_CONFLICT: 'A marking or position is already taken; see detail.reason and the Label it names.',
  IDENTIFIER_ALREADY_BOUND: 'The identifier or its Label is already on another Thread; see detail.compositeTagId.',
  SCAN_SEARCH_INCOMPLETE: 'Some partitions could not be searched; retry, never treat this as not found.',
  SCAN_BACKEND_UNAVAILABLE: 'The scan backend is temporarily unavailable; retry later, the capture is fine.',
  SCAN_ROUTING_UNAVAILABLE: 'The operation is not available for this organization (module not enabled?); ask the organization admin.',
  SCAN_LOW_KEYPOINTS: 'The capture has too little detail; capture the label again.',
  SCAN_NO_KEYPOINTS: 'The capture has too little detail; capture the label again.',
  SCAN_IDENTICAL_SCAN: 'The image is identical to an earlier capture; capture the label again.',
  SCAN_EXTRACTION_FAILURE: 'The capture could not be processed; capture the label again.',
  UNKNOWN_ERROR: 'The service failed; retry later and report the request id if it persists.',
  SERVICE_ERROR: 'The service failed; retry later and report the request id if it persists.',
};

function describe(init: ServiceErrorInit): string {
  const where = `${init.method} ${init.path}`;
  const what =
    init.kind === 'network'
      ? `${where} could not reach the service`
      : init.kind === 'timeout'
        ? `${where} timed out`
        : init.status === null
          ? `${where} failed with ${init.code}`
          : `${where} answered ${init.status} ${init.code}`;
  const cause = init.detail?.['cause'];
  const said = init.serviceMessage ? `: ${init.serviceMessage}` : typeof cause === 'string' ? ` (${cause})` : '';
  const id = init.requestId ? ` (request id ${init.requestId})` : '';
  const unknown = init.outcomeUnknown ? ' The write may have been applied; check whether it landed before resending.' : '';
  const advice = ADVICE[init.code] ?? 'See the code and detail.';
  return `${what}${said}${id}. ${advice}${unknown}`;
}

/** An answer whose body could not be read as the spec describes, said as the transport says it (attempt.ts). */
export function unreadableAnswer(
  method: string,
  path: string,
  requestId: string | null,
  issues: readonly { path: PropertyKey[]; message: string }[],
): ServiceError {
  const listed = issues.slice(0, 10).map((i) => ({ path: i.path.map(String), message: i.message }));
  return new ServiceError({
    code: 'INVALID_RESPONSE',
    kind: 'invalid_response',
    method,
    path,
    status: 200,
    requestId,
    detail: { reason: 'unreadable_answer', issues: listed },
    serviceMessage: `the answer could not be read: ${listed.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ')}`,
    outcomeUnknown: false,
  });
}

/** A read whose answer carried no resource where one must be (e.g. `GET /composite-tags/{id}` without a Label). */
export function emptyAnswer(method: string, path: string, what: string): ServiceError {
  return new ServiceError({
    code: 'INVALID_RESPONSE',
    kind: 'invalid_response',
    method,
    path,
    status: 200,
    requestId: null,
    detail: { issues: [{ path: [what], message: `expected the ${what} in the answer` }] },
    outcomeUnknown: false,
  });
}
