import { HealthResponseSchema, PATHS, type HealthResponse } from '../../src-shared/api';
import { MeAnswerSchema, TeamsAnswerSchema, type MeAnswer, type TeamsAnswer } from './read/discovery';
import type { CallOptions, Transport } from './transport';

// spec: Endpoints, Session and discovery.

export interface DiscoveryApi {
  /** `GET /api/v1/me` (no context headers): the principal and its organizations. */
  me(opts?: CallOptions): Promise<MeAnswer>;
  /** `GET /api/v1/teams`: Teams the credential belongs to. */
  teams(query?: { pageSize?: number }, opts?: CallOptions): Promise<TeamsAnswer>;
  /** Exchanges the API key now: resolves when the service accepts it, throws its error (401 UNAUTHORIZED) when not. */
  checkKey(): Promise<void>;
  /** Health check (path is a gap in the spec; see src-shared/api PATHS.health). */
  health(opts?: CallOptions): Promise<HealthResponse>;
  /** Connectivity probe (docs/sync.md, "Connectivity": online once `GET /api/v1/me` answers); exchanges the key if needed. */
  probe(opts?: CallOptions): Promise<MeAnswer>;
}

export function discoveryApi(t: Transport): DiscoveryApi {
  const me = (opts?: CallOptions): Promise<MeAnswer> =>
    t.request({ method: 'GET', path: PATHS.me, schema: MeAnswerSchema, idempotent: true, noContext: true }, opts);
  return {
    me,
    teams: (query, opts) =>
      t.request({ method: 'GET', path: PATHS.teams, query: { pageSize: query?.pageSize }, schema: TeamsAnswerSchema, idempotent: true }, opts),
    checkKey: () => t.exchangeKey(),
    // Unauthenticated; a 503 `{status: error}` is an answer, not a failure.
    health: (opts) =>
      t.request({ method: 'GET', path: PATHS.health, schema: HealthResponseSchema, idempotent: true, anonymous: true, answerStatuses: [503] }, opts),
    probe: me,
  };
}
