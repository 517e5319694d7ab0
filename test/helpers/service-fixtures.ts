import type { ServerResponse } from 'node:http';
import { FEATURE_FLAG_NAMES, type MeResponse } from '../../src-shared/api';
import { IDS } from '../../src-shared/api/examples';
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from '../../src-main/service/client';
import { fakeJwt, sendJson, startLocalService, type LocalService, type LocalServiceOptions, type ReceivedRequest } from './local-service';

export const API_KEY = 'sk_test_7f3a9c1e5b2d4a6f8e0c';

export function meBody(extra: Record<string, unknown> = {}): MeResponse & Record<string, unknown> {
  const flags = Object.fromEntries(FEATURE_FLAG_NAMES.map((n) => [n, true]));
  return {
    userId: 'user_1',
    sessionId: 'session_1',
    email: 'station@example.test',
    activeOrganizationId: IDS.org,
    organizations: [{ id: IDS.org, name: 'Print shop', slug: 'print-shop', roles: ['member'] }],
    ...flags,
    ...extra,
  } as MeResponse & Record<string, unknown>;
}

export interface TokenRouteState {
  exchanges: number;
  /** Seconds of lifetime each token gets. */
  ttlSeconds: number;
  /** Delay before answering, ms. */
  delayMs: number;
  /** Clock used for expiresAt. */
  now: () => number;
}

/** Answers `GET /api/auth/token` like the spec says when the key matches; 401 UNAUTHORIZED otherwise. */
async function answerToken(state: TokenRouteState, req: ReceivedRequest, res: ServerResponse): Promise<void> {
  if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
  if (req.headers['x-api-key'] !== API_KEY) {
    sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'API key refused', status: 401 });
    return;
  }
  state.exchanges += 1;
  sendJson(res, 200, {
    token: fakeJwt(state.exchanges),
    expiresIn: state.ttlSeconds,
    expiresAt: new Date(state.now() + state.ttlSeconds * 1000).toISOString(),
  });
}

export interface Harness {
  service: LocalService;
  token: TokenRouteState;
  client: ServiceClient;
  /** Bearer token number (fakeJwt n) a request carried, or null. */
  tokenNumber(req: ReceivedRequest): number | null;
}

/** A local service whose token route works, other routes answered by `route`, and a client on it. */
export async function harness(
  route: (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>,
  options: Partial<ServiceClientOptions> = {},
  token: Partial<TokenRouteState> = {},
  serviceOptions: LocalServiceOptions = {},
): Promise<Harness> {
  const state: TokenRouteState = { exchanges: 0, ttlSeconds: 900, delayMs: 0, now: Date.now, ...token };
  const service = await startLocalService((req, res) => (req.path === '/api/auth/token' ? answerToken(state, req, res) : route(req, res)), serviceOptions);
  const client = createServiceClient({
    baseUrl: service.baseUrl,
    apiKey: API_KEY,
    orgId: IDS.org,
    teamId: IDS.team,
    retry: { minDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
  return {
    service,
    token: state,
    client,
    tokenNumber(req) {
      const auth = req.headers.authorization;
      if (!auth?.startsWith('Bearer ')) return null;
      const payload = auth.slice('Bearer '.length).split('.')[1] ?? '';
      return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { n: number }).n;
    },
  };
}
