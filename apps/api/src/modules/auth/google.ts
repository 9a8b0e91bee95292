/**
 * Google ID token verification (DESIGN §4): signature against Google's published keys, issuer, audience
 * GOOGLE_CLIENT_ID, expiry, and a verified e-mail. The key source is a dependency (`app.deps.googleKeys`)
 * so tests sign tokens with a local key pair; production fetches and caches Google's JWKS.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { MESSAGES } from '@manzil/shared';
import { HttpError } from '../../lib/errors.js';

declare module '../../lib/deps.js' {
  interface Deps {
    /** Google's signing keys; tests pass a local key set through buildApp's `overrides`. */
    googleKeys?: JWTVerifyGetKey;
  }
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

let remote: JWTVerifyGetKey | null = null;
export function googleKeySource(injected?: JWTVerifyGetKey): JWTVerifyGetKey {
  if (injected) return injected;
  remote ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), { cooldownDuration: 30_000, cacheMaxAge: 6 * 3600_000 });
  return remote;
}

export interface GoogleClaims {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export async function verifyGoogleIdToken(token: string, clientId: string, keys: JWTVerifyGetKey): Promise<GoogleClaims> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw new HttpError(401, MESSAGES.googleInvalidToken);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    // Google's key endpoint down: say so rather than blaming the token.
    if (err instanceof joseErrors.JWKSTimeout || (err instanceof Error && /fetch failed|ENOTFOUND|ECONN/i.test(err.message))) {
      throw new HttpError(503, MESSAGES.googleUnavailable);
    }
    throw new HttpError(401, MESSAGES.googleInvalidToken);
  }
  const email = str(payload.email);
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (!email || !verified) throw new HttpError(401, MESSAGES.googleNoEmail);
  return {
    sub: String(payload.sub),
    email,
    given_name: str(payload.given_name),
    family_name: str(payload.family_name),
    name: str(payload.name),
    picture: str(payload.picture)?.startsWith('https://') ? str(payload.picture) : undefined,
  };
}
