import { describe, it, expect } from 'vitest';
import { TokenResponseSchema, tokenRefreshAtMs } from './auth';
import { TOKEN_REFRESH_MARGIN_SECONDS } from './limits';

// header {"alg":"HS256","typ":"JWT"} . payload {"sub":"sa","exp":1785578400} . signature
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzYSIsImV4cCI6MTc4NTU3ODQwMH0.c2lnbmF0dXJl';

describe('token response (spec: Authentication; Principal (me) and context)', () => {
  it('parses token, expiresIn and expiresAt', () => {
    const r = TokenResponseSchema.parse({ token: JWT, expiresIn: 900, expiresAt: '2026-08-01T10:15:00.000Z' });
    expect(r).toEqual({ token: JWT, expiresIn: 900, expiresAt: '2026-08-01T10:15:00.000Z' });
  });

  it('accepts a token without expiry fields (JWT without exp claim) and ignores unknown fields', () => {
    const r = TokenResponseSchema.parse({ token: JWT, tokenType: 'Bearer' });
    expect(r).toEqual({ token: JWT });
  });

  it('rejects a token that is not a JWT, and a non-ISO expiresAt', () => {
    expect(TokenResponseSchema.safeParse({ token: 'not-a-jwt' }).success).toBe(false);
    expect(TokenResponseSchema.safeParse({ token: JWT, expiresAt: 'tomorrow' }).success).toBe(false);
    expect(TokenResponseSchema.safeParse({ token: JWT, expiresIn: -1 }).success).toBe(false);
  });

  it('computes the refresh moment with the 60 s margin', () => {
    expect(TOKEN_REFRESH_MARGIN_SECONDS).toBe(60);
    const at = Date.parse('2026-08-01T10:15:00.000Z');
    expect(tokenRefreshAtMs({ expiresAt: '2026-08-01T10:15:00.000Z', expiresIn: 5 }, 0)).toBe(at - 60_000);
    expect(tokenRefreshAtMs({ expiresIn: 900 }, 1_000_000)).toBe(1_000_000 + 840_000);
    expect(tokenRefreshAtMs({}, 1_000_000)).toBeNull();
    expect(tokenRefreshAtMs({ expiresIn: 900 }, 0, 0)).toBe(900_000);
  });
});
