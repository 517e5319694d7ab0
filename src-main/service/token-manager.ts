import { TOKEN_REFRESH_MARGIN_SECONDS, type TokenResponse } from '../../src-shared/api';

// spec: Authentication 4 — "Tokens last about 15 minutes; there is no refresh token. Read `expiresIn` and
// `expiresAt` instead of hardcoding. Re-exchange the key when it expires (margin of 60 seconds suggested)."
// Cache the token; refresh when less than 60 s remain (docs/sync.md, "Tokens").

export interface TokenManagerOptions {
  /** One exchange of the API key at `GET /api/auth/token` (the caller owns the key and the retries). */
  exchange: () => Promise<TokenResponse>;
  /** Clock in epoch ms. */
  now: () => number;
}

export interface TokenInfo {
  /** ISO 8601 expiry of the cached token. */
  expiresAt: string;
}

export interface TokenManager {
  /** A token with more than the refresh margin left; exchanges the key when needed (one exchange shared by all callers). */
  get(): Promise<string>;
  /** Drop `token` after the service refused it with 401, unless a newer token already replaced it. */
  invalidate(token: string): void;
  /** The cached token's expiry, or null when there is none (or it carries no expiry claim). */
  info(): TokenInfo | null;
}

interface Cached {
  token: string;
  /** When to re-exchange; null when the token carries no expiry (kept until a 401). */
  refreshAtMs: number | null;
  expiresAt: string | null;
}

/**
 * When to re-exchange a token received at `receivedAtMs`. expiresIn counts from our own clock, so it is
 * preferred over expiresAt (which is on the service's clock; a skewed station clock would misjudge it).
 * The margin is 60 s, but at most half the token's lifetime, so that a short-lived token (a sandbox started
 * with a 3 s TTL) is still reused across calls instead of being re-exchanged for every request.
 */
export function refreshAtMs(token: Pick<TokenResponse, 'expiresIn' | 'expiresAt'>, receivedAtMs: number): number | null {
  let expiryMs: number | null = null;
  if (token.expiresIn !== undefined) expiryMs = receivedAtMs + token.expiresIn * 1000;
  else if (token.expiresAt !== undefined) {
    const parsed = Date.parse(token.expiresAt);
    if (!Number.isNaN(parsed)) expiryMs = parsed;
  }
  if (expiryMs === null) return null;
  const lifetimeMs = Math.max(0, expiryMs - receivedAtMs);
  const marginMs = Math.min(TOKEN_REFRESH_MARGIN_SECONDS * 1000, lifetimeMs / 2);
  return expiryMs - marginMs;
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  let cached: Cached | null = null;
  let inflight: Promise<string> | null = null;

  function fresh(c: Cached | null): c is Cached {
    return c !== null && (c.refreshAtMs === null || options.now() < c.refreshAtMs);
  }

  async function exchange(): Promise<string> {
    const startedAtMs = options.now();
    const answer = await options.exchange();
    const refreshAt = refreshAtMs(answer, startedAtMs);
    const expiresAt = answer.expiresAt ?? (answer.expiresIn !== undefined ? new Date(startedAtMs + answer.expiresIn * 1000).toISOString() : null);
    cached = { token: answer.token, refreshAtMs: refreshAt, expiresAt };
    return answer.token;
  }

  return {
    get() {
      if (fresh(cached)) return Promise.resolve(cached.token);
      inflight ??= exchange().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
    info() {
      return cached?.expiresAt ? { expiresAt: cached.expiresAt } : null;
    },
  };
}
