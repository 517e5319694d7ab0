import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TokenResponseSchema } from '../../../src-shared/api/auth';
import { ErrorEnvelopeSchema } from '../../../src-shared/api/errors';
import type { RoutePluginOptions } from '../../deps';
import { SvcError } from '../../http/svc-error';
import { mintToken } from '../../http/tokens';

export interface AuthRouteOptions extends RoutePluginOptions {
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
}

/**
 * Token exchange. spec: Authentication 2 — `GET /api/auth/token` with the key in header `x-api-key`
 * returns `{token, expiresIn, expiresAt}`; "Wrong, revoked or non-Service-Account key gives 401 UNAUTHORIZED".
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { deps, jwtSecret, tokenTtlSeconds }) => {
  const { store } = deps;
  app.get(
    '/token',
    {
      schema: {
        operationId: 'exchangeApiKey',
        summary: 'Exchange a Service Account API key for a bearer token',
        tags: ['Session and discovery'],
        security: [{ apiKey: [] }],
        response: { 200: TokenResponseSchema, '4XX': ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const raw = request.headers['x-api-key'];
      const apiKey = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
      const account = apiKey ? store.accounts.findServiceAccountByKey(apiKey) : undefined;
      if (!account || account.revoked_at !== null) throw new SvcError('UNAUTHORIZED', undefined, { message: 'invalid_api_key' });
      return mintToken(jwtSecret, { serviceAccountId: account.service_account_id, orgId: account.org_id }, tokenTtlSeconds, deps.now());
    },
  );
};
