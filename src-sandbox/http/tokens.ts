import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Bearer tokens. spec: Authentication 2-4 — a JWT lasting about 15 minutes, no refresh token; the token
// response carries expiresIn and expiresAt whenever the JWT has an expiry claim (ours always has).

const ISSUER = 'svc-sandbox';
const AUDIENCE = 'svc-api';

export const DEFAULT_TOKEN_TTL_SECONDS = 900;

export interface TokenClaims {
  serviceAccountId: string;
  orgId: string;
  sessionId: string;
}

export async function mintToken(
  secret: Uint8Array,
  claims: { serviceAccountId: string; orgId: string },
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expiresIn: number; expiresAt: string }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ org: claims.orgId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.serviceAccountId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(secret);
  return { token, expiresIn: ttlSeconds, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a valid, unexpired token signed by this sandbox; null for anything else. */
export async function verifyToken(secret: Uint8Array, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.jti !== 'string') return null;
    return { serviceAccountId: payload.sub, orgId: payload.org, sessionId: payload.jti };
  } catch {
    return null;
  }
}
