import { z } from 'zod';
import { TimestampSchema } from './common';
import { TOKEN_REFRESH_MARGIN_SECONDS } from './limits';

// spec: Authentication; Resources, Principal (me) and context — Token response.
// `GET /api/auth/token` with header `x-api-key` returns this.
export const TokenResponseSchema = z.object({
  /** A JWT (three base64url segments). */
  token: z.jwt(),
  /** Seconds remaining; present whenever the JWT has an expiry claim. */
  expiresIn: z.number().nonnegative().optional(),
  /** ISO 8601; present whenever the JWT has an expiry claim. */
  expiresAt: TimestampSchema.optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * When (epoch ms) the token should be re-exchanged: expiry minus the refresh margin.
 * Prefers expiresAt; else receivedAtMs + expiresIn. Null when the token carries no expiry.
 * spec: Authentication 4 — "Read `expiresIn` and `expiresAt` instead of hardcoding ... margin of 60 seconds".
 */
export function tokenRefreshAtMs(
  token: Pick<TokenResponse, 'expiresIn' | 'expiresAt'>,
  receivedAtMs: number,
  marginSeconds: number = TOKEN_REFRESH_MARGIN_SECONDS,
): number | null {
  let expiryMs: number | null = null;
  if (token.expiresAt !== undefined) {
    const parsed = Date.parse(token.expiresAt);
    if (!Number.isNaN(parsed)) expiryMs = parsed;
  }
  if (expiryMs === null && token.expiresIn !== undefined) expiryMs = receivedAtMs + token.expiresIn * 1000;
  return expiryMs === null ? null : expiryMs - marginSeconds * 1000;
}
