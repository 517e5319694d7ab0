import {
  HealthResponseSchema,
  MeResponseSchema,
  PATHS,
  TeamsListResponseSchema,
  type HealthResponse,
  type MeResponse,
  type TeamsListResponse,
} from '../../src-shared/api';
import type { CallOptions, Transport } from './transport';

// spec: Endpoints, Session and discovery.

export interface DiscoveryApi {
  /** `GET /api/v1/me`: the principal and its feature flags. */
  me(opts?: CallOptions): Promise<MeResponse>;
  /** `GET /api/v1/teams`: Teams the credential belongs to. */
  teams(query?: { pageSize?: number }, opts?: CallOptions): Promise<TeamsListResponse>;
  /** Health check (path is a gap in the spec; see src-shared/api PATHS.health). */
  health(opts?: CallOptions): Promise<HealthResponse>;
  /** Connectivity probe (SYNC.md, Sending: "a probe (`GET /api/v1/me`) succeeds"); exchanges the key if needed. */
  probe(opts?: CallOptions): Promise<MeResponse>;
}

export function discoveryApi(t: Transport): DiscoveryApi {
  const me = (opts?: CallOptions): Promise<MeResponse> =>
    t.request({ method: 'GET', path: PATHS.me, schema: MeResponseSchema, idempotent: true }, opts);
  return {
    me,
    teams: (query, opts) =>
      t.request({ method: 'GET', path: PATHS.teams, query: { pageSize: query?.pageSize }, schema: TeamsListResponseSchema, idempotent: true }, opts),
    // Unauthenticated; a 503 `{status: error}` is an answer, not a failure.
    health: (opts) =>
      t.request({ method: 'GET', path: PATHS.health, schema: HealthResponseSchema, idempotent: true, anonymous: true, answerStatuses: [503] }, opts),
    probe: me,
  };
}
